import TermTableCore

/// One problem found in a layout file: where it is, what is wrong, and what to do about it.
///
/// Its ``description`` is the form compilers use, so editors and terminals can jump to it:
///
/// ```
/// News.layout:7:5: error: tag 3 is drawn on the canvas but has no property line
///     | [3 summary           ] |
///       ^
/// hint: add a line such as `  3 label stretch` under the canvas
/// ```
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given to the loader (or the name given to a string).
    public var file: String
    /// The line, 1-based.
    public var line: Int
    /// The column, 1-based, counted in characters (grapheme clusters).
    public var column: Int
    /// What is wrong.
    public var message: String
    /// What to do about it, nil when the message says it all.
    public var hint: String?
    /// The text of the offending line (without its line break).
    public var sourceLine: String

    /// Creates an error.
    public init(file: String, line: Int, column: Int, message: String, hint: String? = nil, sourceLine: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
        self.sourceLine = sourceLine
    }

    /// Where the error is.
    public var location: LayoutLocation { LayoutLocation(file: file, line: line, column: column) }

    /// `file:line:column: error: message`, the source line, a caret under the column, and the hint.
    ///
    /// Every part that can quote the file (its path, the message, the line, the hint) goes through
    /// ``/TermTableCore/TerminalText/sanitize(_:)``, as text on the screens does: a layout holding escape sequences
    /// cannot retitle, clear or recolour the terminal that prints its errors.
    public var description: String {
        var text = TerminalText.sanitize(location.description) + ": error: " + TerminalText.sanitize(message) + "\n"
        text += "  " + LayoutError.printable(sourceLine) + "\n"
        text += "  " + LayoutError.caretPadding(sourceLine, column: column) + "^"
        if let hint { text += "\nhint: " + TerminalText.sanitize(hint) }
        return text
    }

    /// The line with control characters made visible, tabs kept so the caret lines up.
    static func printable(_ line: String) -> String {
        var result = ""
        for character in line {
            if character == "\t" {
                result.append(character)
            } else {
                result += TerminalText.sanitize(String(character))
            }
        }
        return result
    }

    /// The blanks that put a caret under character `column` of `line`, measured in display columns.
    static func caretPadding(_ line: String, column: Int) -> String {
        var padding = ""
        var index = 1
        for character in line {
            if index >= column { break }
            if character == "\t" {
                padding.append("\t")
            } else {
                padding += String(repeating: " ", count: TerminalText.width(of: character))
            }
            index += 1
        }
        if index < column { padding += String(repeating: " ", count: column - index) }
        return padding
    }
}

/// Every error found in a layout file (or several), sorted by file, line and column.
///
/// The parser does not stop at the first problem: one run reports them all.
public struct LayoutErrorList: Error, Hashable, Sendable, CustomStringConvertible {
    /// The errors, sorted by location.
    public let errors: [LayoutError]

    /// Creates a list; the errors are sorted by file, line and column (stable for equal locations).
    public init(_ errors: [LayoutError]) {
        self.errors = errors.enumerated().sorted { a, b in
            (a.element.file, a.element.line, a.element.column, a.offset)
                < (b.element.file, b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }

    /// How many errors there are.
    public var count: Int { errors.count }

    /// The first error, nil when there is none.
    public var first: LayoutError? { errors.first }

    /// Every error's description, one after the other.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
