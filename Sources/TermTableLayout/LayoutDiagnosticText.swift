import TermTableCore

/// The compiler-style text of a layout diagnostic, of a ``LayoutDiagnostic``, error or warning.
///
/// `file:line:column: severity: message`, the source line, a caret under the column, and the hint. Every
/// part that can quote the file (its path, the message, the line, the hint) goes through
/// ``/TermTableCore/TerminalText/sanitize(_:)``, as text on the screens does: a layout holding escape
/// sequences cannot retitle, clear or recolour the terminal that prints its diagnostics.
enum LayoutDiagnosticText {
    /// The diagnostic's text, `severity` being `error` or `warning`.
    static func format(
        severity: String, location: LayoutLocation, message: String, sourceLine: String, column: Int, hint: String?
    ) -> String {
        var text =
            TerminalText.sanitize(location.description) + ": \(severity): " + TerminalText.sanitize(message) + "\n"
        text += "  " + printable(sourceLine) + "\n"
        text += "  " + caretPadding(sourceLine, column: column) + "^"
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
