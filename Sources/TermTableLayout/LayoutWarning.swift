import TermTableCore

/// Something in a layout file that works but is likely not what was meant: printed by `termtable lint` as
/// compilers print warnings, without failing it (unless `--strict`).
///
/// ```
/// Message.layout:1:14: warning: `height=auto` on cell `message`, but no field stretches in height: ...
///   cell message height=auto
///                ^
/// hint: add `stretch=both` (or `stretch=height`) and `wrap` to the field that should grow
/// ```
public struct LayoutWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given to the linter.
    public var file: String
    /// The line, 1-based.
    public var line: Int
    /// The column, 1-based, counted in characters (grapheme clusters).
    public var column: Int
    /// What is likely wrong.
    public var message: String
    /// What to do about it, nil when the message says it all.
    public var hint: String?
    /// The text of the line (without its line break).
    public var sourceLine: String

    /// Creates a warning.
    public init(file: String, line: Int, column: Int, message: String, hint: String? = nil, sourceLine: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
        self.sourceLine = sourceLine
    }

    /// Where the warning is.
    public var location: LayoutLocation { LayoutLocation(file: file, line: line, column: column) }

    /// `file:line:column: warning: message`, the source line, a caret under the column, and the hint; every
    /// part that can quote the file sanitised, as ``LayoutError/description`` does.
    public var description: String {
        LayoutDiagnosticText.format(
            severity: "warning", location: location, message: message, sourceLine: sourceLine, column: column,
            hint: hint)
    }
}
