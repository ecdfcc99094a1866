import ExampleSupport

/// The entry point of `tv`: the command parsed and run on the main actor (as `logs` and `procs` do: nothing
/// starts on libdispatch's global pool).
@main
enum TVEntry {
    @MainActor
    static func main() async {
        // `tv FILE` goes straight to the file (the argument parser's reflection costs the first screen time).
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") {
            do {
                try await TVCommand.view(path, keyMap: TVCommand.loadKeyMap())
            } catch {
                TVCommand.exit(withError: error)
            }
            return
        }
        await TVCommand.mainOnMainActor { try await $0.run() }
    }
}
