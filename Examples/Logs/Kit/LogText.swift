/// Untrusted text made safe to print to a terminal.
public enum LogText {
    /// `text` with C0 and C1 controls, DEL and bidirectional overrides replaced by visible symbols (`␛` for ESC,
    /// `␀` for NUL, `�` for the rest), so a file name or a line never drives the terminal.
    public static func printable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            case 0x80...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
