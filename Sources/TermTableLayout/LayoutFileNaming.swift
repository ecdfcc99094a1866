import TermTableCore

/// The opt-in naming convention: a file holding exactly one cell names the cell after the file.
///
/// `Row.layout` must then hold `cell Row`: the identifier equals the file's
/// name without `.layout`, compared exactly (case included). It is the rule
/// "the identifier equals the nib's name" of UIKit apps, and it catches an
/// identifier mistyped in the file. Files with several cells are not concerned.
public enum LayoutFileNaming {
    /// The identifier the convention expects for `file`: its last path component without `.layout`.
    public static func expectedIdentifier(forFile file: String) -> String {
        var name = Substring(file.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(file))
        if name.lowercased().hasSuffix(".layout") { name = name.dropLast(7) }
        return String(name)
    }

    /// The violations of the convention in `document`; `text` is the file's text (for the source line).
    public static func errors(in document: LayoutDocument, text: String?) -> [LayoutError] {
        guard document.cells.count == 1, let cell = document.cells.first else { return [] }
        let expected = expectedIdentifier(forFile: document.file)
        guard cell.identifier != expected else { return [] }
        let lines = text.map(LayoutParser.lines(of:)) ?? []
        let sourceLine =
            cell.location.line - 1 < lines.count ? lines[cell.location.line - 1] : "cell \(cell.identifier)"
        let fileName = expected + ".layout"
        var hint = "name the cell after the file, `cell \(expected)`, or rename the file to `\(cell.identifier).layout`"
        if expected.lowercased() == cell.identifier.lowercased() {
            hint = "the names differ only in case, and the check is case-sensitive: " + hint
        }
        return [
            LayoutError(
                file: document.file, line: cell.location.line, column: cell.location.column,
                message: "`\(fileName)` holds one cell, `\(cell.identifier)`, not named after the file",
                hint: hint, sourceLine: sourceLine)
        ]
    }
}
