import Foundation

extension ThreadActivity {
    /// The context switches of a process's threads over a while (``switches(of:during:)``).
    package struct Window: CustomStringConvertible {
        /// Each thread's switches before the while.
        package var before: [String: Int]
        /// Each thread's switches after it.
        package var after: [String: Int]

        /// The switches in the while: a thread that ended meanwhile was scheduled once to end; one that started
        /// counts from zero.
        package var count: Int {
            after.reduce(0) { total, thread in total + thread.value - (before[thread.key] ?? 0) }
        }

        /// False when no thread of the process could be read at either end (the pid is wrong, or it ended).
        package var wasRead: Bool { !before.isEmpty && !after.isEmpty }

        /// The count, and each thread's switches before and after.
        package var description: String { "\(count) switches (before: \(before), after: \(after))" }
    }

    /// The context switches of `pid`'s threads while `body` runs (a sleep, or something the process should ignore).
    package static func switches(of pid: Int32, during body: () throws -> Void) rethrows -> Window {
        let before = contextSwitches(pid)
        try body()
        return Window(before: before, after: contextSwitches(pid))
    }
}
