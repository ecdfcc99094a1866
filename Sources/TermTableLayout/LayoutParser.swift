import TermTableCore

/// Reads `.layout` files: cell templates drawn as text.
///
/// ```
/// cell news height=2                      # the reuse identifier, then attributes
/// | [1 title                   ] [2 age ] |
/// |   [3 summary                        ] |
///   1 label style=bold stretch
///   2 label style=dim align=right pin=right
///   3 label style=dim stretch truncate=tail
/// ```
///
/// The parser reports every problem of a file, not just the first, each with
/// its line, column and a hint (``LayoutErrorList``). Any input at all gives a
/// document or errors: it never traps and its work is linear in the input's
/// size (bar the few checks that compare a cell's fields with each other).
/// The format is documented in `Layouts/README.md`.
public enum LayoutParser {
    /// Parses a layout file's text; `file` is the path or name used in errors.
    public static func parse(_ text: String, file: String) throws(LayoutErrorList) -> LayoutDocument {
        let (document, errors) = check(text, file: file)
        if !errors.isEmpty { throw LayoutErrorList(errors) }
        return document
    }

    /// Parses `text` and returns what could be read along with every error found (sorted by location).
    ///
    /// The document is only meaningful when there are no errors.
    public static func check(_ text: String, file: String) -> (document: LayoutDocument, errors: [LayoutError]) {
        var state = LayoutParserState(file: file)
        state.run(text)
        return (LayoutDocument(file: file, cells: state.cells), LayoutErrorList(state.errors).errors)
    }

    /// Splits text into lines the way the parser counts them: at `\n` and `\r\n` only, as editors and
    /// compilers number lines. U+2028, U+2029 and U+0085 (a comment may hold them) do not end a line, so an
    /// error is never reported at a line the editor does not show.
    package static func lines(of text: String) -> [String] {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        return body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingBlanks: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}
