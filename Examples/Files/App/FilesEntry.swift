import ExampleSupport

/// The entry point of `files`: the command parsed and run on the main actor (as `tv` does).
@main
enum FilesEntry {
    @MainActor
    static func main() async {
        // `files` and `files DIR` go straight to the tree (the argument parser's reflection costs first-screen time).
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count <= 1, arguments.first?.hasPrefix("-") != true {
            do {
                try await FilesCommand.view(arguments.first ?? ".")
            } catch {
                FilesCommand.exit(withError: error)
            }
            return
        }
        await FilesCommand.mainOnMainActor { try await $0.run() }
    }
}
