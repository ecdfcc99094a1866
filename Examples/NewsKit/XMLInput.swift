import Foundation

/// Turns raw feed bytes into what NewsKit gives `XMLParser`: valid UTF-8 with a UTF-8
/// declaration, whatever the document's encoding.
///
/// What XMLParser (libxml2 + iconv) on Linux does by itself with a well-formed document:
/// it decodes UTF-8 (with or without BOM), UTF-16 (BOM or declared), ISO-8859-1,
/// windows-1251, windows-1252 and KOI8-R correctly from the BOM or `encoding` declaration.
/// But whenever libxml2 ends up reading bytes as UTF-8 that are not valid UTF-8 (a
/// mislabelled file, a damaged declaration it ignores, an encoding it does not know), its
/// recovery mode hands the malformed bytes to XMLParser, which traps on them: a tag such as
/// `<\u{FB}itle>` crashes the process. So NewsKit transcodes every document itself:
/// - UTF-8 or no label: passed through if valid; else repaired with U+FFFD when it is mostly
///   UTF-8, or read as Windows-1252 (a Latin-1 file without a declaration).
/// - `ISO-8859-1`/`US-ASCII` labels: read as Windows-1252, as browsers do (feeds made on
///   Windows put curly quotes and dashes in 0x80-0x9F, which strict ISO-8859-1 turns into C1
///   control characters), unless the bytes are valid UTF-8, when the label is taken to be wrong.
/// - EBCDIC (a declaration starting `<?xm` in code page 037): the declaration is read in
///   037 and the document converted from the page it names.
/// - UTF-16/UTF-32 (BOM or byte pattern) and every other label (windows-1251, KOI8-R,
///   Shift_JIS, ...): converted with iconv, invalid sequences becoming U+FFFD; an unknown
///   label is treated like no label.
/// - HTML named entities (`&nbsp;`, `&eacute;`, `&mdash;`) are undefined in XML: without a
///   DTD libxml2 rejects the document, and with the RSS 0.91 DOCTYPE it drops the characters.
///   They are rewritten as numeric references.
enum XMLInput {
    private static let windows1252Labels: Set<String> = [
        "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii",
        "iso-ir-100", "cp819", "ibm819", "windows-1252", "cp1252", "x-cp1252",
    ]

    /// The document relabelled with the charset of its HTTP `Content-Type`, which takes
    /// precedence over the XML declaration (RFC 7303): the declaration's `encoding` is replaced
    /// (or a declaration added) so that `prepare` decodes the bytes with it. A byte order mark
    /// still wins, UTF-16/32 labels are left to `prepare`'s byte-pattern detection, and a label
    /// that is not a plain encoding name is ignored.
    static func relabelled(_ data: Data, charset: String) -> Data {
        let label = charset.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")).lowercased()
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.:")
        guard !label.isEmpty, label.count <= 40, label.allSatisfy({ allowed.contains($0) }),
            !label.hasPrefix("utf-16"), !label.hasPrefix("utf-32"), !label.hasPrefix("ucs"),
            !label.hasPrefix("iso-10646")
        else { return data }
        let bytes = [UInt8](data)
        guard wideEncoding(bytes) == nil, !bytes.starts(with: [0xEF, 0xBB, 0xBF]),
            !bytes.starts(with: ebcdicDeclarationStart)
        else { return data }
        let declaration = Array(#"<?xml version="1.0" encoding="\#(label)"?>"#.utf8)
        guard let range = declarationRange(bytes) else { return Data(declaration + bytes) }
        return Data(declaration + bytes[range.upperBound...])
    }

    /// `<?xm` in EBCDIC (IBM mainframe code pages such as 037 and 500).
    private static let ebcdicDeclarationStart: [UInt8] = [0x4C, 0x6F, 0xA7, 0x94]

    /// The document as valid UTF-8 with a UTF-8 declaration, HTML entities made numeric.
    static func prepare(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        if let (encoding, bomLength) = wideEncoding(bytes) {
            let body = Array(bytes.dropFirst(bomLength))
            bytes = Transcoder.toUTF8(body, from: encoding) ?? Array(Windows1252.decode(body).utf8)
        } else if bytes.starts(with: ebcdicDeclarationStart) {
            // EBCDIC: read the declaration in code page 037 to learn which EBCDIC page it is.
            let head = Transcoder.toUTF8(Array(bytes.prefix(300)), from: "CP037") ?? []
            let label = declaredEncoding(head) ?? "cp037"
            bytes = Transcoder.toUTF8(bytes, from: label) ?? Transcoder.toUTF8(bytes, from: "CP037") ?? bytes
        } else {
            let label = declaredEncoding(bytes)
            switch label {
            case nil, "utf-8", "utf8":
                bytes = validUTF8(bytes, latin: false)
            case let label? where windows1252Labels.contains(label):
                bytes = validUTF8(bytes, latin: true)
            case let label?:
                bytes = Transcoder.toUTF8(bytes, from: label) ?? validUTF8(bytes, latin: false)
            }
        }
        // libxml2 guesses UTF-16/32 from leading NUL bytes; text never starts with NUL.
        let start = bytes.firstIndex { $0 != 0 } ?? bytes.endIndex
        return Data(completingFinalEndTag(replacingHTMLEntities(withUTF8Declaration(Array(bytes[start...])))))
    }

    /// The bytes with a `>` added when the document ends with an end tag missing only its
    /// `>` (`...</rss`): such a document lost nothing but one character. A document cut off
    /// anywhere else still leaves open elements, and stays malformed.
    static func completingFinalEndTag(_ bytes: [UInt8]) -> [UInt8] {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let last = bytes.lastIndex(where: { !isSpace($0) }) else { return bytes }
        var index = last
        while index > 0,
            isASCIIAlphanumeric(bytes[index])
                || [
                    UInt8(ascii: ":"), UInt8(ascii: "-"),
                    UInt8(ascii: "_"), UInt8(ascii: "."),
                ].contains(bytes[index])
        {
            index -= 1
        }
        guard index < last, index >= 1, bytes[index] == UInt8(ascii: "/"), bytes[index - 1] == UInt8(ascii: "<") else {
            return bytes
        }
        return Array(bytes[...last]) + [UInt8(ascii: ">")]
    }

    /// A UTF-16 or UTF-32 encoding recognised from a byte order mark or from how `<` is
    /// encoded, with the length of the BOM to drop.
    static func wideEncoding(_ bytes: [UInt8]) -> (String, Int)? {
        let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
        switch (head[0], head[1], head[2], head[3]) {
        case (0xFF, 0xFE, 0x00, 0x00): return ("UTF-32LE", 4)
        case (0x00, 0x00, 0xFE, 0xFF): return ("UTF-32BE", 4)
        case (0xFF, 0xFE, _, _): return ("UTF-16LE", 2)
        case (0xFE, 0xFF, _, _): return ("UTF-16BE", 2)
        case (0x3C, 0x00, 0x00, 0x00): return ("UTF-32LE", 0)
        case (0x00, 0x00, 0x00, 0x3C): return ("UTF-32BE", 0)
        case (0x3C, 0x00, _, _): return ("UTF-16LE", 0)
        case (0x00, 0x3C, _, _): return ("UTF-16BE", 0)
        default: return nil
        }
    }

    /// The lower-cased `encoding` label of the XML declaration, if there is one.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard let range = declarationRange(bytes) else { return nil }
        let declaration = String(decoding: bytes[range], as: UTF8.self)
        guard let keyRange = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[keyRange.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let label = rest.dropFirst().prefix { $0 != quote }
        return label.isEmpty ? nil : String(label).lowercased()
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

    /// The bytes with the XML declaration (if any) replaced by one declaring UTF-8.
    private static func withUTF8Declaration(_ bytes: [UInt8]) -> [UInt8] {
        guard let range = declarationRange(bytes) else { return bytes }
        return Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8) + bytes[range.upperBound...]
    }

    /// The bytes as valid UTF-8: unchanged when they are; repaired with U+FFFD when they are
    /// mostly UTF-8 (or start with a UTF-8 BOM) and `latin` is false; otherwise decoded as
    /// Windows-1252.
    private static func validUTF8(_ bytes: [UInt8], latin: Bool) -> [UInt8] {
        // Fast path (the standard library's validator): most documents are valid UTF-8.
        if String(validating: bytes, as: UTF8.self) != nil { return bytes }
        var valid = 0
        var invalid = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if !scalar.isASCII { valid += 1 }
            case .emptyInput: break decoding
            case .error: invalid += 1
            }
        }
        if invalid == 0 { return bytes }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || (!latin && valid >= invalid) {
            return Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
        return Array(Windows1252.decode(bytes).utf8)
    }

    /// Replaces HTML named entities that XML does not define with numeric references, and
    /// references to C1 controls with their Windows-1252 characters.
    static func replacingHTMLEntities(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
        let (declared, bodyStart) = declaredEntities(bytes)
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
            if let (scalar, next) = windows1252Reference(bytes, at: index) {
                output.append(contentsOf: "&#\(scalar.value);".utf8)
                index = next
                continue
            }
            var end = index + 1
            while end < bytes.count, end - index <= 32, isASCIIAlphanumeric(bytes[end]) { end += 1 }
            if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: ";") {
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if index >= bodyStart, let entity = declared[name] {
                    // Declared in the DOCTYPE: its text, or the reference kept as text (see XMLInput+Entities).
                    output.append(contentsOf: entity ?? Array("&amp;\(name);".utf8))
                    index = end + 1
                    continue
                }
                if !["amp", "lt", "gt", "quot", "apos"].contains(name),
                    let scalar = HTMLEntities.character(named: name)
                {
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

    /// A numeric reference at `index` to a C1 control (`&#146;`, `&#x92;`): feeds mean the
    /// Windows-1252 character (’), as browsers read it. Returns that character and the index
    /// after the reference; `nil` for any other text.
    private static func windows1252Reference(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        guard index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "#") else { return nil }
        var cursor = index + 2
        let hex = bytes[cursor] == UInt8(ascii: "x") || bytes[cursor] == UInt8(ascii: "X")
        if hex { cursor += 1 }
        var value: UInt32 = 0
        let digitsStart = cursor
        while cursor < bytes.count, cursor - digitsStart < 8 {
            let byte = bytes[cursor]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46 where hex: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66 where hex: digit = UInt32(byte - 0x61 + 10)
            default: digit = 99
            }
            guard digit != 99 else { break }
            value = value * (hex ? 16 : 10) + digit
            cursor += 1
        }
        guard cursor > digitsStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"),
            (0x80...0x9F).contains(value), let scalar = Windows1252.scalar(for: UInt8(value))
        else { return nil }
        return (scalar, cursor + 1)
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
