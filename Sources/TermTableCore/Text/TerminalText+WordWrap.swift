extension TerminalText {
    /// The word wrap behind ``wrap(_:width:maxLines:)`` and ``StyledText/wrapped(width:maxLines:)``, over any
    /// clusters, fed one cluster or paragraph end at a time so that it can stop at the lines that show.
    ///
    /// Each paragraph is broken into lines of at most `width` columns (`width` > 0), at spaces where it can:
    /// spaces at a break are dropped, a word longer than the width is broken between clusters. With a
    /// `maxLines`, feeding stops (``isFull``) once more lines than that are made, or once the clusters examined
    /// pass ``budget(width:maxLines:)``; ``lines`` then keeps `maxLines` lines, the last cut to `width - 1`
    /// columns and ended with the ellipsis.
    struct LineBreaker<Element: DisplayCluster> {
        let width: Int
        let maxLines: Int?
        let ellipsis: Element
        /// The clusters examined at most when `maxLines` is given (see ``budget(width:maxLines:)``).
        let budget: Int
        private(set) var lines: [[Element]] = []
        /// The clusters fed so far (spaces dropped at a break included).
        private(set) var examined = 0
        /// True when the budget ran out before the text did: the text counts as going on past the last line.
        private(set) var ranOut = false
        private var line: [Element] = []
        private var lineWidth = 0
        private var lastSpace: Int? = nil  // index in `line` of the last space
        private var broke = false

        init(width: Int, maxLines: Int?, ellipsis: Element) {
            self.width = width
            self.maxLines = maxLines
            self.ellipsis = ellipsis
            budget = maxLines.map { TerminalText.LineBreaker<Element>.budget(width: width, maxLines: $0) } ?? .max
        }

        /// The clusters a wrap to `maxLines` lines of `width` columns examines at most: the lines it makes and
        /// one more, then as many again for spaces dropped at breaks. Text that reaches it counts as longer than
        /// the lines shown (the last ends with the ellipsis): only spaces dropped at breaks, about as many as the
        /// lines shown hold, make a text reach it.
        static func budget(width: Int, maxLines: Int) -> Int {
            let (lines, overflow1) = (max(0, maxLines) + 1).multipliedReportingOverflow(by: width + 1)
            let (doubled, overflow2) = lines.multipliedReportingOverflow(by: 2)
            return overflow1 || overflow2 ? .max : doubled + 1024
        }

        /// True when no more input can change ``lines``.
        var isFull: Bool {
            guard let maxLines else { return false }
            return lines.count > maxLines || ranOut
        }

        /// Adds one cluster of the current paragraph.
        mutating func add(_ glyph: Element) {
            examined += 1
            if examined > budget {
                ranOut = true
                return
            }
            let cluster = glyph.displayCluster
            let isSpace = cluster.character == " "
            if isSpace && line.isEmpty { return }
            if lineWidth + cluster.width > width {
                var rest: [Element] = []
                if !isSpace, let space = lastSpace {
                    rest = Array(line[(space + 1)...])
                    line.removeSubrange(space...)
                }
                lines.append(Self.withoutTrailingSpaces(line))
                broke = true
                line = rest
                lastSpace = nil
                if !isSpace { line.append(glyph) }
                lineWidth = 0
                for kept in line { lineWidth += kept.displayCluster.width }
                return
            }
            if isSpace { lastSpace = line.count }
            line.append(glyph)
            lineWidth += cluster.width
        }

        /// Ends the current paragraph: an empty paragraph is one empty line, and spaces that end a paragraph
        /// past the width start no line of their own.
        mutating func endParagraph() {
            if !line.isEmpty || !broke { lines.append(Self.withoutTrailingSpaces(line)) }
            line = []
            lineWidth = 0
            lastSpace = nil
            broke = false
        }

        /// The lines, once the input ended (or ``isFull``): at most `maxLines`, the last with the ellipsis when
        /// the text went on.
        mutating func finish() -> [[Element]] {
            if ranOut {
                // The line being made is shown as far as it got, and the text counts as going on.
                if !line.isEmpty { lines.append(Self.withoutTrailingSpaces(line)) }
                if lines.isEmpty { lines.append([]) }
            } else if !isFull {
                endParagraph()
            }
            guard let maxLines, lines.count > maxLines || ranOut else { return lines }
            if lines.count > maxLines { lines.removeSubrange(maxLines...) }
            if let last = lines.popLast() {
                var used = 0
                var end = 0
                while end < last.count, used + last[end].displayCluster.width <= width - 1 {
                    used += last[end].displayCluster.width
                    end += 1
                }
                lines.append(Array(last[0..<end]) + [ellipsis])
            }
            return lines
        }

        /// `line` without the spaces at its end.
        private static func withoutTrailingSpaces(_ line: [Element]) -> [Element] {
            var line = line
            while line.last?.displayCluster.character == " " { line.removeLast() }
            return line
        }
    }
}
