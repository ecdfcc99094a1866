import TermTable

/// A grid row drawn in code: each placed column's cell fitted to its width, a dim `│` between two, the cursor's
/// cell in reverse video and the rest of its row bold.
final class GridCell: TableViewCell {
    /// The viewer whose row this is (set by the viewer when it hands the cell out).
    weak var viewer: TableViewer?

    override func draw(in context: DrawContext) {
        context.fill(Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        guard let viewer, let row = indexPath?.row else { return }
        let fields = viewer.fields(ofRow: row)
        let problem = viewer.rowIsMarked(row)
        for placed in viewer.columns.placed(width: frame.width) {
            let column = viewer.columns.columns[placed.column]
            let text = placed.column < fields.count ? fields[placed.column] : ""
            var style = Style.plain
            if isHighlighted {
                style = placed.column == viewer.cursorColumn ? Style(attributes: .reverse) : Style(attributes: .bold)
            }
            if problem, placed.column == 0 { style = style.merging(Style(foreground: .red)) }
            context.put(
                GridColumns.fitted(text, width: placed.width, rightAligned: column.isRightAligned),
                at: Point(x: placed.x, y: 0), style: style)
            if placed.x + placed.width < frame.width {
                context.put("│", at: Point(x: placed.x + placed.width, y: 0), style: .dim)
            }
        }
    }
}

/// The grid's header: the placed columns' names, the sorted one's ▲ or ▼, the cursor's column in reverse video;
/// it stays on screen (frozen) while the rows scroll.
final class GridHeaderView: View {
    weak var viewer: TableViewer?

    override func draw(in context: DrawContext) {
        context.fill(Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        guard let viewer else { return }
        for placed in viewer.columns.placed(width: frame.width) {
            let column = viewer.columns.columns[placed.column]
            var name = column.name
            if let sort = viewer.sortKey, sort.column == placed.column { name += sort.ascending ? "▲" : "▼" }
            var style = Style(attributes: [.bold, .underline])
            if placed.column == viewer.cursorColumn { style = style.merging(Style(attributes: .reverse)) }
            if placed.column < viewer.columns.frozenCount { style = style.merging(Style(foreground: .cyan)) }
            context.put(
                GridColumns.fitted(name, width: placed.width, rightAligned: column.isRightAligned),
                at: Point(x: placed.x, y: 0), style: style)
            if placed.x + placed.width < frame.width {
                context.put("│", at: Point(x: placed.x + placed.width, y: 0), style: .dim)
            }
        }
    }
}

/// A frequency sheet's row: value, count, percent, a bar.
final class FrequencyCell: TableViewCell {
    weak var viewer: TableViewer?

    override func draw(in context: DrawContext) {
        context.fill(Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        guard let viewer, let sheet = viewer.frequency, let row = indexPath?.row, row < sheet.counts.count else {
            return
        }
        let entry = sheet.counts[row]
        let style = isHighlighted ? Style(attributes: .reverse) : Style.plain
        context.put(FrequencySheet.line(entry, of: sheet, width: frame.width), at: Point(x: 0, y: 0), style: style)
    }
}
