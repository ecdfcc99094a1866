/// The entities a document declares in its DOCTYPE's internal subset.
///
/// FoundationXML on Linux does not hand an entity's text to its delegate: `<!ENTITY y "why">` then
/// `ent [&y;]` reads `ent []`, and the text after an external entity is lost too (`A [&x;] after` reads
/// `A [`). So the references are resolved before the parser sees them: an entity whose value is plain
/// text is replaced by that text; an external one, or one whose value holds markup, stays as written
/// (`&x;`), so nothing of the article is lost. A value that refers to other entities is left to
/// libxml2, whose expansion limit refuses a "billion laughs" document.
extension XMLInput {
    /// What a declared entity becomes in the document: its text, or nil to keep the reference as written.
    typealias DeclaredEntities = [String: [UInt8]?]

    /// The general entities declared in the internal subset (`<!DOCTYPE x [ ... ]>`), and where the subset
    /// ends; references before that index (inside the declarations) are left alone.
    static func declaredEntities(_ bytes: [UInt8]) -> (entities: DeclaredEntities, bodyStart: Int) {
        guard let doctype = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0, limit: 65_536),
            let open = bytes[doctype...].prefix(1024).firstIndex(where: {
                $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ">")
            }),
            bytes[open] == UInt8(ascii: "[")
        else { return ([:], 0) }
        var entities: DeclaredEntities = [:]
        var index = open + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") { return (entities, index + 1) }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = (bytes[(index + 1)...].firstIndex(of: byte) ?? bytes.count - 1) + 1
                continue
            }
            if bytes[index...].starts(with: Array("<!ENTITY".utf8)) {
                let (name, value, next) = entityDeclaration(bytes, at: index + 8)
                if let name { entities[name] = value }
                index = next
                continue
            }
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                index = (find(Array("-->".utf8), in: bytes, from: index + 4, limit: bytes.count) ?? bytes.count - 3) + 3
                continue
            }
            index += 1
        }
        return (entities, bytes.count)
    }

    /// One `<!ENTITY name "value">` (the index is after `<!ENTITY`): its name (nil for a parameter entity or
    /// one whose value refers to other entities), what it becomes, and the index after the declaration.
    private static func entityDeclaration(_ bytes: [UInt8], at start: Int) -> (String?, [UInt8]?, Int) {
        var index = start
        func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpace()
        let isParameter = index < bytes.count && bytes[index] == UInt8(ascii: "%")
        let nameStart = index
        while index < bytes.count, isASCIIAlphanumeric(bytes[index]) || [0x2D, 0x2E, 0x5F, 0x3A].contains(bytes[index])
        {
            index += 1
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        skipSpace()
        var value: [UInt8]?
        var refersToEntities = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            let quote = bytes[index]
            let end = bytes[(index + 1)...].firstIndex(of: quote) ?? bytes.count
            let text = Array(bytes[(index + 1)..<end])
            refersToEntities = text.contains(UInt8(ascii: "&")) || text.contains(UInt8(ascii: "%"))
            if !text.contains(UInt8(ascii: "<")) && !refersToEntities { value = escapedForAttributes(text) }
            index = end + 1
        }
        // SYSTEM or PUBLIC (external) entities keep value nil: the reference stays as written.
        let next = bytes[min(index, bytes.count)...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
        guard !isParameter, !name.isEmpty, !refersToEntities else { return (nil, nil, next) }
        return (name, value, next)
    }

    /// Text that may stand inside an attribute value too: quotes as references.
    private static func escapedForAttributes(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): result += Array("&quot;".utf8)
            case UInt8(ascii: "'"): result += Array("&apos;".utf8)
            default: result.append(byte)
            }
        }
        return result
    }

    /// The first index of `needle` in `bytes` at or after `from` and before `limit`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, limit: Int) -> Int? {
        let end = min(limit, bytes.count) - needle.count
        guard from <= end else { return nil }
        for index in from...end where bytes[index] == needle[0] && bytes[index...].starts(with: needle) {
            return index
        }
        return nil
    }
}
