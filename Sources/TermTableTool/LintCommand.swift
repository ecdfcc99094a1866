import ArgumentParser
import Foundation
import TermTable

/// `termtable lint FILE...`: checks layout files and reports every error with its location.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check layout files; report every error as file:line:column with a hint.",
        discussion: """
            Prints each error with its source line, a caret under the column and a hint, then each \
            warning (`height=auto` on a cell where no field stretches in height) the same way, then a \
            summary such as `3 files, 7 cells, 0 errors`. Exits 1 when anything is wrong; warnings \
            only with --strict. A \
            directory stands for the .layout files in it. `--properties` prints every view \
            property and cell attribute the format takes instead.
            """
    )

    @Argument(help: "The .layout files (or directories of them) to check.")
    var files: [String] = []

    @Flag(
        help:
            "Also require a file holding one cell to name the cell after the file (Row.layout: cell Row), and fail on warnings."
    )
    var strict = false

    @Flag(help: "Print the view properties and cell attributes of the layout format, then exit.")
    var properties = false

    func validate() throws {
        if files.isEmpty && !properties { throw ValidationError("give at least one .layout file or directory") }
    }

    func run() throws {
        if properties {
            try LintCommand.write(LayoutLint.reference + "\n")
            return
        }
        let report = LayoutLint.lint(paths: LintCommand.expand(files), strict: strict)
        try LintCommand.write(report.output + "\n")
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }

    /// Writes `text` to standard output; a full disk or a closed descriptor is reported on standard error and
    /// exits 1, not an exit 0 with the report lost.
    static func write(_ text: String) throws {
        guard let failure = DescriptorOutput.writeAll(text, to: STDOUT_FILENO) else { return }
        _ = DescriptorOutput.writeAll("termtable: cannot write output: \(failure)\n", to: STDERR_FILENO)
        throw ExitCode(1)
    }

    /// The paths with each directory replaced by its `.layout` files, in name order.
    static func expand(_ paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                let names = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { return [path] }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            return names.filter { $0.hasSuffix(".layout") }.sorted().map { prefix + $0 }
        }
    }
}
