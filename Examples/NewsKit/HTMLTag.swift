/// One piece of markup found by `HTMLText`'s scanner.
struct Tag {
    enum Kind {
        /// A comment, doctype or processing instruction.
        case ignored
        /// A CDATA section inside HTML; its text is shown as is.
        case cdata([Unicode.Scalar])
        /// An opening tag, with its lower-cased name.
        case open(String, selfClosing: Bool)
        /// A closing tag, with its lower-cased name.
        case close(String)
    }

    var kind: Kind
    /// The index just after the markup.
    var end: Int

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }

    /// Scans the markup starting with the `<` at `start`, or returns `nil` when the text
    /// there is not markup and the `<` is an ordinary character.
    static func scan(_ s: [Unicode.Scalar], at start: Int) -> Tag? {
        let next = start + 1
        guard next < s.count else { return nil }
        switch s[next] {
        case "!":
            if matches(s, at: next + 1, "--") {
                let close = find(s, "-->", from: next + 3)
                return Tag(kind: .ignored, end: close.map { $0 + 3 } ?? s.count)
            }
            if matches(s, at: next + 1, "[CDATA[") {
                let bodyStart = next + 8
                let close = find(s, "]]>", from: bodyStart) ?? s.count
                return Tag(kind: .cdata(Array(s[bodyStart..<close])), end: min(s.count, close + 3))
            }
            return find(s, ">", from: next).map { Tag(kind: .ignored, end: $0 + 1) }
        case "?":
            return find(s, ">", from: next).map { Tag(kind: .ignored, end: $0 + 1) }
        case "/":
            guard next + 1 < s.count, isLetter(s[next + 1]) else { return nil }
            let (name, afterName) = readName(s, from: next + 1)
            guard let close = find(s, ">", from: afterName) else { return nil }
            return Tag(kind: .close(name), end: close + 1)
        default:
            guard isLetter(s[next]) else { return nil }
            let (name, afterName) = readName(s, from: next)
            guard let close = endOfTag(s, from: afterName) else { return nil }
            let selfClosing = close > start && s[close - 1] == "/"
            return Tag(kind: .open(name, selfClosing: selfClosing), end: close + 1)
        }
    }

    /// The index after the closing tag of a raw-text element such as `<script>`,
    /// or the end of the text when it is never closed.
    static func endOfRawText(named name: String, in s: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        let closing = Array("</\(name)".unicodeScalars)
        while let found = find(s, "<", from: index) {
            if found + closing.count <= s.count,
                zip(s[found..<found + closing.count], closing).allSatisfy({ lower($0) == $1 })
            {
                let after = found + closing.count
                if after >= s.count || !isNameCharacter(s[after]) {
                    return find(s, ">", from: after).map { $0 + 1 } ?? s.count
                }
            }
            index = found + 1
        }
        return s.count
    }

    private static func readName(_ s: [Unicode.Scalar], from start: Int) -> (String, Int) {
        var name = String.UnicodeScalarView()
        var index = start
        while index < s.count, isNameCharacter(s[index]) || s[index] == "-" || s[index] == ":" {
            name.append(lower(s[index]))
            index += 1
        }
        return (String(name), index)
    }

    /// The index of the `>` ending a tag, skipping `>` inside quoted attribute values;
    /// if a quote is never closed, the first `>` after the name.
    private static func endOfTag(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var quote: Unicode.Scalar?
        var index = start
        while index < s.count {
            let scalar = s[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return index
            } else if scalar == "<" {
                // `<a <b>`: the first `<` was not a tag after all.
                return nil
            }
            index += 1
        }
        return quote == nil ? nil : find(s, ">", from: start)
    }

    private static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    private static func matches(_ s: [Unicode.Scalar], at start: Int, _ literal: String) -> Bool {
        var index = start
        for scalar in literal.unicodeScalars {
            guard index < s.count, s[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private static func find(_ s: [Unicode.Scalar], _ literal: String, from start: Int) -> Int? {
        guard let first = literal.unicodeScalars.first, start < s.count else { return nil }
        var index = start
        while index < s.count {
            if s[index] == first, matches(s, at: index, literal) { return index }
            index += 1
        }
        return nil
    }
}
