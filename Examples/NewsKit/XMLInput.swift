import Foundation

/// Prepares raw feed bytes for libxml2-backed `XMLParser`, fixing what it gets wrong.
///
/// What XMLParser (libxml2 + iconv) on Linux does by itself: it decodes UTF-8 (with or
/// without BOM), UTF-16 (with BOM, or declared), ISO-8859-1, windows-1251, windows-1252 and
/// KOI8-R correctly from the `encoding` declaration. What this type fixes before or after a
/// first attempt:
/// - `ISO-8859-1` and `US-ASCII` labels are read as Windows-1252, as browsers do: feeds made
///   on Windows put curly quotes and dashes in 0x80-0x9F, which strict ISO-8859-1 turns into
///   C1 control characters. Such documents are transcoded to UTF-8 with the declaration
///   rewritten; if the bytes are valid UTF-8 the label is taken to be wrong and UTF-8 is used.
/// - HTML named entities (`&nbsp;`, `&eacute;`, `&mdash;`) are undefined in XML: without a
///   DTD libxml2 rejects the document, and with the RSS 0.91 DOCTYPE it drops the characters.
///   They are rewritten as numeric references before parsing.
/// - After a failure caused by bytes that are not valid in the declared (or default UTF-8)
///   encoding, or by an encoding libxml2 does not know, the document is retried once as
///   UTF-8 (if valid) or Windows-1252.
enum XMLInput {
    private static let windows1252Labels: Set<String> = [
        "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii",
        "iso-ir-100", "cp819", "ibm819",
    ]

    /// The bytes to give XMLParser first.
    static func prepare(_ data: Data) -> Data {
        guard !isWideEncoding(data) else { return data }
        var bytes = [UInt8](data)
        if let label = declaredEncoding(bytes), windows1252Labels.contains(label),
           bytes.contains(where: { $0 >= 0x80 }) {
            bytes = isValidUTF8(bytes)
                ? withUTF8Declaration(bytes) : transcodeWindows1252(bytes)
        }
        return Data(replacingHTMLEntities(bytes))
    }

    /// The bytes for a second attempt after XMLParser failed with `code`, or `nil` if
    /// retrying cannot help.
    static func retry(_ data: Data, afterError code: Int) -> Data? {
        // libxml2: XML_ERR_INVALID_CHAR 9, XML_ERR_UNKNOWN_ENCODING 31, XML_ERR_UNSUPPORTED_ENCODING 32.
        let unsupportedEncoding = code == 31 || code == 32
        guard code == 9 || unsupportedEncoding, !isWideEncoding(data) else { return nil }
        let bytes = [UInt8](data)
        if isValidUTF8(bytes) {
            return unsupportedEncoding ? Data(replacingHTMLEntities(withUTF8Declaration(bytes))) : nil
        }
        return Data(replacingHTMLEntities(transcodeWindows1252(bytes)))
    }

    /// Whether the data starts with a UTF-16/32 byte order mark or a UTF-16 `<`.
    static func isWideEncoding(_ data: Data) -> Bool {
        guard data.count >= 2 else { return false }
        let first = data[data.startIndex], second = data[data.startIndex + 1]
        return (first == 0xFF && second == 0xFE) || (first == 0xFE && second == 0xFF)
            || (first == 0x3C && second == 0x00) || (first == 0x00 && second == 0x3C)
            || (first == 0x00 && second == 0x00)
    }

    /// The lower-cased `encoding` label of the XML declaration, if there is one.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard let range = declarationRange(bytes) else { return nil }
        let declaration = String(decoding: bytes[range], as: UTF8.self)
        guard let keyRange = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[keyRange.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote }).lowercased()
    }

    /// The byte range of `<?xml ... ?>` at the start (after an optional UTF-8 BOM).
    private static func declarationRange(_ bytes: [UInt8]) -> Range<Int>? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes.count > start + 5, Array(bytes[start..<start + 5]) == Array("<?xml".utf8) else { return nil }
        var index = start + 5
        while index + 1 < min(bytes.count, start + 300) {
            if bytes[index] == UInt8(ascii: "?") && bytes[index + 1] == UInt8(ascii: ">") {
                return start..<(index + 2)
            }
            index += 1
        }
        return nil
    }

    /// The bytes with the XML declaration replaced by one declaring UTF-8.
    private static func withUTF8Declaration(_ bytes: [UInt8]) -> [UInt8] {
        let declaration = Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
        guard let range = declarationRange(bytes) else { return bytes }
        return declaration + bytes[range.upperBound...]
    }

    /// Decodes the bytes as Windows-1252 and returns UTF-8 with a UTF-8 declaration.
    private static func transcodeWindows1252(_ bytes: [UInt8]) -> [UInt8] {
        withUTF8Declaration(Array(Windows1252.decode(bytes).utf8))
    }

    /// Replaces HTML named entities that XML does not define with numeric references.
    static func replacingHTMLEntities(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, end - index <= 32, isASCIIAlphanumeric(bytes[end]) { end += 1 }
            if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: ";") {
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if !["amp", "lt", "gt", "quot", "apos"].contains(name),
                   let scalar = HTMLEntities.character(named: name) {
                    output.append(contentsOf: "&#\(scalar.value);".utf8)
                    index = end + 1
                    continue
                }
            }
            output.append(byte)
            index += 1
        }
        return output
    }

    /// Whether the bytes are well-formed UTF-8.
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
