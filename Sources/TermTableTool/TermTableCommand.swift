import ArgumentParser
import TermTable

/// `termtable`: tools for TermTable apps and their layout files.
@main
struct TermTableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "termtable",
        abstract: "Tools for TermTable layouts and terminals.",
        subcommands: [DiagnoseCommand.self, LintCommand.self, PreviewCommand.self, KeysCommand.self]
    )
}
