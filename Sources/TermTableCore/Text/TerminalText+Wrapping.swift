extension TerminalText {
    /// Splits `text` into lines of at most `width` columns, breaking at spaces where it can.
    ///
    /// Newlines in `text` start a new line; spaces at a break are dropped; a word
    /// longer than the width is broken between clusters. When `maxLines` is given
    /// and the text needs more, the last line kept ends with an ellipsis.
    public static func wrap(_ text: String, width: Int, maxLines: Int? = nil) -> [String] {
        guard width > 0 else { return [] }
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).lazy.map {
            glyphs(String($0))
        }
        let lines = wrapLines(
            paragraphs, width: width, maxLines: maxLines, ellipsis: Cluster(character: ellipsis, width: 1))
        var result: [String] = []
        result.reserveCapacity(lines.count)
        for line in lines {
            var string = ""
            for cluster in line { string.append(cluster.character) }
            result.append(string)
        }
        return result
    }
}
