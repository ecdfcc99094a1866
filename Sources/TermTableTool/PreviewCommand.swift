import ArgumentParser
import Foundation
import TermTable

/// `termtable preview [--watch] FILE`: shows the cells of a layout file as they will look, live with `--watch`.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show the cells of a layout file.",
        discussion: """
            In a terminal, shows every cell at the terminal's width, filled with its fields' \
            sample= values, and lays them out again when the window is resized. Keys: up/down or \
            j/k move the cursor (▶) from cell to cell, PgUp/PgDn/Home/End jump, s or space shows \
            the cell selected, h shows it highlighted, r reads the file again, q or Esc quits; a \
            click puts the cursor on a cell.

            With --watch, the preview follows the file: every save redraws it at once, whether the \
            editor writes the file in place or writes a new file and renames it over the old one \
            (vim, many IDEs). A save that does not load shows its errors in place (file:line:col, \
            the line, a caret, a hint) above the last version that loaded, until the next save \
            fixes it. Changes are noticed with inotify; where it is not available, the file is \
            checked every 500 ms.

            With --width, or when the output is not a terminal, prints each cell framed with its \
            identifier and height, once.
            """
    )

    @Argument(help: "The .layout file.")
    var file: String

    @Option(help: "Print the cells at this width, 1 to 4096 (default 80 when the output is not a terminal).")
    var width: Int?

    @Option(help: "Show only the cell with this identifier.")
    var identifier: String?

    @Flag(help: "Redraw whenever the file is saved, showing its errors until it loads again (needs a terminal).")
    var watch = false

    func validate() throws {
        if let width, !LayoutPreview.widths.contains(width) {
            throw ValidationError(
                "--width must be between \(LayoutPreview.widths.lowerBound) and "
                    + "\(LayoutPreview.widths.upperBound) columns (got \(width))")
        }
        if watch && width != nil {
            throw ValidationError("--watch shows the file live at the terminal's width; leave out --width")
        }
    }

    func run() async throws {
        let status = await PreviewCommand.preview(file: file, width: width, identifier: identifier, watch: watch)
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    static func preview(file: String, width: Int?, identifier: String?, watch: Bool) async -> Int32 {
        do {
            if width == nil && isatty(STDOUT_FILENO) != 0 {
                // The live preview shows a file that does not load (yet) with its errors, and waits for a save.
                if !watch {
                    let library = try LayoutLibrary(contentsOf: file)
                    if let identifier { _ = try library.spec(identifier) }
                }
                let screen = try CursesScreen()
                defer { screen.close() }
                await LivePreview(path: file, only: identifier, screen: screen, watch: watch).run()
                return 0
            }
            if watch { throw ValidationError("--watch needs a terminal (without --width)") }
            let library = try LayoutLibrary(contentsOf: file)
            let identifiers = try identifier.map { [try library.spec($0).identifier] } ?? library.identifiers
            let text = try LayoutPreview.render(library, identifiers: identifiers, width: width ?? 80) + "\n"
            // A full disk or a closed descriptor is an error, not an exit 0 with the output lost.
            if let failure = DescriptorOutput.writeAll(text, to: STDOUT_FILENO) {
                _ = DescriptorOutput.writeAll("termtable: cannot write output: \(failure)\n", to: STDERR_FILENO)
                return 1
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data((String(describing: error) + "\n").utf8))
            return 1
        }
    }
}
