import Dispatch
import ExampleSupport
import Foundation

/// The program's entry: installs the reader's executors, then runs `NewsCommand` on the main actor.
///
/// Why not `@main` on the command: an async `main` starts on Swift concurrency's default executor,
/// and on Linux that is libdispatch's global pool, which, once it has had a thread, wakes the
/// process every second for as long as it runs. With `ReaderExecutors` as the default executor
/// (background work on a `WorkerPool`, the main actor on the main queue) the reader at rest is
/// not scheduled at all (`Scripts/idle-and-latency.py`; the tmux test `atRestTheReaderIsNotScheduled`).
@main
enum NewsEntry {
    static func main() {
        AddressSpaceLimit.check()
        ReaderExecutors.start {
            await NewsCommand.mainOnMainActor { try await $0.run() }
            exit(0)
        }
        dispatchMain()
    }
}
