import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableCore

/// `Locked`, the package's lock, and the rule that keeps `Synchronization.Mutex` out of the package.
@Suite("Locked")
struct LockedTests {
    /// Threads that add under the lock lose no update, and a throwing body leaves the lock free.
    @Test func threadsLoseNoUpdateUnderTheLock() async throws {
        let total = Locked(0)
        let threads = 4
        let additions = 10_000
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        Thread.detachNewThread {
                            for _ in 0..<additions { total.withLock { $0 += 1 } }
                            done.resume()
                        }
                    }
                }
            }
        }
        #expect(total.withLock { $0 } == threads * additions)
        struct Refused: Error {}
        #expect(throws: Refused.self) { try total.withLock { (_: inout Int) throws(Refused) in throw Refused() } }
        #expect(total.withLock { $0 } == threads * additions, "the lock is free again after a throw")
    }

    /// A thread sleeping in `withLock(sleepingWhile:_:)` sleeps until a change and a wake-up make its
    /// condition false, then runs its body under the lock; the condition is asked again after each wake.
    @Test func aSleeperRunsItsBodyOnlyOnceWokenWithItsConditionFalse() async {
        let box = Locked((ready: false, asked: 0))
        let seen: Int = await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
            Thread.detachNewThread {
                let seen = box.withLock(sleepingWhile: { state in
                    state.asked += 1
                    return !state.ready
                }) { state in state.asked }
                done.resume(returning: seen)
            }
            while box.withLock({ $0.asked }) == 0 { usleep(1_000) }
            box.wakeOne()  // a wake-up with the condition still true: it sleeps again
            while box.withLock({ $0.asked }) < 2 { usleep(1_000) }
            box.withLock { $0.ready = true }
            box.wakeAll()
        }
        #expect(seen >= 3, "asked before sleeping, after the empty wake-up and after the real one")
    }

    /// No Swift file of the package uses `Synchronization.Mutex`: ThreadSanitizer on Linux cannot see its
    /// lock (a futex in an uninstrumented library) and reports every contended access as a race, which
    /// made `.ci/run`'s sanitizer step fail at random. Use `Locked` (or `NSLock` where the package's
    /// modules are out of reach) for state, `Atomic` for a flag or a counter.
    @Test func noFileUsesSynchronizationMutex() throws {
        let root = URL(fileURLWithPath: repositoryRoot)
        var offenders: [String] = []
        for folder in ["Sources", "Examples", "Tests", "Plugins"] {
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    if code.contains(/(^|[^A-Za-z0-9_])Mutex[(<]/) {
                        offenders.append("\(url.path.dropFirst(root.path.count + 1)):\(number + 1)")
                    }
                }
            }
        }
        #expect(offenders == [], "use Locked, NSLock or Atomic instead of Mutex")
    }
}
