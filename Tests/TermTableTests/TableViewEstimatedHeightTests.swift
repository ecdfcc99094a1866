import Foundation
import TermTableLayout
import TermTableTesting
import Testing

@testable import TermTable

/// Ten million rows that size themselves (`.automatic`): row `i`'s text wraps over `i % 3 + 1` lines at width 19.
@MainActor
private final class AutoHeightSource: TableViewDataSource, TableViewDelegate {
    var rows: Int
    var cellRequests = 0
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        let words = (0...(indexPath.row % 3)).map { "line\($0)-\(indexPath.row % 1000)   " }.joined()
        cell.viewWithTag(1, as: Label.self)?.text = words
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight { .automatic }
}

/// Rows of a fixed, known height, each the same: the estimate can equal the truth.
@MainActor
private final class EvenSource: TableViewDataSource, TableViewDelegate {
    let rows: Int
    let lines: Int
    init(rows: Int, lines: Int) {
        self.rows = rows
        self.lines = lines
    }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
        cell.textLabel.text = "Row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight { .lines(lines) }
}

/// `estimatedRowHeight`: the thumb counts lines, jumps by the bar measure only rows near the screen (issue 23).
@Suite("TableView: estimated row heights") @MainActor
struct TableViewEstimatedHeightTests {
    fileprivate func makeAutoTable(_ source: AutoHeightSource, height: Int = 10) throws -> (TableView, AppDriver) {
        let layout = "cell message\n|[1 message          ]|\n  1 label wrap stretch=both"
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: height))
        table.register(
            template: try LayoutLibrary(string: layout).template("message"), forCellReuseIdentifier: "message")
        table.dataSource = source
        table.delegate = source
        table.estimatedRowHeight = 2
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: height))
        return (table, driver)
    }

    /// G, PgDn and clicks on the bar at ten million rows ask for a few screens of cells, never a walk.
    @Test func jumpsAtTenMillionRowsMeasureOnlyNearTheScreen() throws {
        let source = AutoHeightSource(rows: 10_000_000)
        let (table, driver) = try makeAutoTable(source)
        let screens = 4 * table.rowsHeight
        var lastTop = table.state.top
        func step(_ name: String, _ action: () -> Void) {
            let before = source.cellRequests
            action()
            #expect(source.cellRequests - before <= screens, "\(name) asked for \(source.cellRequests - before) cells")
            #expect(table.statistics.cellsCreated <= table.rowsHeight + 2, "\(name): cells made")
            #expect(table.state.top != lastTop, "\(name) moved the view")
            lastTop = table.state.top
        }
        step("G") { driver.press("G") }
        #expect(table.scrollIndicator()?.upperBound == table.rowsHeight)
        step("g") { driver.press("g") }
        step("PgDn") { driver.press("pgdn") }
        for line in [1, 3, 5, 8, 2, 9] {
            step("a click on line \(line)") { driver.click(x: 19, y: line) }
            let row = metricsRow(table)
            let fraction = Double(row) / 10_000_000
            // The top row lies near the clicked line's share of the whole (the thumb is centred on it).
            #expect(abs(fraction - Double(line) / Double(table.rowsHeight - 1)) < 0.25, "line \(line): row \(row)")
            #expect(table.scrollIndicator().map { $0.contains(line) || line == 0 || line == 9 } ?? false)
        }
    }

    func metricsRow(_ table: TableView) -> Int {
        guard let top = table.state.top?.indexPath else { return -1 }
        return table.metrics.globalRow(of: top)
    }

    /// A correction of the estimate moves only the thumb: after a jump, more frames never move the cursor's row.
    @Test func correctionsNeverMoveTheCursorsRow() throws {
        let source = AutoHeightSource(rows: 100_000)
        let (table, driver) = try makeAutoTable(source)
        for line in [4, 7, 2] {
            driver.click(x: 19, y: line)
            let cursorLine = table.cursorLine
            let top = table.state.top
            #expect(cursorLine != nil, "the cursor follows into view")
            var thumbs: Set<Range<Int>?> = []
            for _ in 0..<5 {
                table.setNeedsLayout()
                table.setNeedsDisplay()
                driver.app.renderIfNeeded()
                thumbs.insert(table.scrollIndicator())
                #expect(table.cursorLine == cursorLine)
                #expect(table.state.top == top)
            }
            #expect(thumbs.count == 1)
        }
    }

    /// With the estimate equal to every row's height, the thumb sits at the exact line fraction.
    @Test(arguments: [(1, 300), (2, 97), (3, 41)])
    func anExactEstimatePlacesTheThumbByLines(lines: Int, rows: Int) {
        let source = EvenSource(rows: rows, lines: lines)
        let height = 12
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: height))
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        table.dataSource = source
        table.delegate = source
        table.selectionMode = .none
        table.estimatedRowHeight = lines
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: height))
        let total = rows * lines
        let size = max(1, min(height - 1, height * height / total))
        let room = height - size
        for _ in 0..<(total / 3) {
            driver.wheel(up: false)
            guard let thumb = table.scrollIndicator(), let top = table.state.top?.row else { break }
            let above = top * lines + table.state.topLineOffset
            #expect(thumb.count == size)
            if above + height >= total {
                #expect(thumb.upperBound == height)
            } else if above > 0 {
                #expect(thumb.lowerBound == min(room - 1, max(1, 1 + (room - 1) * above / (total - height))))
            }
        }
    }

    /// The hook's fractions place the top row of a click too: the row whose extent starts at the target.
    @Test func aClickJumpsByTheDelegatesFractions() {
        let source = NumbersSource(rows: 100)
        let table = makeTable(source, width: 20, height: 10)
        table.showsScrollIndicator = true
        let delegate = QuadraticExtentDelegate()
        table.delegate = delegate
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 10))
        driver.click(x: 19, y: 5)
        let top = table.state.top?.row ?? -1
        // Row r starts at (r / 100)^2: the middle of the track lands far past row 50.
        #expect(top > 55 && top < 90, "top \(top)")
        #expect(table.indexPathsForVisibleRows.contains(table.state.cursor!))
        driver.click(x: 19, y: 0)
        #expect(table.state.top?.row == 0)
        driver.click(x: 19, y: 9)
        #expect(table.indexPathsForVisibleRows.last?.row == 99)
    }

    /// Without an estimate or a hook, a click jumps by rows.
    @Test func aClickWithoutAnEstimateJumpsByRows() {
        let source = NumbersSource(rows: 1000)
        let table = makeTable(source, width: 20, height: 10)
        table.showsScrollIndicator = true
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 10))
        var tops: [Int] = []
        for line in 1..<9 {
            driver.click(x: 19, y: line)
            tops.append(table.state.top?.row ?? -1)
            #expect(table.scrollIndicator()?.contains(line) == true, "line \(line)")
        }
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 < $1 })
        #expect(table.indexPathsForVisibleRows.contains(table.state.cursor!))
    }
}

/// Row `r` of 100 stands for the part `(r/100)^2 ... ((r+1)/100)^2` of the whole.
@MainActor
private final class QuadraticExtentDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, scrollIndicatorExtentOf rows: ClosedRange<IndexPath>)
        -> ScrollIndicatorExtent
    {
        let start = Double(rows.lowerBound.row) / 100
        let end = Double(rows.upperBound.row + 1) / 100
        return .fractions(start * start...end * end)
    }
}
