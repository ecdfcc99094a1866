import TermTableCore

extension LayoutParserState {
    /// Checks the narrow-width properties against the cell: `hide-below` within the canvas, headings that do not share columns.
    mutating func checkNarrowing(
        field: CanvasField, applied: AppliedProperties, propertyLine: PropertyLineInfo,
        cellWidth: Int, headings: inout [CanvasField]
    ) {
        if let below = applied.shrinkRule.hiddenBelowWidth, below > cellWidth, let token = applied.tokens[.hideBelow] {
            error(
                propertyLine.line, column: token.valueColumn,
                "hide-below=\(below) hides field \(field.tag) at the canvas's own width (\(cellWidth) columns)",
                hint: "give a width of at most \(cellWidth): the field shows at the design width and "
                    + "hides when the cell is narrower than `hide-below`")
        }
        guard applied.properties.heading != nil, let token = applied.tokens[.heading] else { return }
        let columns = field.frame.x..<(field.frame.x + field.frame.width)
        if let other = headings.first(where: {
            $0.frame.x < columns.upperBound && columns.lowerBound < $0.frame.x + $0.frame.width
        }) {
            error(
                propertyLine.line, column: token.column,
                "the headings of fields \(other.tag) and \(field.tag) would overlap in the header row",
                hint: "a header row is one line: give `heading=` to fields that do not share canvas columns")
            return
        }
        headings.append(field)
    }
}
