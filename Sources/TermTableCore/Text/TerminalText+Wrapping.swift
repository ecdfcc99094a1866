extension TerminalText {
    /// Splits `text` into lines of at most `width` columns, breaking at spaces where it can.
    ///
    /// Newlines in `text` start a new line; spaces at a break are dropped; a word
    /// longer than the width is broken between clusters. When `maxLines` is given
    /// and the text needs more, the last line kept ends with an ellipsis.
    public static func wrap(_ text: String, width: Int, maxLines: Int? = nil) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            wrapParagraph(String(paragraph), width: width, into: &lines)
            if let maxLines, lines.count > maxLines { break }
        }
        if let maxLines, lines.count > maxLines {
            lines.removeSubrange(maxLines...)
            if let last = lines.popLast() {
                lines.append(truncate(last, toWidth: width - 1, mode: .clip) + "…")
            }
        }
        return lines
    }

    private static func wrapParagraph(_ paragraph: String, width: Int, into lines: inout [String]) {
        var line: [Cluster] = []
        var lineWidth = 0
        var lastSpace: Int? = nil  // index in `line` of the last space
        func emit() {
            while line.last?.character == " " { line.removeLast() }
            lines.append(String(line.map(\.character)))
        }
        for glyph in glyphs(paragraph) {
            let isSpace = glyph.character == " "
            if isSpace && line.isEmpty { continue }
            if lineWidth + glyph.width > width {
                var rest: [Cluster] = []
                if !isSpace, let space = lastSpace {
                    rest = Array(line[(space + 1)...])
                    line.removeSubrange(space...)
                }
                emit()
                line = rest
                lastSpace = nil
                if !isSpace { line.append(glyph) }
                lineWidth = line.reduce(0) { $0 + $1.width }
                continue
            }
            if isSpace { lastSpace = line.count }
            line.append(glyph)
            lineWidth += glyph.width
        }
        emit()
    }
}
