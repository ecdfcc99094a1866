extension TerminalText {
    /// The word wrap behind ``wrap(_:width:maxLines:)`` and ``StyledText/wrapped(width:maxLines:)``, over any clusters.
    ///
    /// Each paragraph of `paragraphs` (taken only while no more than `maxLines`
    /// lines are made) is broken into lines of at most `width` columns (`width` > 0),
    /// at spaces where it can: spaces at a break are dropped, a word longer than the
    /// width is broken between clusters. When `maxLines` is given and the text needs
    /// more, the last line kept is cut to `width - 1` columns and ends with `ellipsis`.
    static func wrapLines<Element: DisplayCluster>(
        _ paragraphs: some Sequence<[Element]>, width: Int, maxLines: Int?, ellipsis: Element
    ) -> [[Element]] {
        var lines: [[Element]] = []
        for paragraph in paragraphs {
            wrapParagraph(paragraph, width: width, into: &lines)
            if let maxLines, lines.count > maxLines { break }
        }
        if let maxLines, lines.count > maxLines {
            lines.removeSubrange(maxLines...)
            if let last = lines.popLast() {
                var used = 0
                var end = 0
                while end < last.count, used + last[end].displayCluster.width <= width - 1 {
                    used += last[end].displayCluster.width
                    end += 1
                }
                lines.append(Array(last[0..<end]) + [ellipsis])
            }
        }
        return lines
    }

    /// One paragraph's lines, appended to `lines`: an empty paragraph is one empty line, and spaces that end a
    /// paragraph past the width start no line of their own.
    private static func wrapParagraph<Element: DisplayCluster>(
        _ glyphs: [Element], width: Int, into lines: inout [[Element]]
    ) {
        var line: [Element] = []
        var lineWidth = 0
        var lastSpace: Int? = nil  // index in `line` of the last space
        var broke = false
        for glyph in glyphs {
            let cluster = glyph.displayCluster
            let isSpace = cluster.character == " "
            if isSpace && line.isEmpty { continue }
            if lineWidth + cluster.width > width {
                var rest: [Element] = []
                if !isSpace, let space = lastSpace {
                    rest = Array(line[(space + 1)...])
                    line.removeSubrange(space...)
                }
                lines.append(withoutTrailingSpaces(line))
                broke = true
                line = rest
                lastSpace = nil
                if !isSpace { line.append(glyph) }
                lineWidth = 0
                for kept in line { lineWidth += kept.displayCluster.width }
                continue
            }
            if isSpace { lastSpace = line.count }
            line.append(glyph)
            lineWidth += cluster.width
        }
        if !line.isEmpty || !broke { lines.append(withoutTrailingSpaces(line)) }
    }

    /// `line` without the spaces at its end.
    private static func withoutTrailingSpaces<Element: DisplayCluster>(_ line: [Element]) -> [Element] {
        var line = line
        while line.last?.displayCluster.character == " " { line.removeLast() }
        return line
    }
}
