import ExampleSupport

/// The entry point of `logs`: the command parsed and run on the main actor.
///
/// Why not `@main` on ``LogsCommand``: `AsyncParsableCommand`'s `main()` is not isolated, so it starts on
/// Swift concurrency's global executor, which on Linux is libdispatch's global pool; once that pool has had a
/// thread, its monitor wakes the process every second for as long as it runs (`logs` at rest: 1.0 wake-ups a
/// second). Started on the main actor, as `inbox` does, nothing ever leaves the main queue and the threads `logs`
/// makes itself: at rest it is not scheduled at all (`LogsIdleTests`).
@main
enum LogsEntry {
    @MainActor
    static func main() async {
        // `logs FILE...` goes straight to the files; anything else through the argument parser.
        if let paths = LogsCommand.pathsOnly(Array(CommandLine.arguments.dropFirst())) {
            do {
                try await LogsCommand.view(paths, spoolLimit: LogsCommand.defaultSpoolLimit)
            } catch {
                LogsCommand.exit(withError: error)
            }
            return
        }
        await LogsCommand.mainOnMainActor { try await $0.run() }
    }
}
