import TermTableCore

/// One line of a JSON-lines file read as a row: its top-level keys and each value as text.
///
/// Strings are unescaped (`\uXXXX` pairs included; a lone surrogate becomes U+FFFD),
/// numbers, `true` and `false` are kept as written, `null` is an empty cell, and a
/// nested object or array is its compact JSON (whitespace outside strings dropped).
/// Nesting is followed with a depth counter, not recursion, so a deep line cannot
/// exhaust the stack. Anything else (not an object, trailing text, a bad token) is nil.
public enum JSONLine {
    /// The line's keys and values in order, nil when it is not one JSON object.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> [(key: String, value: String)]? {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard reader.take(0x7B) else { return nil }
        var pairs: [(key: String, value: String)] = []
        reader.skipSpace()
        if reader.take(0x7D) {
            reader.skipSpace()
            return reader.atEnd ? pairs : nil
        }
        while true {
            reader.skipSpace()
            guard let key = reader.string() else { return nil }
            reader.skipSpace()
            guard reader.take(0x3A) else { return nil }
            reader.skipSpace()
            guard let value = reader.value() else { return nil }
            pairs.append((key, value))
            reader.skipSpace()
            if reader.take(0x2C) { continue }
            guard reader.take(0x7D) else { return nil }
            reader.skipSpace()
            return reader.atEnd ? pairs : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        mutating func skipSpace() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D
                    || bytes[index] == 0x0A
            {
                index += 1
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = bytes[at + offset]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// A string at `index` (its opening quote), unescaped.
        mutating func string() -> String? {
            guard take(0x22) else { return nil }
            var output: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x22 {
                    index += 1
                    return String(decoding: output, as: UTF8.self)
                }
                if byte != 0x5C {
                    output.append(byte)
                    index += 1
                    continue
                }
                guard index + 1 < bytes.count else { return nil }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case 0x22, 0x5C, 0x2F: output.append(escape)
                case 0x62: output.append(0x08)
                case 0x66: output.append(0x0C)
                case 0x6E: output.append(0x0A)
                case 0x72: output.append(0x0D)
                case 0x74: output.append(0x09)
                case 0x75:
                    guard var scalar = hex(index) else { return nil }
                    index += 4
                    if (0xD800..<0xDC00).contains(scalar), index + 6 <= bytes.count, bytes[index] == 0x5C,
                        bytes[index + 1] == 0x75, let low = hex(index + 2), (0xDC00..<0xE000).contains(low)
                    {
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                        index += 6
                    }
                    output.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default: return nil
                }
            }
            return nil
        }

        /// A value as text: a string unescaped, a scalar as written, `null` empty, a nested value compact.
        mutating func value() -> String? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case 0x22: return string()
            case 0x7B, 0x5B: return nested()
            default:
                let start = index
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == 0x2C || byte == 0x7D || byte == 0x5D || byte == 0x20 || byte == 0x09 || byte == 0x0D
                        || byte == 0x0A
                    {
                        break
                    }
                    index += 1
                }
                let token = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                if token.elementsEqual("null".utf8) { return "" }
                if token.elementsEqual("true".utf8) || token.elementsEqual("false".utf8) {
                    return String(decoding: token, as: UTF8.self)
                }
                switch TableSortKey(parsingUTF8: token, as: .decimal) {
                case .integer?, .decimal?: guard token.first != 0x2B else { return nil }
                default: return nil
                }
                return String(decoding: token, as: UTF8.self)
            }
        }

        /// An object or array at `index`, as compact JSON: its bytes without whitespace outside strings.
        mutating func nested() -> String? {
            var output: [UInt8] = []
            var depth = 0
            var inString = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inString {
                    output.append(byte)
                    if byte == 0x5C, index < bytes.count {
                        output.append(bytes[index])
                        index += 1
                    } else if byte == 0x22 {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0D, 0x0A: continue
                case 0x22: inString = true
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D: depth -= 1
                default: break
                }
                output.append(byte)
                if depth == 0 { return String(decoding: output, as: UTF8.self) }
            }
            return nil
        }
    }
}
