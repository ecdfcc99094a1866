import TermTableCore

/// One word of a `cell` line or a property line: `flag`, `key=value` or `key="quoted value"`.
struct LayoutToken {
    /// The word as written, quotes and escapes included.
    var raw: String
    /// The part before the first `=` (the whole word for a flag).
    var key: String
    /// The part after the first `=`, quotes removed and escapes resolved; nil for a flag.
    var value: String?
    /// The 1-based column of the word's first character.
    var column: Int
    /// The 1-based column of the value's first character (the word's column for a flag).
    var valueColumn: Int
    /// True when the value was written in quotes.
    var quoted: Bool

    /// The column of the `offset`-th character of the value (exact for unquoted values).
    func column(ofValueOffset offset: Int) -> Int {
        quoted ? valueColumn : valueColumn + offset
    }
}

extension LayoutParserState {
    /// Splits `line` from character `start` into words; a `#` at the start of a word begins a comment.
    ///
    /// Values may be quoted: `text="two words"`, with `\"` for a quote and `\\` for a backslash.
    /// An unterminated quote is reported and the value runs to the end of the line.
    mutating func tokenize(_ line: LayoutSourceLine, from start: Int) -> [LayoutToken] {
        let chars = line.chars
        var tokens: [LayoutToken] = []
        var i = start
        while i < chars.count {
            while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
            guard i < chars.count, chars[i] != "#" else { break }
            let tokenStart = i
            var raw = ""
            var key = ""
            var value: String? = nil
            var valueColumn = tokenStart + 1
            var quoted = false
            var quoteStart: Int? = nil
            while i < chars.count {
                let c = chars[i]
                if quoteStart == nil && (c == " " || c == "\t") { break }
                raw.append(c)
                if quoteStart != nil {
                    if c == "\\", i + 1 < chars.count, chars[i + 1] == "\"" || chars[i + 1] == "\\" {
                        raw.append(chars[i + 1])
                        if value != nil { value!.append(chars[i + 1]) } else { key.append(chars[i + 1]) }
                        i += 2
                        continue
                    }
                    if c == "\"" {
                        quoteStart = nil
                    } else if value != nil {
                        value!.append(c)
                    } else {
                        key.append(c)
                    }
                } else if c == "\"" {
                    quoteStart = i
                    if value != nil { quoted = true }
                } else if c == "=" && value == nil {
                    value = ""
                    valueColumn = i + 2
                } else if value != nil {
                    value!.append(c)
                } else {
                    key.append(c)
                }
                i += 1
            }
            if let open = quoteStart {
                error(
                    line, column: open + 1, "unterminated quote",
                    hint: "close the value with `\"`; write `\\\"` for a quote inside it")
            }
            tokens.append(
                LayoutToken(
                    raw: raw, key: key, value: value, column: tokenStart + 1,
                    valueColumn: valueColumn, quoted: quoted))
        }
        return tokens
    }
}
