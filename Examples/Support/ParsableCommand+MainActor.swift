import ArgumentParser

extension ParsableCommand {
    /// Parses the process's arguments as `Self` and runs `body` with the command, all on the main actor; on an
    /// error (or `--help`) prints it and exits as ArgumentParser's `main()` does.
    ///
    /// The examples' `@main` is a main-actor `enum` that calls this, not the command itself:
    /// `AsyncParsableCommand`'s `main()` is not isolated, so it starts on Swift concurrency's global executor, which
    /// on Linux is libdispatch's global pool; once that pool has had a thread, its monitor wakes the process every
    /// second for as long as it runs. `body` calls the command's own `@MainActor` `run()` on the concrete type, so
    /// no hop to the global executor happens on the way (`ProcsIdleTests`, `LogsIdleTests`).
    @MainActor
    public static func mainOnMainActor(_ body: @MainActor (Self) async throws -> Void) async {
        do {
            let command = try parse()
            try await body(command)
        } catch {
            exit(withError: error)
        }
    }
}
