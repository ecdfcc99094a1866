import TermTableCore

/// One row of a bracketed field as drawn on one canvas line.
struct CanvasFieldRow {
    var tag: Int
    var name: String?
    /// The display column of `[` on the canvas (0 = the column after the left bar).
    var x: Int
    /// The field's width in display columns, both brackets included.
    var width: Int
    /// The canvas row (0-based).
    var row: Int
    /// The 1-based character column of `[` in the source line.
    var column: Int
    var line: LayoutSourceLine
}

/// One piece of static text on the canvas.
struct CanvasText {
    var text: String
    var x: Int
    var width: Int
    var row: Int
    var column: Int
    var line: LayoutSourceLine
}

/// What one canvas line holds.
struct CanvasRow {
    var line: LayoutSourceLine
    /// The width between the bars in display columns; nil when it cannot be trusted (no closing bar, a tab).
    var width: Int?
    /// The 1-based character column of the closing bar (or of the line's end without one).
    var closingColumn: Int
    var fields: [CanvasFieldRow] = []
    var texts: [CanvasText] = []
}

/// A field after its rows were joined: a rectangle on the canvas.
struct CanvasField {
    var tag: Int
    var name: String?
    var frame: Rect
    var column: Int
    var line: LayoutSourceLine
}

extension LayoutParserState {
    /// Reads one canvas line (its first non-blank character is `|`).
    mutating func scanCanvasLine(_ line: LayoutSourceLine, row: Int) -> CanvasRow {
        let chars = line.chars
        let open = line.firstNonBlank
        // The closing bar is the last `|` followed only by blanks or a `#` comment.
        var close: Int? = nil
        var nextNonBlank: Character? = nil
        var k = chars.count - 1
        while k > open {
            let c = chars[k]
            if c == "|" && (nextNonBlank == nil || nextNonBlank == "#") {
                close = k
                break
            }
            if c != " " && c != "\t" { nextNonBlank = c }
            k -= 1
        }
        var end = close ?? chars.count
        var trusted = close != nil
        if close == nil {
            while end > open + 1, chars[end - 1] == " " || chars[end - 1] == "\t" { end -= 1 }
            error(
                line, column: end + 1, "canvas line has no closing `|`",
                hint: "end every canvas line with `|` in the same column as the other lines; "
                    + "a note after the bar starts with `#`")
        }
        var result = CanvasRow(line: line, width: nil, closingColumn: end + 1)
        var dx = 0
        var i = open + 1
        var textRun: [(character: Character, index: Int, x: Int, width: Int)] = []
        var reportedTab = false

        func width(_ c: Character) -> Int { c == "\t" ? 1 : TerminalText.width(of: c) }

        while i < end {
            let c = chars[i]
            if c == "\t" && !reportedTab {
                reportedTab = true
                trusted = false
                error(
                    line, column: i + 1, "tab in the canvas",
                    hint: "use spaces: a tab has no fixed width, so the columns of the canvas would be guesses")
            }
            if c == "[" {
                result.texts += staticPieces(textRun, row: row, line: line)
                textRun.removeAll()
                var j = i + 1
                var fieldWidth = 1
                while j < end, chars[j] != "]", chars[j] != "[" {
                    if chars[j] == "\t" && !reportedTab {
                        reportedTab = true
                        trusted = false
                        error(
                            line, column: j + 1, "tab in the canvas",
                            hint: "use spaces: a tab has no fixed width, so the columns of the canvas would be guesses")
                    }
                    fieldWidth += width(chars[j])
                    j += 1
                }
                if j < end && chars[j] == "]" {
                    fieldWidth += 1
                    if let field = fieldRow(line, from: i, to: j, x: dx, width: fieldWidth, row: row) {
                        result.fields.append(field)
                    }
                    dx += fieldWidth
                    i = j + 1
                } else {
                    error(
                        line, column: i + 1, "unclosed bracket: this field has no `]`",
                        hint: j < end
                            ? "close the field with `]` before the next `[` starts"
                            : "close the field with `]` before the canvas's right bar")
                    dx += fieldWidth
                    i = j
                }
                continue
            }
            if c == "]" {
                result.texts += staticPieces(textRun, row: row, line: line)
                textRun.removeAll()
                error(
                    line, column: i + 1, "`]` without a matching `[`",
                    hint: "brackets mark fields, `[TAG NAME]`; static text cannot hold them")
                dx += 1
                i += 1
                continue
            }
            let w = width(c)
            textRun.append((c == "\t" ? " " : c, i, dx, w))
            dx += w
            i += 1
        }
        result.texts += staticPieces(textRun, row: row, line: line)
        if trusted { result.width = dx }
        return result
    }

    /// Reads the inside of a field `[TAG NAME notes...]` spanning characters `open...close`.
    mutating func fieldRow(
        _ line: LayoutSourceLine, from open: Int, to close: Int, x: Int, width: Int,
        row: Int
    ) -> CanvasFieldRow? {
        var words: [(text: String, index: Int)] = []
        var i = open + 1
        while i < close {
            while i < close, line.chars[i] == " " || line.chars[i] == "\t" { i += 1 }
            guard i < close else { break }
            let start = i
            while i < close, line.chars[i] != " ", line.chars[i] != "\t" { i += 1 }
            words.append((String(line.chars[start..<i]), start))
        }
        guard let tagWord = words.first else {
            error(
                line, column: open + 1, "empty field: a field starts with its tag",
                hint: "write the tag number first, then an optional name: `[1 title]`")
            return nil
        }
        guard let tag = parseTag(tagWord.text, line: line, column: tagWord.index + 1, inField: true) else {
            return nil
        }
        var name: String? = nil
        if words.count > 1 {
            let word = words[1]
            if let bad = LayoutIdentifiers.invalidIdentifierCharacter(in: word.text) {
                error(
                    line, column: word.index + bad + 1, "`\(word.text)` is not a valid field name",
                    hint: "a name starts with a letter or `_` and holds letters, digits, `_`, `-` or `.`; "
                        + "sample text goes in the property line: `\(tag) label sample=\"...\"`")
            } else {
                name = word.text
            }
        }
        return CanvasFieldRow(tag: tag, name: name, x: x, width: width, row: row, column: open + 1, line: line)
    }

    /// Reads a tag number (in a field or at the start of a property line); reports what is wrong with it.
    mutating func parseTag(_ text: String, line: LayoutSourceLine, column: Int, inField: Bool) -> Int? {
        let example = inField ? "`[1 title]`" : "`1 label`"
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            var hint = "a tag is a whole number from 1, as in \(example)"
            if inField, LayoutIdentifiers.isIdentifier(text) {
                hint = "start the field with a tag number: `[1 \(text)]`"
            }
            error(line, column: column, "tag `\(text)` is not a positive integer", hint: hint)
            return nil
        }
        let digits = text.drop { $0 == "0" }
        guard digits.count <= 6, let value = Int(digits.isEmpty ? "0" : String(digits)) else {
            error(line, column: column, "tag \(text) is too large", hint: "tags go from 1 to 999999")
            return nil
        }
        guard value > 0 else {
            error(
                line, column: column, "tag 0 is reserved for static text",
                hint: "number the fields from 1, as in \(example)")
            return nil
        }
        return value
    }

    /// Splits a run of static text at runs of two or more spaces; single spaces stay inside a piece.
    func staticPieces(
        _ run: [(character: Character, index: Int, x: Int, width: Int)], row: Int,
        line: LayoutSourceLine
    ) -> [CanvasText] {
        var pieces: [CanvasText] = []
        var current: [(character: Character, index: Int, x: Int, width: Int)] = []
        var spaces: [(character: Character, index: Int, x: Int, width: Int)] = []
        func emit() {
            guard let first = current.first else { return }
            let width = current.reduce(0) { $0 + $1.width }
            if width > 0 {
                pieces.append(
                    CanvasText(
                        text: String(current.map(\.character)), x: first.x, width: width,
                        row: row, column: first.index + 1, line: line))
            }
            current.removeAll()
        }
        for element in run {
            if element.character == " " {
                spaces.append(element)
                continue
            }
            if !spaces.isEmpty {
                if spaces.count >= 2 { emit() } else if !current.isEmpty { current += spaces }
                spaces.removeAll()
            }
            current.append(element)
        }
        emit()
        return pieces
    }

    /// Joins the rows of each field into rectangles; reports duplicate tags and rows that do not line up.
    mutating func joinFields(_ rows: [CanvasRow], identifier: String) -> [CanvasField] {
        var fields: [CanvasField] = []
        var indexByTag: [Int: Int] = [:]
        for row in rows {
            for part in row.fields {
                guard let index = indexByTag[part.tag] else {
                    indexByTag[part.tag] = fields.count
                    fields.append(
                        CanvasField(
                            tag: part.tag, name: part.name,
                            frame: Rect(x: part.x, y: part.row, width: part.width, height: 1),
                            column: part.column, line: part.line))
                    continue
                }
                let field = fields[index]
                // On the very next line, columns that meet the field's continue it (or overlap it);
                // anywhere else, or in other columns, the tag is simply used twice.
                let meets = part.x < field.frame.maxX && field.frame.x < part.x + part.width
                if field.frame.maxY != part.row || !meets {
                    let named = identifier.isEmpty ? "the cell" : "cell `\(identifier)`"
                    error(
                        part.line, column: part.column,
                        "tag \(part.tag) is used twice in \(named) (first on line \(field.line.number))",
                        hint: "give each field its own tag; to make a field taller, repeat its tag on the very "
                            + "next line in the same columns")
                    continue
                }
                if field.frame.x != part.x || field.frame.width != part.width {
                    let aboveLine = field.line.number + field.frame.height - 1
                    error(
                        part.line, column: part.column,
                        "field \(part.tag) overlaps: here it takes columns \(part.x)..<\(part.x + part.width), "
                            + "on line \(aboveLine) columns \(field.frame.x)..<\(field.frame.maxX)",
                        hint: "a taller field repeats `[\(part.tag)` and `]` in exactly the same columns on each "
                            + "line; a different field needs a tag of its own")
                    continue
                }
                if let name = part.name, let first = field.name, name != first {
                    error(
                        part.line, column: part.column,
                        "field \(part.tag) is named `\(first)` on line \(field.line.number) but `\(name)` here",
                        hint: "name a field once, on its first line, or repeat the same name")
                }
                fields[index].frame.size.height += 1
                if fields[index].name == nil { fields[index].name = part.name }
            }
        }
        return fields
    }
}
