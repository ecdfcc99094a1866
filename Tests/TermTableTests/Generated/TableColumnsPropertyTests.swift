import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Generated tables with columns under generated operations: columns added, removed, reordered, hidden, frozen
/// and resized, random widths and terminal sizes, the cursor's shape and keys; the column invariants are checked
/// after every step.
///
/// CI runs a fixed seed and a small budget (the variables of ``TablePropertyTests``); a large local run:
///
/// ```sh
/// TERMTABLE_PROPERTY_CASES=100000 swift test -c release -Xswiftc -enable-testing --filter TableColumnsPropertyTests
/// ```
@Suite("Generated tables with columns: header and rows agree") @MainActor
struct TableColumnsPropertyTests {
    static var budget: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init).map { max(1, $0 / 5) } ?? 100
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x7AB1_E5EED
    }
    static let steps = 24

    @Test func generatedColumnTablesKeepTheirInvariants() async {
        var rng = SeededRandom(seed: Self.seed)
        var ran = 0
        for index in 0..<Self.budget {
            var log: [String] = []
            if index % 10 == 0 { await Task.yield() }
            if let problem = Self.runCase(using: &rng, log: &log) {
                let steps = log.joined(separator: "\n")
                Issue.record("case \(index) of seed \(Self.seed): \(problem)\nsteps:\n\(steps)")
                return
            }
            ran += 1
        }
        print("TableColumnsPropertyTests: \(ran) generated cases ran, seed \(Self.seed)")
        #expect(ran == Self.budget)
    }

    static func randomColumn(_ number: Int, using rng: inout SeededRandom) -> TableColumn {
        let widths: [ColumnWidth] = [
            .fitContent, .fixed(Int(rng.next() % 30)), .fraction(Double(1 + rng.next() % 3)), .fitContent,
        ]
        var column = TableColumn(
            "c\(number)", title: String(repeating: "T", count: Int(rng.next() % 12)) + "\(number)",
            width: widths[Int(rng.next() % 4)], valueType: rng.next() % 3 == 0 ? .integer : .text)
        if rng.next() % 4 == 0 { column.maximumWidth = Int(rng.next() % 20) }
        if rng.next() % 5 == 0 { column.shrink = ShrinkRule(hiddenBelowWidth: Int(rng.next() % 60)) }
        if rng.next() % 6 == 0 { column.isHidden = true }
        return column
    }

    /// Runs one generated case; the first broken invariant, or nil.
    static func runCase(using rng: inout SeededRandom, log: inout [String]) -> String? {
        let rowCount = Int(rng.next() % 40)
        let rows = (0..<rowCount).map { _ in
            (0..<12).map { _ in String(repeating: "x", count: Int(rng.next() % 50)) + "." }
        }
        let source = ColumnRows(rows)
        let table = TableView(
            frame: Rect(x: 0, y: 0, width: Int(1 + rng.next() % 100), height: Int(1 + rng.next() % 12)))
        table.showsScrollIndicator = rng.next() % 2 == 0
        let shapes: [TableView.CursorShape] = [.row, .cell, .column]
        table.cursorShape = shapes[Int(rng.next() % 3)]
        table.tableColumns = (0..<Int(rng.next() % 8)).map { randomColumn($0, using: &rng) }
        table.dataSource = source
        table.delegate = source
        log.append("rows \(rowCount), frame \(table.frame), shape \(table.cursorShape), columns \(table.tableColumns)")
        var next = 8
        for step in 0..<steps {
            let count = table.tableColumns.count
            switch rng.next() % 12 {
            case 0:
                let column = randomColumn(next % 12, using: &rng)
                next += 1
                log.append("\(step): add \(column)")
                table.addTableColumn(column)
            case 1 where count > 0:
                let identifier = table.tableColumns[Int(rng.next() % UInt64(count))].identifier
                log.append("\(step): remove \(identifier)")
                table.removeTableColumn(withIdentifier: identifier)
            case 2 where count > 0:
                let (from, to) = (Int(rng.next() % UInt64(count)), Int(rng.next() % UInt64(count)))
                log.append("\(step): move \(from) to \(to)")
                table.moveColumn(from, toColumn: to)
            case 3 where count > 0:
                var column = table.tableColumns[Int(rng.next() % UInt64(count))]
                column.isHidden.toggle()
                log.append("\(step): \(column.isHidden ? "hide" : "show") \(column.identifier)")
                table.updateTableColumn(column)
            case 4:
                table.frozenColumnCount = Int(rng.next() % 4)
                log.append("\(step): frozen \(table.frozenColumnCount)")
            case 5:
                table.frame = Rect(x: 0, y: 0, width: Int(1 + rng.next() % 100), height: Int(1 + rng.next() % 12))
                log.append("\(step): frame \(table.frame)")
            case 6 where count > 0:
                var column = randomColumn(0, using: &rng)
                column.identifier = table.tableColumns[Int(rng.next() % UInt64(count))].identifier
                log.append("\(step): update \(column)")
                table.updateTableColumn(column)
            case 7, 8:
                let keys: [Key] = [.left, .right, Key("0"), Key("$"), .up, .down, Key("h"), Key("l")]
                let key = keys[Int(rng.next() % UInt64(keys.count))]
                log.append("\(step): key \(key)")
                _ = table.handleKey(key)
            case 9 where count > 0:
                table.firstScrolledColumn = Int(rng.next() % UInt64(count))
                log.append("\(step): first scrolled \(table.firstScrolledColumn)")
            case 10:
                table.cursorShape = shapes[Int(rng.next() % 3)]
                log.append("\(step): shape \(table.cursorShape)")
            case 11 where count > 0:
                let index = Int(rng.next() % UInt64(count))
                log.append("\(step): cursor to column \(index)")
                table.moveCursor(toColumn: index)
            default:
                log.append("\(step): nothing")
            }
            let screen = BufferScreen(size: table.frame.size)
            table.render(on: screen)
            if let problem = check(table, screen: screen) { return "step \(step): \(problem)" }
        }
        return nil
    }

    /// The invariants: every column's frame in the room; the header's titles and every row's views at the
    /// column frames; frozen columns where they are unscrolled; the cursor's cell shown and marked.
    static func check(_ table: TableView, screen: BufferScreen) -> String? {
        let columns = table.tableColumns
        let inset = table.columnLeadingInset
        var frames: [Int: Rect] = [:]
        for index in columns.indices {
            guard let frame = table.frameOfColumn(index) else { continue }
            frames[index] = frame
            if frame.width < 1 || frame.x < inset || frame.x + frame.width > table.contentWidth {
                return
                    "column \(columns[index].identifier) at \(frame) outside the room \(inset)..<\(table.contentWidth)"
            }
        }
        let sorted = frames.values.sorted { $0.x < $1.x }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.x + a.width > b.x {
            return "columns overlap: \(a) and \(b)"
        }
        if let header = table.columnHeader, !header.isHidden, table.rowsTop > 0 {
            for (index, column) in columns.enumerated() {
                let title = header.titleFrame(of: column) ?? .zero
                let x = header.frame.x + title.x
                if let frame = frames[index] {
                    if x != frame.x || title.width != frame.width {
                        return "header title of \(column.identifier) at \(x)+\(title.width), column at \(frame)"
                    }
                } else if title.width != 0 {
                    return "header shows \(column.identifier), which is not shown"
                }
            }
        }
        for (item, cell) in table.onScreen where !item.isHeader {
            for (index, column) in columns.enumerated() {
                let label = cell.columnState.labels[column.identifier]
                if let frame = frames[index] {
                    guard let label, !label.isHidden else {
                        return "row \(item.row) has no view for \(column.identifier), shown at \(frame)"
                    }
                    let x = cell.frame.x + cell.contentView.frame.x + label.frame.x
                    if x != frame.x || label.frame.width != frame.width {
                        return "row \(item.row): \(column.identifier) at \(x)+\(label.frame.width), column at \(frame)"
                    }
                } else if let label, !label.isHidden {
                    return "row \(item.row) shows \(column.identifier), which is not shown"
                }
            }
        }
        // Frozen columns stay where they are unscrolled.
        let model = table.columnModel
        let unscrolled = ColumnLayout(
            columns: columns, contentWidths: model.contentWidths, room: table.columnRoom,
            frozenCount: model.frozenCount, firstScrolled: 0)
        let shown = unscrolled.widths.indices.filter { unscrolled.widths[$0] > 0 }
        for index in shown.prefix(unscrolled.frozenShown) {
            let expected = unscrolled.placements[index].map { Rect(x: inset + $0.x, y: 0, width: $0.width, height: 1) }
            if frames[index] != expected {
                return "frozen \(columns[index].identifier) at \(String(describing: frames[index])), unscrolled at "
                    + String(describing: expected)
            }
        }
        // The cursor's cell shows, marked.
        if table.cursorShape != .row, !shown.isEmpty, table.rowsHeight > 0, let cursor = table.state.cursor {
            guard let column = table.cursorColumn, let frame = frames[column] else {
                return "the cursor's column \(String(describing: table.cursorColumn)) is not shown"
            }
            if let placed = table.placedItems.first(where: { $0.item.indexPath == cursor }),
                table.cursorShape == .cell || table.cursorShape == .column
            {
                let y = table.rowsTop + placed.y
                if y < screen.size.height, !screen.style(at: Point(x: frame.x, y: y)).attributes.contains(.reverse) {
                    return "the cursor's cell (column \(column), line \(y)) is not marked"
                }
            }
        }
        return nil
    }
}
