extension TerminalText {
    /// `text` cut to at most `width` columns, with an ellipsis where it was cut.
    ///
    /// Clusters are never split; a wide character that does not fit leaves its
    /// column empty rather than crossing the edge. The result is sanitised.
    ///
    /// ```swift
    /// TerminalText.truncate("Hello, world", toWidth: 8, mode: .tail)    // "Hello, …"
    /// TerminalText.truncate("Hello, world", toWidth: 8, mode: .middle)  // "Hell…rld"
    /// TerminalText.truncate("日本語テキスト", toWidth: 6, mode: .head)    // "…スト" (5 columns)
    /// ```
    ///
    /// Only the clusters that can show are read: a text of more than `4 × width + 64` bytes is measured from
    /// its ends, so cutting a 9 MB line costs what the width costs.
    public static func truncate(_ text: String, toWidth width: Int, mode: TruncationMode = .tail) -> String {
        guard width > 0 else { return "" }
        if text.utf8.count > 4 * min(width, Int.max / 8) + 64 { return truncateLong(text, toWidth: width, mode: mode) }
        if isPlainASCII(text) {
            let count = text.utf8.count
            if count <= width { return text }
            let bytes = Array(text.utf8)
            func slice(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            switch mode {
            case .clip: return slice(0..<width)
            case .tail: return slice(0..<(width - 1)) + "…"
            case .head: return "…" + slice((count - width + 1)..<count)
            case .middle:
                let keep = width - 1
                let front = (keep + 1) / 2
                let back = keep - front
                return slice(0..<front) + "…" + slice((count - back)..<count)
            }
        }
        let all = glyphs(text)
        let total = all.reduce(0) { $0 + $1.width }
        if total <= width { return String(all.map(\.character)) }
        switch mode {
        case .clip: return String(prefix(all, width: width).map(\.character))
        case .tail: return String(prefix(all, width: width - 1).map(\.character)) + "…"
        case .head: return "…" + String(suffix(all, width: width - 1).map(\.character))
        case .middle:
            let keep = width - 1
            let front = prefix(all, width: (keep + 1) / 2)
            let frontWidth = front.reduce(0) { $0 + $1.width }
            let back = suffix(all, width: keep - frontWidth)
            return String(front.map(\.character)) + "…" + String(back.map(\.character))
        }
    }

    /// ``truncate(_:toWidth:mode:)`` of a text longer than it can show, reading the clusters from its start (and,
    /// cut at the head or middle, from its end) only as far as `width` columns and one more.
    static func truncateLong(_ text: some BidirectionalCollection<Character>, toWidth width: Int, mode: TruncationMode)
        -> String
    {
        var front: [Cluster] = []
        var frontWidth = 0
        for character in text {
            guard let glyph = glyph(for: character) else { continue }
            front.append(glyph)
            frontWidth += glyph.width
            if frontWidth > width { break }
        }
        if frontWidth <= width { return String(front.map(\.character)) }
        /// The clusters from the end, last first, as far as `columns` columns.
        func back(_ columns: Int) -> String {
            var clusters: [Character] = []
            var used = 0
            for character in text.reversed() {
                guard let glyph = glyph(for: character) else { continue }
                if used + glyph.width > columns { break }
                used += glyph.width
                clusters.append(glyph.character)
            }
            return String(clusters.reversed())
        }
        switch mode {
        case .clip: return String(prefix(front, width: width).map(\.character))
        case .tail: return String(prefix(front, width: width - 1).map(\.character)) + "…"
        case .head: return "…" + back(width - 1)
        case .middle:
            let keep = width - 1
            let start = prefix(front, width: (keep + 1) / 2)
            let startWidth = start.reduce(0) { $0 + $1.width }
            return String(start.map(\.character)) + "…" + back(keep - startWidth)
        }
    }

    /// The longest run of glyphs from the start that fits in `width` columns.
    static func prefix(_ glyphs: [Cluster], width: Int) -> ArraySlice<Cluster> {
        var used = 0
        var end = 0
        while end < glyphs.count, used + glyphs[end].width <= width {
            used += glyphs[end].width
            end += 1
        }
        return glyphs[0..<end]
    }

    /// The longest run of glyphs from the end that fits in `width` columns.
    static func suffix(_ glyphs: [Cluster], width: Int) -> ArraySlice<Cluster> {
        var used = 0
        var start = glyphs.count
        while start > 0, used + glyphs[start - 1].width <= width {
            used += glyphs[start - 1].width
            start -= 1
        }
        return glyphs[start..<glyphs.count]
    }

    /// `text` padded with spaces or cut (with `mode`) to exactly `width` columns, aligned in that width.
    public static func fit(
        _ text: String, width: Int, alignment: TextAlignment = .left,
        mode: TruncationMode = .tail
    ) -> String {
        guard width > 0 else { return "" }
        let cut = truncate(text, toWidth: width, mode: mode)
        let gap = width - self.width(of: cut)
        if gap <= 0 { return cut }
        switch alignment {
        case .left: return cut + String(repeating: " ", count: gap)
        case .right: return String(repeating: " ", count: gap) + cut
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + cut + String(repeating: " ", count: gap - left)
        }
    }
}
