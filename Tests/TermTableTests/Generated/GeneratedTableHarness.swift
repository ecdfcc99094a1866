import Foundation
import TermTableTesting

@testable import TermTable

/// Runs generated cases and checks the table's invariants after every operation.
@MainActor
enum GeneratedTableHarness {
    /// The template of cell kind `index`: a stretching label, and a button, a field and a slider when it has controls.
    static func template(identifier: String, height: Int, controls: Bool, selectable: Bool = true) -> CellTemplate {
        let at = LayoutLocation(file: "generated", line: 1, column: 1)
        var views = [
            ViewSpec(
                tag: 1, name: "title", kind: .label, frame: Rect(x: 0, y: 0, width: 18, height: 1),
                autoresizing: .flexibleWidth, location: at)
        ]
        if controls {
            var button = ViewSpec(
                tag: 2, name: "go", kind: .button, frame: Rect(x: 19, y: 0, width: 5, height: 1),
                autoresizing: .flexibleLeftMargin, location: at)
            button.properties.text = "Go"
            button.properties.action = "go"
            var field = ViewSpec(
                tag: 3, name: "note", kind: .field, frame: Rect(x: 25, y: 0, width: 5, height: 1),
                autoresizing: .flexibleLeftMargin, location: at)
            field.properties.placeholder = "note"
            views += [button, field]
            if height >= 2 {
                var slider = ViewSpec(
                    tag: 4, name: "level", kind: .slider, frame: Rect(x: 0, y: 1, width: 12, height: 1),
                    autoresizing: .flexibleWidth, location: at)
                slider.properties.minimum = 0
                slider.properties.maximum = 10
                slider.properties.step = 1
                views.append(slider)
            }
        }
        return CellTemplate(
            spec: CellSpec(
                identifier: identifier, width: 30, height: height, selectable: selectable,
                views: views, location: at))
    }

    /// The state of one run: the app, the table, the data and what was seen so far.
    @MainActor final class Run {
        let c: GeneratedTableCase
        let source: GeneratedTableSource
        let table: TableView
        let root: TableWithStatus
        let driver: AppDriver
        var maxVisible: [String: Int] = [:]
        var inSync = true
        /// What went wrong in the frames drawn again after a click on the scroll bar, if anything.
        var scrollBarProblem: String?
        /// A plain click that marked a row, if one did.
        var clickProblem: String?

        init(_ c: GeneratedTableCase) {
            self.c = c
            source = GeneratedTableSource(c)
            table = TableView()
            for (index, kind) in c.kinds.enumerated() where kind.auto {
                let canvas = String(repeating: "|[1          ]|\n", count: kind.height)
                let layout = "cell k\(index) height=auto\n" + canvas + "  1 label wrap stretch=both"
                table.register(
                    template: try! LayoutLibrary(string: layout).template("k\(index)"),
                    forCellReuseIdentifier: "k\(index)")
            }
            for (index, kind) in c.kinds.enumerated() where !kind.auto {
                table.register(
                    template: GeneratedTableHarness.template(
                        identifier: "k\(index)", height: kind.height,
                        controls: kind.controls),
                    forCellReuseIdentifier: "k\(index)")
            }
            for height in 1...6 {
                table.register(
                    template: GeneratedTableHarness.template(
                        identifier: "h\(height)", height: height,
                        controls: false, selectable: false),
                    forCellReuseIdentifier: "h\(height)")
            }
            table.stickyHeaders = c.sticky
            table.scrollPadding = c.padding
            table.selectionMode = c.mode
            table.showsScrollIndicator = c.indicator
            if c.columnHeader {
                var spec = GeneratedTableHarness.template(identifier: "k0", height: 1, controls: true).spec
                for (index, title) in ["Title", "Go", "Note"].enumerated() {
                    spec.views[index].properties.heading = title
                }
                table.columnHeader = ColumnHeaderView(spec: spec)
            }
            table.followsEnd = c.followsEnd
            table.delegate = source
            table.dataSource = source
            root = TableWithStatus(table: table, statusLine: c.statusLine)
            driver = AppDriver(rootView: root, size: Size(width: c.width, height: c.height))
        }

        /// The lines the rows have (below the column header, if any).
        var tableHeight: Int { table.rowsHeight }

        /// Applies one operation as a user or an app would, then draws.
        func apply(_ op: GeneratedTableCase.Op) {
            func path(_ s: Int, _ r: Int) -> IndexPath { IndexPath(row: r, section: s) }
            lastOpDidNothing = false
            defer { driver.app.renderIfNeeded() }
            switch op {
            case .key(let name):
                driver.press(name)
            case .click(let x, let y):
                // In multiple selection a plain click moves the cursor and never marks (issue 32 item 10): the
                // marks after it are those before, or fewer (a click below the rows clears them), unless it fell
                // in the ✓ column. (In single selection the selection is the cursor's row.)
                let marksBefore = table.state.selected
                driver.click(x: x, y: y)
                let inMarkColumn = table.showsMarkColumn && x - table.frame.x < 2
                if table.selectionMode == .multiple, !inMarkColumn, !table.state.selected.isSubset(of: marksBefore) {
                    clickProblem =
                        "a plain click at (\(x), \(y)) marked a row: \(table.state.selected) after \(marksBefore)"
                }
            case .doubleClick(let x, let y):
                driver.doubleClick(x: x, y: y)
            case .wheel(let up, let x, let y):
                driver.wheel(up: up, x: x, y: y)
            case .resize(let w, let h):
                // A terminal "resized" to the size it has changes nothing (the cursor may stay off screen
                // after a scrollToRow, as in UIKit).
                lastOpDidNothing = driver.screen.size == Size(width: w, height: h)
                driver.resize(to: Size(width: w, height: h))
            case .reloadData:
                source.revision += 1
                table.reloadData()
                inSync = true
            case .insertRows(let s, let at, let rows):
                guard s < source.sections.count, !source.filtered else {
                    lastOpDidNothing = true
                    break
                }
                let at = min(at, source.sections[s].rows.count)
                source.sections[s].rows.insert(contentsOf: rows, at: at)
                table.insertRows(at: rows.indices.map { path(s, at + $0) })
                inSync = true
            case .deleteRows(let s, let at, let count):
                guard s < source.sections.count, !source.filtered else {
                    lastOpDidNothing = true
                    break
                }
                let rows = source.sections[s].rows
                guard at < rows.count else {
                    lastOpDidNothing = true
                    break
                }
                let end = min(rows.count, at + count)
                source.sections[s].rows.removeSubrange(at..<end)
                table.deleteRows(at: (at..<end).map { path(s, $0) })
                inSync = true
            case .reloadRow(let s, let r):
                source.revision += 1
                if let row = source.row(path(s, r)) { source.edits[row.id, default: 0] += 1 }
                table.reloadRows(at: [path(s, r)])
            case .insertSection(let at, let section):
                source.sections.insert(section, at: min(at, source.sections.count))
                table.reloadData()
                inSync = true
            case .deleteSection(let at):
                guard at < source.sections.count else {
                    lastOpDidNothing = true
                    break
                }
                source.sections.remove(at: at)
                table.reloadData()
                inSync = true
            case .changeUnderTable(let s, let delta):
                guard s < source.sections.count else {
                    lastOpDidNothing = true
                    break
                }
                if delta < 0 {
                    source.sections[s].rows.removeLast(min(-delta, source.sections[s].rows.count))
                } else {
                    source.sections[s].rows += (0..<delta).map { GeneratedTableCase.Row(10_000 + $0) }
                }
                // The scroll indicator hook answers from the new data: an app whose extents change redraws.
                if source.extentMapping != nil { table.setNeedsDisplay() }
                inSync = false
            case .filterToNothing:
                source.filtered = true
                table.reloadData()
                inSync = true
            case .unfilter:
                source.filtered = false
                table.reloadData()
                inSync = true
            case .scrollToRow(let s, let r):
                table.scrollToRow(at: path(s, r))
            case .setCursor(let s, let r):
                table.setCursor(path(s, r))
            case .setSticky(let on):
                table.stickyHeaders = on
            case .appendRows(let rows, let byReload):
                guard let s = source.sections.indices.last, !source.filtered else {
                    lastOpDidNothing = true
                    break
                }
                let at = source.sections[s].rows.count
                source.sections[s].rows += rows
                if byReload {
                    table.reloadData(appendingRows: rows.count)
                } else {
                    table.insertRows(at: rows.indices.map { path(s, at + $0) })
                }
                inSync = true
            case .scrollToEnd:
                table.scrollToEnd()
            case .setPadding(let lines):
                table.scrollPadding = lines
            case .setEstimate, .setExtent, .clickScrollBar:
                applyScrollBar(op)
            }
        }

        /// True when the last operation did not apply (rows or sections that do not exist).
        var lastOpDidNothing = false

        /// The screen a full redraw of the current state gives (text and reverse-video mask of each line).
        func fullRedraw() -> [String] {
            let saved = table.painter.lastDrawing
            table.redrawsOnlyChangedRows = false
            let screen = BufferScreen(size: driver.screen.size)
            driver.app.rootView.render(on: screen)
            table.redrawsOnlyChangedRows = true
            table.painter.lastDrawing = saved
            return GeneratedTableHarness.snapshot(screen)
        }

        /// The first broken invariant after `op`, nil when all hold.
        func violation(after op: GeneratedTableCase.Op?) -> String? {
            source.contentWidth = table.contentWidth
            if let problem = clickProblem {
                clickProblem = nil
                return problem
            }
            // What is on screen: record cells and how many of each kind are visible at once.
            var visibleNow: [String: Int] = [:]
            for cell in table.visibleCellsInOrder {
                let id = cell.reuseIdentifier ?? "?"
                visibleNow[id, default: 0] += 1
                source.record(cell)
            }
            for (id, count) in visibleNow { maxVisible[id] = max(maxVisible[id] ?? 0, count) }

            // 1. Drawing only what changed gives the screen a full redraw gives.
            if GeneratedTableHarness.snapshot(driver.screen) != fullRedraw() {
                return "the incrementally drawn frame differs from a full redraw:\n"
                    + GeneratedTableHarness.snapshot(driver.screen).enumerated().filter { $0.offset % 2 == 0 }.map(
                        \.element
                    ).joined(separator: "\n")
                    + "\n-- full redraw --\n"
                    + fullRedraw().enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\n")
            }

            // 2. Placed items are in order, inside the view, and do not overlap; only the first row under the
            // sticky header starts above it (scrolled by `topLineOffset` lines), and it still shows a line.
            var lastEnd = 0
            let offset = table.state.topLineOffset
            for (index, placed) in table.placedItems.enumerated() {
                let scrolled = !placed.isSticky && (index == 0 || table.placedItems[index - 1].isSticky)
                let start = scrolled ? lastEnd - offset : lastEnd
                if placed.y != start && (placed.y < lastEnd || scrolled) || placed.y >= tableHeight
                    || placed.height <= 0 || placed.y + placed.height <= lastEnd
                {
                    return "placed items overlap or leave the view (offset \(offset)): \(table.placedItems)"
                }
                lastEnd = placed.y + placed.height
            }
            if offset < 0 || (offset > 0 && table.placedItems.isEmpty) {
                return "the top row is scrolled by \(offset) lines with \(table.placedItems.count) items placed"
            }

            // 2b. A row's drawn height is what its content asks for: the delegate's lines, the template's, or an
            // auto-height row's text wrapped at the table's width.
            if inSync {
                for placed in table.placedItems {
                    guard let indexPath = placed.item.indexPath, let row = source.row(indexPath) else { continue }
                    let expected = source.expectedHeight(row)
                    if placed.height != expected {
                        return "row \(indexPath) is drawn \(placed.height) lines tall; its content has \(expected)"
                    }
                }
            }

            // 3. Cells made stay within the visible rows + 2 per identifier; queues likewise.
            for (id, cells) in source.seenCells where cells.count > (maxVisible[id] ?? 0) + 2 {
                return "\(cells.count) cells made for '\(id)', at most \(maxVisible[id] ?? 0) visible at once"
            }
            let bound = maxVisible.values.reduce(0, +) + 2 * max(1, maxVisible.count)
            if table.statistics.cellsCreated > bound + 2 * c.kinds.count + 12 {
                return "\(table.statistics.cellsCreated) cells created, bound \(bound)"
            }

            // 4. The scroll indicator stays in the view, and its thumb reaches both ends.
            if table.showsScrollIndicator, let thumb = table.scrollIndicator() {
                if thumb.lowerBound < 0 || thumb.upperBound > tableHeight || thumb.isEmpty {
                    return "scroll thumb \(thumb) outside a view of \(tableHeight) lines"
                }
                if inSync, let last = table.metrics.lastItem, let placedLast = table.placedItems.last,
                    placedLast.item == last, placedLast.y + placedLast.height <= tableHeight,
                    thumb.upperBound != tableHeight
                {
                    return "the last row is fully shown but the thumb \(thumb) does not reach line \(tableHeight)"
                }
                if inSync, table.state.top == table.metrics.firstItem, table.state.topLineOffset == 0,
                    thumb.lowerBound != 0
                {
                    return "the view is at the top but the thumb \(thumb) is not"
                }
            }

            // 4b. The thumb's rules for every way of counting (estimates, the delegate's extent, clicks on the bar).
            if let problem = scrollBarViolation() { return problem }

            // 5. Keyboard focus is on a view on screen.
            guard let focused = driver.app.focusedView else { return "nothing has the keyboard focus" }
            if focused.rootView !== root { return "the focus is on a view that left the screen (\(type(of: focused)))" }
            var ancestor: View? = focused
            while let v = ancestor, !(v is TableViewCell) { ancestor = v.superview }
            if let cell = ancestor, cell.superview !== table { return "the focus is in a cell that is not on screen" }

            // 6. Every cell on screen shows the marks the table's state gives it (kept cells are marked again only
            // when something changed: the cursor's old and new rows, the table's mark settings, the selection).
            let multiple = table.selectionMode == .multiple
            let cursorItem = table.selectionMode == .none ? nil : table.state.cursor
            for (item, cell) in table.onScreen {
                let expected =
                    item.isHeader
                    ? (false, false, 0)
                    : (
                        item.indexPath == cursorItem, multiple && table.state.selected.contains(item.indexPath!),
                        table.showsMarkColumn && multiple ? 2 : 0
                    )
                if (cell.isHighlighted, cell.isSelected, cell.markColumnWidth) != expected
                    || cell.markStyle != table.markStyle
                {
                    return "the cell of \(item) shows highlighted \(cell.isHighlighted), selected \(cell.isSelected), "
                        + "mark column \(cell.markColumnWidth); the table's state gives \(expected)"
                }
            }

            // 6b. The screen reader's cell (`Application.isAccessible`): on the first line of the cursor's row that
            // shows (not under a sticky header, not above the view), at the table's left edge; none when no line
            // of the row shows.
            if let problem = readerCursorViolation() { return problem }

            // 7. The cursor: only with a selection mode, on a row that can take it, on screen when it fits.
            guard inSync else { return nil }
            guard let cursor = table.state.cursor else { return nil }
            if c.mode == .none { return "a cursor \(cursor) in selection mode none" }
            guard let row = source.row(cursor) else { return "the cursor \(cursor) is on no row" }
            let anySelectable = (0..<source.sections.count).contains { !source.rows($0).filter(\.selectable).isEmpty }
            if !row.selectable && anySelectable && !placedByApp {
                return "the cursor rests on \(cursor), which cannot take it"
            }
            if cursorMustBeVisible(after: op), tableHeight > 0 {
                let h = source.expectedHeight(row)
                let item = TableItem(section: cursor.section, row: cursor.row)
                if h > 0 && h <= tableHeight {
                    guard let placed = table.placedItems.first(where: { $0.item == item }),
                        placed.y >= 0, placed.y + placed.height <= tableHeight
                    else {
                        return
                            "the cursor row \(cursor) (\(h) lines) fits in \(tableHeight) lines but is not fully shown"
                    }
                    if let problem = paddingViolation(after: op, cursor: item, rowHeight: h) { return problem }
                } else if h > tableHeight {
                    // Taller than the view: the scroll position is inside it, and it fills the view.
                    guard table.state.top == item,
                        let placed = table.placedItems.first(where: { $0.item == item }),
                        placed.y <= 0, placed.y + placed.height >= tableHeight
                    else {
                        return "the cursor row \(cursor) (\(h) lines) is taller than the view (\(tableHeight)) but "
                            + "the scroll position is \(String(describing: table.state.top)) +\(table.state.topLineOffset)"
                    }
                }
            }
            return nil
        }

        /// Invariant 6b: where a screen reader is sent, worked out from the rows placed.
        private func readerCursorViolation() -> String? {
            let point = table.readerCursorPoint
            guard let cursor = table.state.cursor else {
                return point.map { "a reader cursor at \($0) with no cursor" }
            }
            let item = TableItem(section: cursor.section, row: cursor.row)
            let stickyEnd = table.placedItems.filter(\.isSticky).map { $0.y + $0.height }.max() ?? 0
            let shown = table.placedItems.first { $0.item == item && !$0.isSticky }.flatMap { placed in
                (max(0, placed.y)..<min(tableHeight, placed.y + placed.height)).first { $0 >= stickyEnd }
            }
            let expected = shown.map { table.convertToScreen(Point(x: 0, y: table.rowsTop + $0)) }
            if point != expected {
                return "the reader cursor is at \(point.map { "\($0)" } ?? "none"), the cursor row \(cursor)'s first "
                    + "line shown is at \(expected.map { "\($0)" } ?? "none") (placed \(table.placedItems))"
            }
            return nil
        }

        /// After the cursor moved (a key, a click, the wheel, the app): `scrollPadding` lines of context above and
        /// below its row, as the rows allow (fewer at the table's ends, and when the view is short).
        private func paddingViolation(after op: GeneratedTableCase.Op?, cursor: TableItem, rowHeight h: Int) -> String?
        {
            guard table.state.cursor != cursorBefore, table.scrollPadding > 0 else { return nil }
            switch op {
            case .key?, .click?, .doubleClick?, .wheel?, .setCursor?: break
            default: return nil
            }
            // A sticky header takes lines from the padding's room: the cursor's section's, which the table counts;
            // a taller one of another section above (the top row's) may leave less.
            let sticky = table.placedItems.first(where: \.isSticky)?.height ?? 0
            let cursorSticky = table.stickyLines(above: cursor)
            let pad = min(table.scrollPadding, max(0, (tableHeight - h - cursorSticky) / 2))
            guard pad > 0, sticky <= cursorSticky, let y = table.cursorLine else { return nil }
            // Lines of rows and headers next to the cursor's row, as the data gives them. Above, only the cursor's section counts (its header included): the
            // rows of a section above come with that section's sticky header, which may leave no room for them.
            func lines(from start: TableItem, up: Bool) -> Int? {
                var total = 0
                var item = start
                while total < pad,
                    let next = up ? table.metrics.previous(before: item) : table.metrics.next(after: item),
                    !up || next.section == cursor.section
                {
                    guard let height = expectedHeight(of: next) else { return nil }
                    total += height
                    item = next
                }
                return min(total, pad)
            }
            if let above = lines(from: cursor, up: true), y - sticky < above,
                someTopShows(
                    linesAbove: above, linesBelow: lines(from: cursor, up: false) ?? 0, cursor: cursor, rowHeight: h)
            {
                return "the cursor row \(cursor) is on line \(y) (sticky \(sticky)): fewer than \(above) lines of "
                    + "padding \(table.scrollPadding) above it"
            }
            if let below = lines(from: cursor, up: false), y + h + below > tableHeight {
                return "the cursor row \(cursor) (\(h) lines) is on line \(y): fewer than \(below) lines of padding "
                    + "\(table.scrollPadding) below it in \(tableHeight)"
            }
            return nil
        }

        /// The lines of a row or header as the data gives them (nil for an item the data does not have).
        private func expectedHeight(of item: TableItem) -> Int? {
            guard item.section < source.sections.count else { return nil }
            if let indexPath = item.indexPath { return source.row(indexPath).map(source.expectedHeight) }
            switch source.sections[item.section].header {
            case .none: return 0
            case .title: return 1
            case .custom(let height): return height
            }
        }

        /// True when some scroll position inside the cursor's section shows `linesAbove` lines of it above the
        /// cursor's row, the row whole, `linesBelow` lines below it and the sticky header such a position brings
        /// (its section's, when it and the top row fit): a tall header may leave no room for context.
        private func someTopShows(linesAbove wanted: Int, linesBelow: Int, cursor: TableItem, rowHeight h: Int) -> Bool
        {
            let header = TableItem.header(cursor.section)
            let headerHeight = table.stickyHeaders ? expectedHeight(of: header) : 0
            guard let headerHeight else { return false }
            var below = 0  // lines from the walked item's top to the cursor's row
            var item = cursor
            while let previous = table.metrics.previous(before: item), previous.section == cursor.section {
                guard let height = expectedHeight(of: previous) else { return false }
                below += height
                item = previous
                for offset in 0..<max(1, height) {
                    let lines = below - offset
                    let sticky = !previous.isHeader && headerHeight + height <= tableHeight ? headerHeight : 0
                    if lines >= wanted && sticky + lines + h + linesBelow <= tableHeight { return true }
                }
                if below - height > tableHeight { break }
            }
            return false
        }

        /// The cursor before the last operation.
        var cursorBefore: IndexPath?

        /// The cursor is shown after it moved, and after the data, the size or the scroll position changed by the user;
        /// a programmatic `scrollToRow` may leave it off screen (as in UIKit) until one of those.
        private func cursorMustBeVisible(after op: GeneratedTableCase.Op?) -> Bool {
            if table.state.cursor != cursorBefore { return true }
            if lastOpDidNothing { return false }
            switch op {
            case .resize?, .reloadData?, .insertRows?, .appendRows?, .deleteRows?, .insertSection?, .deleteSection?,
                .filterToNothing?,
                .unfilter?, .setCursor?, nil:
                return true
            default:
                return false
            }
        }

        /// True from an app's `setCursor` (which may pick any row) until the data is reloaded.
        var placedByApp = false
    }

    static func snapshot(_ screen: BufferScreen) -> [String] {
        (0..<screen.size.height).flatMap { y in
            [screen.line(y), screen.styleMask(line: y) { $0.attributes.contains(.reverse) }]
        }
    }

    /// Runs a case; returns the first violation with the step it happened at, nil when every invariant held.
    static func check(_ c: GeneratedTableCase) -> String? {
        let run = Run(c)
        if let problem = run.violation(after: nil) { return "before any operation: \(problem)" }
        for (step, op) in c.ops.enumerated() {
            run.cursorBefore = run.table.state.cursor
            let following = c.followsEnd ? run.followingState() : nil
            run.apply(op)
            switch op {
            case .setCursor: run.placedByApp = true
            case .reloadData, .insertRows, .deleteRows, .insertSection, .deleteSection, .filterToNothing, .unfilter,
                .appendRows:
                if !run.lastOpDidNothing { run.placedByApp = false }
            default: break
            }
            if let problem = run.violation(after: op) ?? following.flatMap({ run.followViolation(after: op, from: $0) })
            {
                return "after operation \(step) (\(op)): \(problem)"
            }
        }
        return nil
    }
}
