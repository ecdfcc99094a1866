/// Wrapping with the text offset of each line, and scrolling by line.
extension TextView {
    /// The number of lines the text takes at the view's width.
    public var lineCount: Int {
        rewrapIfNeeded()
        return lineStarts.count
    }

    /// The index of the line at the top of the view (0: the beginning), never past ``maximumTopLine``.
    public var topLine: Int {
        rewrapIfNeeded()
        return min(line(containing: anchor), maximumTopLine)
    }

    /// The top line when the text's last line is at the bottom of the view (0 when it all fits).
    public var maximumTopLine: Int {
        rewrapIfNeeded()
        return max(0, lineStarts.count - max(1, frame.height))
    }

    /// The offset in the text, in display clusters (newlines count one), of the top line's first character.
    public var topOffset: Int {
        rewrapIfNeeded()
        return lineStarts.isEmpty ? 0 : lineStarts[topLine]
    }

    /// True when the last line is on screen.
    public var isAtEnd: Bool { topLine >= maximumTopLine }

    /// The text of line `index` as drawn (sanitised, without its line break), for tests and measuring.
    public func lineText(_ index: Int) -> String {
        rewrapIfNeeded()
        guard index >= 0, index < lineStarts.count else { return "" }
        var line = ""
        for position in lineRange(index) where clusters[position].character != "\n" {
            line.append(clusters[position].character)
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Scrolls by `lines` (negative: up), stopping at the beginning and at the end.
    public func scroll(by lines: Int) {
        scroll(toLine: topLine + lines)
    }

    /// Puts line `index` at the top, or as near as the ends allow.
    public func scroll(toLine index: Int) {
        rewrapIfNeeded()
        let target = max(0, min(index, maximumTopLine))
        let newAnchor = lineStarts.isEmpty ? 0 : lineStarts[target]
        guard newAnchor != anchor || target != topLine else { return }
        anchor = newAnchor
        setNeedsDisplay()
    }

    /// Shows the beginning.
    public func scrollToTop() { scroll(toLine: 0) }

    /// Shows the end: the last line at the bottom.
    public func scrollToEnd() { scroll(toLine: Int.max / 2) }

    /// Runs `command`.
    public func perform(_ command: TextViewCommand) {
        let page = max(1, frame.height - 1)
        switch command {
        case .lineUp: scroll(by: -1)
        case .lineDown: scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown: scroll(by: page)
        case .top: scrollToTop()
        case .bottom: scrollToEnd()
        }
    }

    /// The positions in ``clusters`` of line `index`.
    func lineRange(_ index: Int) -> Range<Int> {
        lineStarts[index]..<(index + 1 < lineStarts.count ? lineStarts[index + 1] : clusters.count)
    }

    /// The line holding the cluster at `offset` (the last line that starts at or before it).
    func line(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        guard high > 0 else { return 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Wraps the text again when the width changed (or the text did).
    func rewrapIfNeeded() {
        let width = max(1, frame.width)
        guard width != wrappedWidth else { return }
        lineStarts = TextView.wrap(clusters, width: width)
        lineParagraphs.removeAll(keepingCapacity: true)
        var paragraph = 0
        var position = 0
        for start in lineStarts {
            while position < start {
                if clusters[position].character == "\n" { paragraph += 1 }
                position += 1
            }
            lineParagraphs.append(paragraph)
        }
        wrappedWidth = width
    }

    /// The display clusters of `text`, each newline kept as a `"\n"` cluster of width 0.
    /// The display clusters of `text` (as ``clusters(of:)-(String)``), each with the style of the run its first code
    /// point is in.
    static func clusters(of text: StyledText) -> ([TerminalText.Cluster], [Style]) {
        var clusters: [TerminalText.Cluster] = []
        var styles: [Style] = []
        for (character, style) in text.styledCharacters() {
            if character == "\n" || character == "\r\n" {
                clusters.append(TerminalText.Cluster(character: "\n", width: 0))
            } else if let glyph = TerminalText.glyph(for: character) {
                clusters.append(glyph)
            } else {
                continue
            }
            styles.append(style)
        }
        return (clusters, styles)
    }

    static func clusters(of text: String) -> [TerminalText.Cluster] {
        var result: [TerminalText.Cluster] = []
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "\n" || character == "\r\n" {
                result.append(TerminalText.Cluster(character: "\n", width: 0))
            } else if let glyph = TerminalText.glyph(for: character) {
                result.append(glyph)
            }
        }
        return result
    }

    /// Where each line starts when `clusters` wrap at `width`: at spaces where possible (the spaces at a break stay
    /// at the end of the line before, not drawn past the width), a word wider than `width` broken between clusters,
    /// a new line after each newline. Every cluster belongs to exactly one line; there is always a first line.
    static func wrap(_ clusters: [TerminalText.Cluster], width: Int) -> [Int] {
        var starts = [0]
        var start = 0
        var used = 0
        var breakAfterSpace: Int? = nil  // the index after the last space of the line, where it can break
        var position = 0
        while position < clusters.count {
            let cluster = clusters[position]
            if cluster.character == "\n" {
                position += 1
                start = position
                used = 0
                breakAfterSpace = nil
                if position <= clusters.count { starts.append(position) }
                continue
            }
            if cluster.character == " " {
                // Spaces never start a break of their own: they hang at the end of the line.
                used += 1
                position += 1
                breakAfterSpace = position
                continue
            }
            if used + cluster.width > width, position > start {
                let breakAt = breakAfterSpace.map { $0 > start ? $0 : position } ?? position
                starts.append(breakAt)
                start = breakAt
                breakAfterSpace = nil
                used = 0
                for index in breakAt..<position { used += clusters[index].width }
                continue
            }
            used += cluster.width
            position += 1
        }
        // A text ending with a newline ends with an empty line, as an editor shows it.
        return starts
    }
}
