extension TerminalText {
    /// Splits `text` into lines of at most `width` columns, breaking at spaces where it can.
    ///
    /// Newlines in `text` start a new line; spaces at a break are dropped; a word
    /// longer than the width is broken between clusters. When `maxLines` is given
    /// and the text needs more, the last line kept ends with an ellipsis.
    ///
    /// With `maxLines`, the work is bounded by the lines kept, not by the text: the wrap stops one line past
    /// them (and after at most `2 × (maxLines + 1) × (width + 1) + 1024` clusters, past which the text counts as
    /// going on), so a three-line summary of a 9 MB article costs what three lines cost.
    public static func wrap(_ text: String, width: Int, maxLines: Int? = nil) -> [String] {
        guard width > 0 else { return [] }
        let lines = wrapLines(text, width: width, maxLines: maxLines)
        var result: [String] = []
        result.reserveCapacity(lines.count)
        for line in lines {
            var string = ""
            for cluster in line { string.append(cluster.character) }
            result.append(string)
        }
        return result
    }

    /// The lines of ``wrap(_:width:maxLines:)`` (`width` > 0) as clusters, reading `characters` only as far as
    /// the lines kept need (with `maxLines`).
    static func wrapLines(_ characters: some Sequence<Character>, width: Int, maxLines: Int?) -> [[Cluster]] {
        var breaker = LineBreaker(width: width, maxLines: maxLines, ellipsis: Cluster(character: ellipsis, width: 1))
        for character in characters {
            if character == "\n" {
                breaker.endParagraph()
            } else if let glyph = glyph(for: character) {
                breaker.add(glyph)
            }
            if breaker.isFull { break }
        }
        return breaker.finish()
    }
}
