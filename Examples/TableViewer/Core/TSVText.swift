/// How `tv --print` writes a field of untrusted text as one TSV cell: nothing in it can drive a terminal or break
/// the row apart.
///
/// Escapes, all visible: a backslash `\\`, a tab `\t`, a line feed `\n`, a carriage return `\r`; any other C0
/// control or DEL `\xHH`; a C1 control or a bidi control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069)
/// `\u{HHHH}`. Invalid UTF-8 arrives here as U+FFFD (the kit decodes it so), which is printed as it is.
public enum TSVText {
    /// `field` escaped as a TSV cell (see ``TSVText``).
    public static func escaped(_ field: String) -> String {
        var output: [UInt8] = []
        append(field, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// True for a scalar that reorders text around it (a bidi control).
    public static func isBidiControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static let hex = Array("0123456789abcdef".utf8)

    /// Appends `field` escaped (see ``TSVText``) to `output`.
    public static func append(_ field: String, to output: inout [UInt8]) {
        var field = field
        let plain = field.withUTF8 { utf8 in
            // The common case: printable ASCII and no backslash, copied as it is.
            if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C }) {
                output.append(contentsOf: utf8)
                return true
            }
            return false
        }
        if plain { return }
        for scalar in field.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0..<0x20, 0x7F:
                output.append(contentsOf: [0x5C, UInt8(ascii: "x"), hex[Int(value >> 4)], hex[Int(value & 15)]])
            case 0x80...0x9F: appendUnicodeEscape(value, to: &output)
            default:
                if isBidiControl(value) {
                    appendUnicodeEscape(value, to: &output)
                } else {
                    UTF8.encode(scalar) { output.append($0) }
                }
            }
        }
    }

    /// `\u{HHHH}` (at least four digits).
    static func appendUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
        output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x7B])
        let digits = Array(String(value, radix: 16).utf8)
        for _ in digits.count..<max(4, digits.count) { output.append(UInt8(ascii: "0")) }
        output.append(contentsOf: digits)
        output.append(0x7D)
    }
}
