import TermTableCore

/// A slot in a table's flow of lines: a section header (`row == -1`) or a row.
package struct TableItem: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section.
    package var section: Int
    /// The row, or -1 for the section's header.
    package var row: Int

    /// Creates an item.
    package init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// The header of `section`.
    package static func header(_ section: Int) -> TableItem { TableItem(section: section, row: -1) }

    /// True for a section header.
    package var isHeader: Bool { row < 0 }
    /// The index path of a row item (nil for a header).
    package var indexPath: IndexPath? { row < 0 ? nil : IndexPath(row: row, section: section) }

    /// Orders by section, header first, then rows.
    package static func < (a: TableItem, b: TableItem) -> Bool { (a.section, a.row) < (b.section, b.row) }

    /// `[section, row]` or `[section, header]`.
    package var description: String { row < 0 ? "[\(section), header]" : "[\(section), \(row)]" }
}

/// The shape of a table's content: rows per section and header heights, with navigation between items.
///
/// Built once per ``TableView/reloadData()`` in O(sections); every question it
/// answers (next item, global row index, scroll fraction) is O(1) or
/// O(log sections), whatever the number of rows.
package struct TableMetrics: Sendable, Equatable {
    /// Rows in each section.
    package private(set) var rowCounts: [Int]
    /// Header height of each section (0: no header).
    package private(set) var headerHeights: [Int]
    /// Rows before each section, for global row numbers.
    private var rowsBefore: [Int]

    /// Creates metrics from row counts and header heights (missing heights are 0).
    package init(rowCounts: [Int], headerHeights: [Int] = []) {
        self.rowCounts = rowCounts.map { max(0, $0) }
        self.headerHeights = rowCounts.indices.map { $0 < headerHeights.count ? max(0, headerHeights[$0]) : 0 }
        var before: [Int] = []
        var total = 0
        for count in self.rowCounts {
            before.append(total)
            total += count
        }
        rowsBefore = before + [total]
    }

    /// The number of sections.
    package var sectionCount: Int { rowCounts.count }

    /// Sets a section's header height once it is measured (0: the section has no header).
    mutating func setHeaderHeight(_ height: Int, forSection section: Int) {
        guard section >= 0, section < headerHeights.count else { return }
        headerHeights[section] = max(0, height)
    }
    /// The number of rows in all sections.
    package var totalRows: Int { rowsBefore.last ?? 0 }

    /// True when `item` exists.
    package func contains(_ item: TableItem) -> Bool {
        guard item.section >= 0, item.section < rowCounts.count else { return false }
        if item.isHeader { return headerHeights[item.section] > 0 }
        return item.row < rowCounts[item.section]
    }

    /// True when the row exists.
    package func contains(_ indexPath: IndexPath) -> Bool {
        contains(TableItem(section: indexPath.section, row: indexPath.row))
    }

    /// The first item of the table, nil when it is empty.
    package var firstItem: TableItem? { next(after: nil) }

    /// The last item of the table.
    package var lastItem: TableItem? {
        for section in rowCounts.indices.reversed() {
            if rowCounts[section] > 0 { return TableItem(section: section, row: rowCounts[section] - 1) }
            if headerHeights[section] > 0 { return .header(section) }
        }
        return nil
    }

    /// The item after `item` (the first item when nil).
    package func next(after item: TableItem?) -> TableItem? {
        var section = item?.section ?? 0
        var row = item.map { $0.row + 1 } ?? -1
        while section < rowCounts.count {
            if row < 0 {
                if headerHeights[section] > 0 { return .header(section) }
                row = 0
            }
            if row < rowCounts[section] { return TableItem(section: section, row: row) }
            section += 1
            row = -1
        }
        return nil
    }

    /// The item before `item`.
    package func previous(before item: TableItem) -> TableItem? {
        var section = item.section
        var row = item.row - 1  // -1 is the header, below that the previous section
        if section >= rowCounts.count {
            section = rowCounts.count - 1
            row = Int.max
        }
        while section >= 0 {
            if row >= rowCounts[section] { row = rowCounts[section] - 1 }
            if row >= 0 { return TableItem(section: section, row: row) }
            if row == -1 && headerHeights[section] > 0 { return .header(section) }
            section -= 1
            row = Int.max
        }
        return nil
    }

    /// The row's position counting all rows of all sections before it.
    package func globalRow(of indexPath: IndexPath) -> Int {
        globalRow(of: TableItem(section: indexPath.section, row: indexPath.row))
    }

    /// The global position of a row item (0 for an unknown section).
    package func globalRow(of item: TableItem) -> Int {
        guard item.section >= 0, item.section < rowCounts.count else { return 0 }
        return rowsBefore[item.section] + item.row
    }

    /// The row at global position `index` (clamped to the table).
    package func indexPath(forGlobalRow index: Int) -> IndexPath? {
        item(forGlobalRow: index).map { IndexPath(row: $0.row, section: $0.section) }
    }

    /// The row item at global position `index` (clamped to the table), nil when the table has no rows.
    package func item(forGlobalRow index: Int) -> TableItem? {
        guard totalRows > 0 else { return nil }
        let target = min(max(0, index), totalRows - 1)
        // Binary search the section whose range holds the target.
        var low = 0
        var high = rowCounts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if rowsBefore[mid] <= target { low = mid } else { high = mid - 1 }
        }
        var section = low
        while rowCounts[section] == 0 { section += 1 }
        return TableItem(section: section, row: target - rowsBefore[section])
    }

    /// The item nearest to `item` that exists (for clamping after a reload).
    package func clamp(_ item: TableItem) -> TableItem? {
        if contains(item) { return item }
        guard sectionCount > 0 else { return nil }
        let section = min(max(0, item.section), sectionCount - 1)
        if rowCounts[section] > 0 {
            return TableItem(section: section, row: min(max(0, item.row), rowCounts[section] - 1))
        }
        return previous(before: TableItem(section: section, row: 0)) ?? next(
            after: TableItem(section: section, row: Int.max - 1))
            ?? firstItem
    }
}

/// Where an item is drawn in the table's viewport.
package struct PlacedItem: Hashable, Sendable {
    /// The header or row.
    package var item: TableItem
    /// The first line, from the top of the table.
    package var y: Int
    /// Its height in lines.
    package var height: Int
    /// True for the current section's header kept at the top.
    package var isSticky: Bool
}

/// The pure layout rules of a table: what is visible from a top item, and where to scroll to show a row.
///
/// The scroll position is the item at the top of the viewport (with a line offset
/// inside it), not a line number, so a table of 10 million rows of any heights
/// needs no measuring of rows it does not show.
package enum TableLayout {
    /// The items visible from `top` in a viewport `height` lines tall.
    ///
    /// When `top` is a row of a section with a header and `stickyHeaders` is on,
    /// the header is placed first (at line 0) and the rows follow below it.
    ///
    /// The top item's first `topOffset` lines are scrolled out: it is placed that many lines above the
    /// first line of rows (a negative `y` without a sticky header), so only its lower part shows.
    package static func visibleItems(
        from top: TableItem?, topOffset: Int = 0, height viewport: Int, metrics: TableMetrics,
        stickyHeaders: Bool = true, itemHeight: (TableItem) -> Int
    ) -> [PlacedItem] {
        guard let top, viewport > 0 else { return [] }
        var placed: [PlacedItem] = []
        var y = 0
        let sticky = stickyHeight(
            above: top, height: viewport, metrics: metrics, stickyHeaders: stickyHeaders,
            itemHeight: itemHeight)
        if sticky > 0 {
            placed.append(PlacedItem(item: .header(top.section), y: 0, height: sticky, isSticky: true))
            y = sticky
        }
        y -= max(0, topOffset)
        var item: TableItem? = top
        while let current = item, y < viewport {
            let h = max(0, itemHeight(current))
            if h > 0, y + h > (sticky > 0 ? sticky : 0) {
                placed.append(PlacedItem(item: current, y: y, height: h, isSticky: false))
            }
            y += h
            item = metrics.next(after: current)
        }
        return placed
    }

    /// The lines of the sticky header above `top`: its section's header, when the header and the top row fit together.
    ///
    /// A top row that would not fit under its header (a tall row in a short
    /// view) is shown from line 0 without it, so a row that fits in the view
    /// is always shown whole.
    package static func stickyHeight(
        above top: TableItem, height viewport: Int, metrics: TableMetrics,
        stickyHeaders: Bool = true, itemHeight: (TableItem) -> Int
    ) -> Int {
        guard stickyHeaders, !top.isHeader, metrics.contains(.header(top.section)) else { return 0 }
        let header = max(0, itemHeight(.header(top.section)))
        return header + max(0, itemHeight(top)) <= viewport ? header : 0
    }

    /// The top item that shows `target` with the least scrolling from `top`.
    ///
    /// A target taller than the view is shown from its first line.
    package static func top(
        revealing target: TableItem, from top: TableItem?, height viewport: Int,
        metrics: TableMetrics, stickyHeaders: Bool = true,
        itemHeight: (TableItem) -> Int
    ) -> TableItem {
        func sticky(_ item: TableItem) -> Int {
            stickyHeight(
                above: item, height: viewport, metrics: metrics, stickyHeaders: stickyHeaders, itemHeight: itemHeight)
        }
        guard let top, target >= top else { return target }
        // Already fully visible?
        var y = sticky(top)
        var item: TableItem? = top
        while let current = item, y < viewport {
            let h = itemHeight(current)
            if current == target { if y + h <= viewport { return top } else { break } }
            y += h
            item = metrics.next(after: current)
        }
        // Walk up from the target while everything still fits. An item of height 0 (a section without a
        // header) is walked through but never becomes the top: it is not placed, and the top would slip above it.
        var best = target
        var walked = target
        var total = sticky(target) + itemHeight(target)
        while let previous = metrics.previous(before: walked), previous >= top {
            let candidate = total - sticky(walked) + itemHeight(previous) + sticky(previous)
            if candidate > viewport { break }
            total = candidate
            walked = previous
            if itemHeight(previous) > 0 { best = previous }
        }
        // A target of no lines under an item taller than the view: that item is shown from its first line
        // (a top of no lines would place nothing at all).
        if itemHeight(best) == 0 {
            var candidate = best
            while let previous = metrics.previous(before: candidate), previous >= top {
                candidate = previous
                if itemHeight(previous) > 0 { return previous }
            }
        }
        return best
    }
}
