import ExampleSupport

/// The entry point of `procs`: the command parsed and run on the main actor.
///
/// Why not `@main` on ``ProcsCommand``: `AsyncParsableCommand`'s `main()` is not isolated, so it starts on Swift
/// concurrency's global executor, libdispatch's global pool on Linux, whose monitor then wakes the process every
/// second for as long as it runs (`procs` between refreshes: 1 wake-up a second besides its own). Started on the
/// main actor, the refresh timer and the keys come back on the main queue: between refreshes no thread is
/// scheduled, and a refresh wakes only the main thread (`ProcsIdleTests`).
@main
enum ProcsEntry {
    @MainActor
    static func main() async {
        await ProcsCommand.mainOnMainActor { try await $0.run() }
    }
}
