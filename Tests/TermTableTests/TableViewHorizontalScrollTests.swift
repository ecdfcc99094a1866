import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// A whole table scrolled sideways: rows laid out wider than the view, drawn from a column, the header with them.
@Suite("Tables scrolled sideways") @MainActor
struct TableViewHorizontalScrollTests {
    /// Rows of the given texts in the `row` template (a stretching title and a right-pinned detail), with a
    /// column header from the same template.
    final class Rows: TableViewDataSource {
        var texts: [String]
        init(_ texts: [String]) { self.texts = texts }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { texts.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.viewWithTag(1, as: Label.self)?.text = texts[indexPath.row]
            cell.viewWithTag(2, as: Label.self)?.text = "中\(indexPath.row)"
            return cell
        }
    }

    static func headedTemplate() -> CellTemplate {
        var spec = rowTemplate().spec
        spec.views[0].properties.heading = "TITLE 標題"
        spec.views[1].properties.heading = "N"
        return CellTemplate(spec: spec)
    }

    /// A table at `frame` over `rows`, laid out, scrolled sideways when `rowWidth` is given.
    func makeTable(
        _ rows: Rows, frame: Rect, rowWidth: Int?, offset: Int, header: Bool, indicator: Bool = false
    ) -> TableView {
        let table = TableView(frame: frame)
        table.showsScrollIndicator = indicator
        table.register(template: Self.headedTemplate(), forCellReuseIdentifier: "row")
        if header { table.columnHeader = ColumnHeaderView(template: Self.headedTemplate()) }
        if let rowWidth {
            table.allowsHorizontalScrolling = true
            table.horizontalContentWidth = rowWidth
            table.horizontalOffset = offset
        }
        table.dataSource = rows
        table.layoutIfNeeded()
        return table
    }

    /// Draws `table` on a screen `margin` columns wider on each side (and a line above and below), pre-filled
    /// with `#`.
    func draw(_ table: TableView, margin: Int) -> BufferScreen {
        let screen = BufferScreen(
            size: Size(width: table.frame.width + 2 * margin, height: table.frame.height + 2))
        screen.fill(Rect(origin: .zero, size: screen.size), with: "#", style: .plain)
        table.render(on: screen)
        return screen
    }

    @Test func keysScrollOnlyWhenAllowedAndAreListedInTheHelp() {
        let rows = Rows((0..<5).map { "row \($0) " + String(repeating: "x", count: 60) })
        let table = makeTable(
            rows, frame: Rect(x: 0, y: 0, width: 20, height: 5), rowWidth: nil, offset: 0, header: false)
        #expect(!table.handleKey(Key("l")), "off by default: l is not taken")
        #expect(!table.keyHelp.contains { $0.help == "scroll right" })
        table.allowsHorizontalScrolling = true
        table.horizontalContentWidth = 50
        #expect(table.maximumHorizontalOffset == 30)
        #expect(table.handleKey(Key("l")) && table.horizontalOffset == 8)
        #expect(table.handleKey(.right) && table.horizontalOffset == 16)
        #expect(table.handleKey(Key("$")) && table.horizontalOffset == 30)
        #expect(table.handleKey(Key("l")) && table.horizontalOffset == 30, "never past the end")
        #expect(table.handleKey(Key("h")) && table.horizontalOffset == 22)
        #expect(table.handleKey(Key("0")) && table.horizontalOffset == 0)
        #expect(table.handleKey(Key("h")) && table.horizontalOffset == 0)
        let help = table.keyHelp.map(\.help)
        #expect(["scroll left", "scroll right", "line start", "line end"].allSatisfy(help.contains))
        table.keyBindings[Key("l")] = .moveDown
        #expect(table.handleKey(Key("l")) && table.horizontalOffset == 0, "a table binding wins")
    }

    @Test func theDesignWidthIsTheDefaultRowWidthAndAWiderViewHasNothingToScroll() {
        let rows = Rows(["a"])
        let table = makeTable(
            rows, frame: Rect(x: 0, y: 0, width: 12, height: 3), rowWidth: nil, offset: 0, header: false)
        table.allowsHorizontalScrolling = true
        #expect(table.maximumHorizontalOffset == 18, "the row template is designed at 30 columns")
        table.frame = Rect(x: 0, y: 0, width: 40, height: 3)
        #expect(table.maximumHorizontalOffset == 0)
        table.horizontalOffset = 5
        table.layoutIfNeeded()
        #expect(table.visibleCellsInOrder.first?.frame.x == 0, "drawn at most the maximum offset")
    }

    @Test func aClickOnAScrolledHeaderFindsTheTitleUnderIt() {
        final class Columns: TableViewDelegate {
            var selected: [String] = []
            func tableView(_ tableView: TableView, didSelectColumn column: TableColumn) {
                selected.append(column.title)
            }
        }
        let rows = Rows(["a", "b"])
        let table = makeTable(
            rows, frame: Rect(x: 0, y: 0, width: 10, height: 4), rowWidth: 40, offset: 0, header: true)
        let columns = Columns()
        table.delegate = columns
        table.horizontalOffset = 30
        table.layoutIfNeeded()
        // At 40 columns the detail field is at 36..<40: on screen at 6..<10.
        _ = table.handleMouse(MouseEvent(.press, at: Point(x: 7, y: 0)), at: Point(x: 7, y: 0))
        #expect(columns.selected == ["N"])
    }

    /// Generated: at every width, row width and offset, the scrolled drawing is the unscrolled drawing at the
    /// rows' width shifted left, header included; a wide character cut by an edge is a blank; nothing is drawn
    /// outside the view.
    @Test func scrolledDrawingIsTheUnscrolledDrawingShifted() {
        var rng = SeededRandom(seed: 0x51DE_5C0)
        let pieces = ["a", "bc", " ", "中", "文字", "é", "ｘ", "12345"]
        var checked = 0
        for _ in 0..<24 {
            let texts = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                (0..<Int.random(in: 0...20, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            }
            let header = Bool.random(using: &rng)
            let height = Int.random(in: 1...6, using: &rng)
            let rowWidth = Int.random(in: 1...70, using: &rng)
            let indicator = Bool.random(using: &rng)
            for _ in 0..<5 {
                let width = Int.random(in: indicator ? 2...24 : 1...24, using: &rng)
                let columns = indicator ? width - 1 : width  // the rows' columns, left of the indicator's
                let layoutWidth = max(columns, rowWidth)
                let rows = Rows(texts)
                let plain = makeTable(
                    rows, frame: Rect(x: 0, y: 0, width: layoutWidth, height: height), rowWidth: nil, offset: 0,
                    header: header)
                let reference = BufferScreen(size: Size(width: layoutWidth, height: height))
                plain.render(on: reference)
                // One table and screen for every offset: each frame is drawn over the last one.
                let scrolled = makeTable(
                    rows, frame: Rect(x: 3, y: 1, width: width, height: height), rowWidth: rowWidth,
                    offset: 0, header: header, indicator: indicator)
                let shown = draw(scrolled, margin: 3)
                for offset in Array(0...(layoutWidth - columns + 3)).shuffled(using: &rng) {
                    scrolled.horizontalOffset = offset
                    scrolled.layoutIfNeeded()
                    scrolled.render(on: shown)
                    let shift = min(offset, layoutWidth - columns)
                    if let problem = Self.compare(
                        shown, reference, width: width, columns: columns, height: height, shift: shift, margin: 3,
                        header: header)
                    {
                        let message =
                            "width \(width), row width \(rowWidth), offset \(offset), header \(header), "
                            + "indicator \(indicator): \(problem)\n"
                            + "texts: \(texts)\nshown:\n\(shown.text)\nunscrolled:\n\(reference.text)"
                        Issue.record("\(message)")
                        return
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 1_000)
    }

    /// The first difference between the scrolled screen and the reference shifted by `shift`, nil when none.
    static func compare(
        _ shown: BufferScreen, _ reference: BufferScreen, width: Int, columns: Int, height: Int, shift: Int,
        margin: Int, header: Bool
    ) -> String? {
        for y in 0..<shown.size.height {
            for x in 0..<shown.size.width {
                let cell = shown.cell(at: Point(x: x, y: y))
                let inside = y >= 1 && y < 1 + height && x >= margin && x < margin + width
                guard inside else {
                    if cell.text != "#" { return "drawn outside the view at \(x), \(y)" }
                    continue
                }
                let column = x - margin
                if column >= columns {
                    // The scroll indicator's column: blank on the header's line, the indicator below.
                    let allowed: Set<String> = header && y == 1 ? [" "] : [" ", "│", "┃"]
                    if !allowed.contains(cell.text) { return "'\(cell.text)' in the indicator's column, line \(y - 1)" }
                    continue
                }
                let source = reference.cell(at: Point(x: column + shift, y: y - 1))
                let cutLeft = column == 0 && source.isContinuation
                let cutRight =
                    column == columns - 1 && !source.isContinuation
                    && TerminalText.width(of: source.text) == 2
                if cutLeft || cutRight {
                    if cell.text != " " {
                        return "a wide character cut at \(column), line \(y - 1) shows '\(cell.text)'"
                    }
                    continue
                }
                if cell.text != source.text || cell.style != source.style {
                    return "column \(column), line \(y - 1): '\(cell.text)' where the unscrolled drawing has "
                        + "'\(source.text)' at \(column + shift)"
                }
            }
        }
        return nil
    }
}

/// The *Build an app* article's wide table (`makeWideTable`, in BuildAnAppExamples.swift, which builds outside
/// the package too and so holds only the article's code).
@Test @MainActor func theWideTableScrollsByItsStepUpToItsEnd() {
    let table = makeWideTable(rowTemplate())
    table.frame = Rect(x: 0, y: 0, width: 41, height: 5)
    #expect(table.handleKey(.right) && table.horizontalOffset == 10)
    #expect(table.handleKey(Key("$")) && table.horizontalOffset == 120)
}
