import TermTableCore

/// The compiler-style text of a layout diagnostic, of a ``LayoutDiagnostic``, error or warning.
///
/// `file:line:column: severity: message`, the source line, a caret under the column, and the hint. Every
/// part that can quote the file (its path, the message, the line, the hint) goes through
/// ``/TermTableCore/TerminalText/sanitize(_:)``, as text on the screens does: a layout holding escape
/// sequences cannot retitle, clear or recolour the terminal that prints its diagnostics. A source line longer
/// than ``excerptLength`` characters is quoted as that many around the column, with `…` where it was cut, so a
/// diagnostic's size does not grow with the line (a 2 MB line was printed whole).
enum LayoutDiagnosticText {
    /// The most characters of a source line a diagnostic quotes.
    static let excerptLength = 160

    /// The diagnostic's text, `severity` being `error` or `warning`.
    static func format(
        severity: String, location: LayoutLocation, message: String, sourceLine: String, column: Int, hint: String?
    ) -> String {
        var text =
            TerminalText.sanitize(location.description) + ": \(severity): " + TerminalText.sanitize(message) + "\n"
        let (shown, shownColumn) = excerpt(sourceLine, column: column)
        text += "  " + printable(shown) + "\n"
        text += "  " + caretPadding(shown, column: shownColumn) + "^"
        if let hint { text += "\nhint: " + TerminalText.sanitize(hint) }
        return text
    }

    /// At most ``excerptLength`` characters of `line` around character `column` (1-based), `…` marking a cut,
    /// and the column of the same character in them. Reads `line` only up to the excerpt's end.
    static func excerpt(_ line: String, column: Int) -> (line: String, column: Int) {
        guard line.utf8.count > excerptLength else { return (line, column) }
        let skipped = max(0, column - 1 - excerptLength / 2)
        let start = line.index(line.startIndex, offsetBy: skipped, limitedBy: line.endIndex) ?? line.endIndex
        let end = line.index(start, offsetBy: excerptLength, limitedBy: line.endIndex) ?? line.endIndex
        var shown = String(line[start..<end])
        var shownColumn = column - skipped
        if skipped > 0 {
            shown = "…" + shown
            shownColumn += 1
        }
        if end < line.endIndex { shown += "…" }
        return (shown, shownColumn)
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
