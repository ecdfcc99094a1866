/// The heights a table has measured, by global row, kept for the scroll indicator when
/// ``TableView/estimatedRowHeight`` is set: "how many lines are above row r" and "which row holds line L"
/// without measuring (or walking) every row.
///
/// **Owns** one byte per row in pages of ``pageSize`` rows, a page allocated only when a row in it is
/// measured (0: not measured; `h + 1` for a height `h` below 254; 255: the height is in ``tallHeights``);
/// per page, the count and the sum of the measured heights; and two Fenwick trees over the pages of those
/// counts and sums.
///
/// **Invariants**: for every page, its count and sum are those of its measured rows, and the Fenwick
/// trees hold the prefix sums of the pages' counts and sums; a row's byte is 255 exactly when
/// ``tallHeights`` holds it; every recorded row is below ``rowCount``. "Lines before row r" and "the row at
/// line L" cost O(log pages + ``pageSize``); recording or forgetting a row costs O(log pages).
///
/// **Reset by** ``reset(rowCount:)``: the table's reload (counts changed, and inserts and deletes shift global
/// rows: the ledger starts over rather than shifting), a width change and a `rowHeight` change. The
/// table's 1,024-entry height cache is trimmed for speed; the ledger is not trimmed.
///
/// Headers are left out: the ledger counts rows' lines only.
struct RowHeightLedger: Sendable {
    /// Rows per page: 4 KiB of bytes for a page in which any row is measured.
    static let pageSize = 4096
    private static let tallMark: UInt8 = 255

    /// How many rows the table has.
    private(set) var rowCount = 0
    private var pages: [[UInt8]?] = []
    private var pageCounts: [Int] = []
    private var pageSums: [Int] = []
    private var countTree: [Int] = [0]  // 1-based Fenwick trees over the pages
    private var sumTree: [Int] = [0]
    /// Heights of 254 lines or more, by global row.
    private(set) var tallHeights: [Int: Int] = [:]
    /// How many rows are measured.
    private(set) var measuredCount = 0
    /// The lines of the measured rows.
    private(set) var measuredSum = 0

    /// An empty ledger for no rows.
    init() {}

    /// Forgets everything, for `rowCount` rows.
    mutating func reset(rowCount: Int) {
        self.rowCount = max(0, rowCount)
        let pageCount = (self.rowCount + Self.pageSize - 1) / Self.pageSize
        // Nothing measured and as many pages: every count, sum and byte is 0 already.
        if measuredCount == 0 && pageCount == pages.count { return }
        pages = Array(repeating: nil, count: pageCount)
        pageCounts = Array(repeating: 0, count: pageCount)
        pageSums = Array(repeating: 0, count: pageCount)
        countTree = Array(repeating: 0, count: pageCount + 1)
        sumTree = Array(repeating: 0, count: pageCount + 1)
        tallHeights.removeAll()
        measuredCount = 0
        measuredSum = 0
    }

    /// The height recorded for `row`, nil when it is not measured.
    func height(ofRow row: Int) -> Int? {
        guard row >= 0, row < rowCount, let page = pages[row / Self.pageSize] else { return nil }
        let byte = page[row % Self.pageSize]
        if byte == 0 { return nil }
        if byte == Self.tallMark { return tallHeights[row] }
        return Int(byte) - 1
    }

    /// Records `row`'s measured height (rows outside the ledger are ignored).
    mutating func record(_ height: Int, forRow row: Int) {
        guard row >= 0, row < rowCount else { return }
        let height = max(0, height)
        let old = self.height(ofRow: row)
        if old == height { return }
        let pageIndex = row / Self.pageSize
        if pages[pageIndex] == nil { pages[pageIndex] = [UInt8](repeating: 0, count: Self.pageSize) }
        if height >= Int(Self.tallMark) - 1 {
            pages[pageIndex]![row % Self.pageSize] = Self.tallMark
            tallHeights[row] = height
        } else {
            pages[pageIndex]![row % Self.pageSize] = UInt8(height + 1)
            tallHeights.removeValue(forKey: row)
        }
        change(page: pageIndex, count: old == nil ? 1 : 0, sum: height - (old ?? 0))
    }

    /// Forgets `row`'s height (`reloadRows`).
    mutating func forget(row: Int) {
        guard let old = height(ofRow: row) else { return }
        let pageIndex = row / Self.pageSize
        pages[pageIndex]![row % Self.pageSize] = 0
        tallHeights.removeValue(forKey: row)
        change(page: pageIndex, count: -1, sum: -old)
    }

    private mutating func change(page: Int, count: Int, sum: Int) {
        pageCounts[page] += count
        pageSums[page] += sum
        measuredCount += count
        measuredSum += sum
        var node = page + 1
        while node < countTree.count {
            countTree[node] += count
            sumTree[node] += sum
            node += node & -node
        }
    }

    /// The lines of every row: measured heights, `estimate` for each row not measured.
    func totalLines(estimate: Int) -> Int {
        measuredSum + (rowCount - measuredCount) * estimate
    }

    /// The lines of the rows before `row` (global), counting `estimate` for each row not measured.
    func lines(beforeRow row: Int, estimate: Int) -> Int {
        let row = min(max(0, row), rowCount)
        let pageIndex = row / Self.pageSize
        var count = 0
        var sum = 0
        var node = pageIndex
        while node > 0 {
            count += countTree[node]
            sum += sumTree[node]
            node -= node & -node
        }
        let pageStart = pageIndex * Self.pageSize
        if pageIndex < pages.count, let page = pages[pageIndex] {
            for index in 0..<(row - pageStart) where page[index] != 0 {
                count += 1
                sum += page[index] == Self.tallMark ? tallHeights[pageStart + index] ?? 0 : Int(page[index]) - 1
            }
        }
        return sum + (row - count) * estimate
    }

    /// The row holding line `line` (0-based, counting `estimate` for each row not measured): the last row
    /// whose lines before it are at most `line`, skipping rows of no lines; nil when there are no rows.
    func row(atLine line: Int, estimate: Int) -> Int? {
        guard rowCount > 0 else { return nil }
        let line = max(0, line)
        // Descend the Fenwick trees: the last whole run of pages whose lines are at most `line`.
        var pageIndex = 0
        var linesBefore = 0
        var step = 1
        while step * 2 < countTree.count { step *= 2 }
        while step > 0 {
            let node = pageIndex + step
            if node < countTree.count {
                let rows = min(rowCount, node * Self.pageSize) - pageIndex * Self.pageSize
                let nodeLines = sumTree[node] + (rows - countTree[node]) * estimate
                if linesBefore + nodeLines <= line {
                    pageIndex = node
                    linesBefore += nodeLines
                }
            }
            step /= 2
        }
        // `pageIndex` pages lie wholly at or before `line`; walk the next page row by row.
        guard pageIndex < pages.count else { return rowCount - 1 }
        let pageStart = pageIndex * Self.pageSize
        let page = pages[pageIndex]
        var row = pageStart
        let end = min(rowCount, pageStart + Self.pageSize)
        while row < end {
            let rowLines: Int
            if let page {
                let byte = page[row - pageStart]
                rowLines = byte == 0 ? estimate : byte == Self.tallMark ? tallHeights[row] ?? 0 : Int(byte) - 1
            } else {
                // A page with nothing measured: every row is the estimate.
                guard estimate > 0 else { return end - 1 }
                let skip = min(end - row - 1, (line - linesBefore) / estimate)
                if skip > 0 {
                    row += skip
                    linesBefore += skip * estimate
                    continue
                }
                rowLines = estimate
            }
            if linesBefore + rowLines > line { return row }
            linesBefore += rowLines
            row += 1
        }
        return rowCount - 1
    }
}
