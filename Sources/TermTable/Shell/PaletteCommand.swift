import TermTableCore

/// A command palette entry that takes an argument, typed after its name (`ns kube-system`), with completions.
///
/// ```swift
/// app.addPaletteCommand(
///     PaletteCommand("ns", help: "show a namespace", completions: { _ in namespaces }) { name in
///         browser.showNamespace(name)
///     })
/// ```
///
/// In the palette (``Application/showCommandPalette()``) the command is listed by its name and help; choosing it
/// puts `ns ` in the field. Once the field starts with the name and a space, the list shows the completions of
/// what follows, ranked by ``/TermTableCore/FuzzyQuery``; Enter runs the command with the chosen completion, or with
/// the typed text when none is shown.
public struct PaletteCommand {
    /// The name typed before the argument (one word: `ns`).
    public let name: String
    /// What it does, as the palette lists it.
    public var help: String
    /// The completions of an argument being typed (given what is typed so far); the palette ranks at most
    /// ``CommandPalette/maximumCompletions`` of them.
    public var completions: @MainActor (String) -> [String]
    /// Runs the command with its argument.
    public var run: @MainActor (String) -> Void

    /// A command named `name` (one word), listed with `help`, whose argument completes from `completions`.
    public init(
        _ name: String, help: String, completions: @escaping @MainActor (String) -> [String] = { _ in [] },
        run: @escaping @MainActor (String) -> Void
    ) {
        self.name = name
        self.help = help
        self.completions = completions
        self.run = run
    }
}
