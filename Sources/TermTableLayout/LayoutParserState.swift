import TermTableCore

/// One line of the source, with its characters for column arithmetic.
struct LayoutSourceLine {
    /// The line number, 1-based.
    let number: Int
    /// The text without the line break.
    let text: String
    /// The characters (grapheme clusters) of the text; columns index these.
    let chars: [Character]

    init(number: Int, text: String) {
        self.number = number
        self.text = text
        self.chars = Array(text)
    }

    /// The index of the first character that is not a space or tab (`chars.count` when none).
    var firstNonBlank: Int {
        chars.firstIndex { $0 != " " && $0 != "\t" } ?? chars.count
    }

    /// The first word (up to a space or tab) from `start`.
    func word(from start: Int) -> String {
        var end = start
        while end < chars.count, chars[end] != " ", chars[end] != "\t" { end += 1 }
        return String(chars[start..<end])
    }
}

/// A cell being read: its header line and the lines that follow it.
struct PendingCell {
    var header: LayoutSourceLine
    var canvas: [LayoutSourceLine] = []
    var properties: [LayoutSourceLine] = []
}

/// The parser's working state: errors found so far, cells read, identifiers seen.
struct LayoutParserState {
    let file: String
    var errors: [LayoutError] = []
    var cells: [CellSpec] = []
    /// Each identifier seen, with the line of its cell.
    var identifierLines: [String: Int] = [:]
    var current: PendingCell?
    var sawCell = false

    init(file: String) {
        self.file = file
    }

    /// Records an error at character `column` (1-based) of `line`.
    mutating func error(_ line: LayoutSourceLine, column: Int, _ message: String, hint: String? = nil) {
        errors.append(
            LayoutError(
                file: file, line: line.number, column: max(1, column), message: message,
                hint: hint, sourceLine: line.text))
    }

    /// Reads the whole text.
    mutating func run(_ text: String) {
        let lines = LayoutParser.lines(of: text)
        for (index, text) in lines.enumerated() {
            read(LayoutSourceLine(number: index + 1, text: text))
        }
        finishCell()
        if !sawCell {
            let first = LayoutSourceLine(number: 1, text: lines.first ?? "")
            error(
                first, column: 1, "no cell in the file",
                hint: "a layout file holds cells: a line `cell IDENTIFIER`, the canvas `| [1 title ] |` under it, "
                    + "then a property line such as `  1 label stretch`")
        }
    }

    /// Sorts one line into the cell being read.
    mutating func read(_ line: LayoutSourceLine) {
        let start = line.firstNonBlank
        guard start < line.chars.count else { return }  // blank
        let first = line.chars[start]
        if first == "#" { return }
        if first == "|" {
            guard current != nil else {
                error(
                    line, column: start + 1, "canvas line outside a cell",
                    hint: "start the cell with a line `cell IDENTIFIER` above its canvas")
                return
            }
            if !(current!.properties.isEmpty) {
                error(
                    line, column: start + 1, "canvas line after the property lines",
                    hint: "draw the whole canvas first, then write the property lines under it")
                return
            }
            current!.canvas.append(line)
            return
        }
        let word = line.word(from: start)
        if word == "cell" {
            finishCell()
            sawCell = true
            current = PendingCell(header: line)
            return
        }
        if first.isASCII && first.isNumber
            || (first == "-" && start + 1 < line.chars.count
                && line.chars[start + 1].isASCII && line.chars[start + 1].isNumber)
        {
            guard current != nil else {
                error(
                    line, column: start + 1, "property line outside a cell",
                    hint: "property lines go under the canvas of a cell that starts with `cell IDENTIFIER`")
                return
            }
            if current!.canvas.isEmpty {
                error(
                    line, column: start + 1, "property line before the canvas",
                    hint: "draw the canvas `| [1 title ] |` right after the `cell` line, then the property lines")
                return
            }
            current!.properties.append(line)
            return
        }
        junk(line, word: word, column: start + 1)
    }

    /// Reports a line that is none of the known kinds.
    mutating func junk(_ line: LayoutSourceLine, word: String, column: Int) {
        var hint =
            "expected `cell IDENTIFIER`, a canvas line between `|` bars, a property line `TAG KIND ...`, "
            + "a `#` comment or a blank line"
        if let kind = ViewKind(rawValue: word.lowercased()) {
            hint = "a property line starts with the field's tag number: `  1 \(kind.rawValue) ...`"
        } else if LayoutIdentifiers.nearest(to: word, in: ["cell"]) != nil {
            hint = "did you mean `cell`? a cell starts with `cell IDENTIFIER`"
        } else if word.hasPrefix("[") {
            hint = "canvas lines start and end with `|`: `| \(line.text.trimmingBlanks) |`"
        }
        error(line, column: column, "unexpected line", hint: hint)
    }

    /// Turns the cell being read into a ``CellSpec`` (or errors).
    mutating func finishCell() {
        guard let pending = current else { return }
        current = nil
        if let cell = buildCell(pending) { cells.append(cell) }
    }
}
