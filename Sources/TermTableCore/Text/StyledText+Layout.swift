extension StyledText {
    /// One cluster as it will appear, with the style of the run it came from.
    public struct StyledCluster: Hashable, Sendable {
        /// The display form and width of the cluster.
        public var cluster: TerminalText.Cluster
        /// The style of the run the cluster's first code point is in.
        public var style: Style

        /// A cluster in `style`.
        public init(cluster: TerminalText.Cluster, style: Style) {
            self.cluster = cluster
            self.style = style
        }
    }

    /// The characters of ``string`` (segmented as the whole string, not run by run), each with its run's style.
    func styledCharacters() -> [(character: Character, style: Style)] {
        var ends: [Int] = []
        ends.reserveCapacity(runs.count)
        var total = 0
        for run in runs {
            total += run.text.utf8.count
            ends.append(total)
        }
        var result: [(character: Character, style: Style)] = []
        var runIndex = 0
        var offset = 0
        for character in string {
            while runIndex < ends.count - 1, offset >= ends[runIndex] { runIndex += 1 }
            result.append((character, runs[runIndex].style))
            offset += character.utf8.count
        }
        return result
    }

    /// The display glyphs of the text with their styles, zero-width clusters left out (as ``TerminalText/glyphs(_:)``).
    public var styledGlyphs: [StyledCluster] {
        var result: [StyledCluster] = []
        for (character, style) in styledCharacters() {
            if let glyph = TerminalText.glyph(for: character) {
                result.append(StyledCluster(cluster: glyph, style: style))
            }
        }
        return result
    }

    /// The number of columns the text takes on the terminal: that of ``string``.
    public var width: Int { TerminalText.width(of: string) }

    /// Text made of display clusters, consecutive ones of one style in one run.
    static func joining(_ clusters: some Sequence<StyledCluster>) -> StyledText {
        var runs: [Run] = []
        for styled in clusters {
            if let last = runs.indices.last, runs[last].style == styled.style {
                runs[last].text.append(styled.cluster.character)
            } else {
                runs.append(Run(String(styled.cluster.character), style: styled.style))
            }
        }
        return StyledText(runs: runs)
    }

    /// The ellipsis put where text was cut, in the base style.
    static var ellipsisCluster: StyledCluster {
        StyledCluster(cluster: TerminalText.Cluster(character: TerminalText.ellipsis, width: 1), style: .plain)
    }

    /// The text cut to at most `width` columns, with an ellipsis (in the base style) where it was cut.
    ///
    /// Cuts where ``TerminalText/truncate(_:toWidth:mode:)`` cuts ``string``: the
    /// result's ``string`` is that function's result; each cluster keeps its run's style.
    public func truncated(toWidth width: Int, mode: TerminalText.TruncationMode = .tail) -> StyledText {
        guard width > 0 else { return StyledText() }
        return StyledText.joining(StyledText.truncate(styledGlyphs, toWidth: width, mode: mode))
    }

    /// `glyphs` cut to `width` columns (`width` > 0) as ``TerminalText/truncate(_:toWidth:mode:)`` cuts.
    static func truncate(_ all: [StyledCluster], toWidth width: Int, mode: TerminalText.TruncationMode)
        -> [StyledCluster]
    {
        var total = 0
        for glyph in all { total += glyph.cluster.width }
        if total <= width { return all }
        switch mode {
        case .clip: return Array(prefix(all, width: width))
        case .tail: return prefix(all, width: width - 1) + [ellipsisCluster]
        case .head: return [ellipsisCluster] + suffix(all, width: width - 1)
        case .middle:
            let keep = width - 1
            let front = prefix(all, width: (keep + 1) / 2)
            var frontWidth = 0
            for glyph in front { frontWidth += glyph.cluster.width }
            return front + [ellipsisCluster] + suffix(all, width: keep - frontWidth)
        }
    }

    /// The longest run of clusters from the start that fits in `width` columns.
    static func prefix(_ glyphs: [StyledCluster], width: Int) -> ArraySlice<StyledCluster> {
        var used = 0
        var end = 0
        while end < glyphs.count, used + glyphs[end].cluster.width <= width {
            used += glyphs[end].cluster.width
            end += 1
        }
        return glyphs[0..<end]
    }

    /// The longest run of clusters from the end that fits in `width` columns.
    static func suffix(_ glyphs: [StyledCluster], width: Int) -> ArraySlice<StyledCluster> {
        var used = 0
        var start = glyphs.count
        while start > 0, used + glyphs[start - 1].cluster.width <= width {
            used += glyphs[start - 1].cluster.width
            start -= 1
        }
        return glyphs[start..<glyphs.count]
    }

    /// The text in lines of at most `width` columns, broken where ``TerminalText/wrap(_:width:maxLines:)`` breaks ``string``.
    ///
    /// Newlines start a new line, spaces at a break are dropped, a word longer
    /// than the width is broken between clusters; with `maxLines`, the last line
    /// kept ends with an ellipsis. Each cluster keeps its run's style.
    public func wrapped(width: Int, maxLines: Int? = nil) -> [StyledText] {
        guard width > 0 else { return [] }
        // With `maxLines`, the wrap stops at the lines kept: the runs are joined only as far as it can read
        // (8 bytes a cluster of its budget), and all of them only when a cluster longer than that was cut.
        if let maxLines {
            let budget = TerminalText.LineBreaker<StyledCluster>.budget(width: width, maxLines: maxLines)
            let (bytes, overflow) = budget.multipliedReportingOverflow(by: 8)
            var head = ""
            var cut = false
            if !overflow {
                for run in runs {
                    let room = bytes - head.utf8.count
                    if run.text.utf8.count > room {
                        head += String(decoding: run.text.utf8.prefix(room), as: UTF8.self)
                        cut = true
                        break
                    }
                    head += run.text
                }
                // The last character may be a cluster (or a code point) cut in two: it is left out.
                if cut, !head.isEmpty { head.removeLast() }
            }
            if !overflow, let lines = wrapped(head, width: width, maxLines: maxLines, givingUpAtEnd: cut) {
                return lines
            }
        }
        return wrapped(string, width: width, maxLines: maxLines, givingUpAtEnd: false)!
    }

    /// `text` (``string`` or its start) wrapped with the runs' styles; nil when `givingUpAtEnd` and the end of
    /// `text` came before the wrap had its lines (the rest of the string is needed).
    private func wrapped(_ text: String, width: Int, maxLines: Int?, givingUpAtEnd: Bool) -> [StyledText]? {
        var breaker = TerminalText.LineBreaker(
            width: width, maxLines: maxLines, ellipsis: StyledText.ellipsisCluster)
        var runIndex = 0
        var runEnd = runs.first?.text.utf8.count ?? 0
        var offset = 0
        for character in text {
            while runIndex < runs.count - 1, offset >= runEnd {
                runIndex += 1
                runEnd += runs[runIndex].text.utf8.count
            }
            offset += character.utf8.count
            if character == "\n" {
                breaker.endParagraph()
            } else if let glyph = TerminalText.glyph(for: character) {
                breaker.add(StyledCluster(cluster: glyph, style: runs[runIndex].style))
            }
            if breaker.isFull { break }
        }
        if givingUpAtEnd && !breaker.isFull { return nil }
        return breaker.finish().map { StyledText.joining($0) }
    }
}

extension StyledText.StyledCluster: DisplayCluster {
    /// The cluster without its style.
    var displayCluster: TerminalText.Cluster { cluster }
}
