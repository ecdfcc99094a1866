import TermTableCore

/// One thing found in a layout file: where it is, what is wrong, what to do about it, and whether it
/// stops the file from loading (an error) or only looks unintended (a warning, from `termtable lint`).
///
/// Its ``description`` is the form compilers use, so editors and terminals can jump to it:
///
/// ```
/// News.layout:7:5: error: tag 3 is drawn on the canvas but has no property line
///     | [3 summary           ] |
///       ^
/// hint: add a line such as `  3 label stretch` under the canvas
/// ```
public struct LayoutDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether a diagnostic stops the file from loading.
    public enum Severity: String, Hashable, Sendable {
        /// The file cannot be loaded.
        case error
        /// The file loads, but something in it is likely not what was meant; `termtable lint` fails on it
        /// only with `--strict`.
        case warning
    }

    /// Whether this stops the file from loading.
    public var severity: Severity
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

    /// Creates a diagnostic, an error unless `severity` says otherwise.
    public init(
        severity: Severity = .error, file: String, line: Int, column: Int, message: String, hint: String? = nil,
        sourceLine: String
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
        self.sourceLine = sourceLine
    }

    /// Where the diagnostic points.
    public var location: LayoutLocation { LayoutLocation(file: file, line: line, column: column) }

    /// `file:line:column: error: message` (or `warning:`), the source line, a caret under the column, and the hint.
    ///
    /// Every part that can quote the file (its path, the message, the line, the hint) goes through
    /// ``/TermTableCore/TerminalText/sanitize(_:)``, as text on the screens does: a layout holding escape sequences
    /// cannot retitle, clear or recolour the terminal that prints its diagnostics.
    public var description: String {
        LayoutDiagnosticText.format(
            severity: severity.rawValue, location: location, message: message, sourceLine: sourceLine,
            column: column, hint: hint)
    }
}

/// A ``LayoutDiagnostic`` that stops a file from loading (its ``LayoutDiagnostic/severity`` is `.error`).
public typealias LayoutError = LayoutDiagnostic

/// A ``LayoutDiagnostic`` from `termtable lint` that does not stop the file from loading (its
/// ``LayoutDiagnostic/severity`` is `.warning`).
public typealias LayoutWarning = LayoutDiagnostic

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
