import TermTableCore
import TermTableLayout

/// Draws the cells of a layout library as framed text: what `termtable preview` prints without a terminal.
///
/// A cell with `heading=` fields shows its header row first, above a rule.
///
/// ```
/// ┌─ news · height 2 ───────────────────┐
/// │Swift 6.3 released                 3h│
/// │  What is new in the language…       │
/// └─────────────────────────────────────┘
/// ```
@MainActor
package enum LayoutPreview {
    /// The widest preview drawn, in columns: far wider than any terminal, small enough to draw at once.
    nonisolated package static let widths = 1...4096

    /// Each cell of `identifiers` (all of the library's when nil) drawn at `width` columns, framed, one after another.
    ///
    /// `width` is clamped to ``widths``.
    package static func render(_ library: LayoutLibrary, identifiers: [String]? = nil, width: Int) throws -> String {
        let width = min(max(width, widths.lowerBound), widths.upperBound)
        var blocks: [String] = []
        for identifier in identifiers ?? library.identifiers {
            let template = try library.template(identifier)
            let lines = renderCell(template, width: width)
            let height = template.spec.heightIsAutomatic ? "auto: \(lines.count)" : "\(template.spec.height)"
            var title = " \(identifier) · height \(height) "
            title = TerminalText.truncate(title, toWidth: max(0, width - 1), mode: .tail)
            let top =
                "┌─" + title + String(repeating: "─", count: max(0, width - 1 - TerminalText.width(of: title))) + "┐"
            let bottom = "└" + String(repeating: "─", count: width) + "┘"
            var header: [String] = []
            if let titles = renderColumnHeader(template, width: width) {
                header = ["│" + titles + "│", "├" + String(repeating: "─", count: width) + "┤"]
            }
            blocks.append(([top] + header + lines.map { "│" + $0 + "│" } + [bottom]).joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n")
    }

    /// The header row of `template`'s `heading=` titles drawn at `width` columns, nil when the cell has none.
    ///
    /// `width` is clamped to ``widths``.
    package static func renderColumnHeader(_ template: CellTemplate, width: Int) -> String? {
        guard template.spec.views.contains(where: { $0.properties.heading != nil }) else { return nil }
        let width = min(max(width, widths.lowerBound), widths.upperBound)
        let screen = BufferScreen(width: width, height: 1)
        let header = ColumnHeaderView(template: template)
        header.frame = Rect(x: 0, y: 0, width: width, height: 1)
        header.render(on: screen)
        return screen.line(0)
    }

    /// The lines of one fresh cell of `template` drawn at `width` columns on an in-memory screen.
    ///
    /// `width` is clamped to ``widths``. A `height=auto` cell is drawn as tall as its content needs at `width`
    /// (``TableViewCell/heightThatFits(width:)``, at most ``/TermTableLayout/CellSpec/maximumHeight`` lines),
    /// as a table would draw its row.
    package static func renderCell(_ template: CellTemplate, width: Int) -> [String] {
        let width = min(max(width, widths.lowerBound), widths.upperBound)
        let cell = template.instantiate()
        var height = template.spec.height
        if template.spec.heightIsAutomatic {
            height = min(max(height, cell.heightThatFits(width: width)), CellSpec.maximumHeight)
        }
        let screen = BufferScreen(width: width, height: height)
        cell.frame = Rect(x: 0, y: 0, width: width, height: height)
        cell.render(on: screen)
        return screen.lines
    }
}
