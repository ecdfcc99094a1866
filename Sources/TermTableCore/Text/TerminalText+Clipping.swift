extension TerminalText {
    /// The clusters of `text` placed from column `start` that fall in `visible`, with the first column written.
    ///
    /// A wide cluster cut by an edge of `visible` becomes spaces in its visible
    /// columns. Used by the screens, so both clip alike.
    public static func visibleClusters(of text: String, from start: Int, in visible: Range<Int>)
        -> (column: Int, clusters: [Cluster])
    {
        var column = start
        var first: Int? = nil
        var result: [Cluster] = []
        for glyph in glyphs(text) {
            let end = column + glyph.width
            if end <= visible.lowerBound {
                column = end
                continue
            }
            if column >= visible.upperBound { break }
            if column >= visible.lowerBound && end <= visible.upperBound {
                if first == nil { first = column }
                result.append(glyph)
            } else {
                for c in column..<end where visible.contains(c) {
                    if first == nil { first = c }
                    result.append(Cluster(character: " ", width: 1))
                }
            }
            column = end
        }
        return (first ?? start, result)
    }
}
