import TableViewerKit
import TermTable

/// A column's values counted (`F`): each distinct value, how many rows hold it, its part of all rows, most
/// frequent first (ties by value).
///
/// Bounded: at most ``distinctLimit`` distinct values are kept (a column of unique codes would otherwise hold a
/// string a row); rows whose value comes after that count together as "(other values)". A value is counted by its
/// first ``valueBytes`` bytes.
public struct FrequencySheet: Sendable, Equatable {
    /// The most distinct values kept.
    public static let distinctLimit = 100_000
    /// The bytes of a value counted (longer values are counted by their start).
    public static let valueBytes = 256
    /// The row of the values past ``distinctLimit``.
    public static let otherValues = "(other values)"

    /// The column's name.
    public var column: String
    /// The values and their counts, most frequent first.
    public var counts: [(value: String, count: Int)]
    /// The rows counted.
    public var total: Int

    /// Counts column `column` of the first `rows` rows of `offsets` in `table` (call it off the main actor).
    public static func count(
        _ table: TableFile, column: Int, offsets: RecordOffsets, cancellation: Cancellation? = nil
    ) -> FrequencySheet? {
        var counts: [String: Int] = [:]
        var other = 0
        var scratch: [UInt8] = []
        for row in 0..<offsets.count {
            if row & 0xFFFF == 0, cancellation?.isCancelled == true { return nil }
            let value = table.withField(row: row, column: column, offsets: offsets, scratch: &scratch) { bytes in
                TableText.decode(bytes, limit: valueBytes).text
            }
            if counts[value] != nil || counts.count < distinctLimit {
                counts[value, default: 0] += 1
            } else {
                other += 1
            }
        }
        var sorted = counts.map { (value: $0.key, count: $0.value) }
        sorted.sort {
            $0.count != $1.count ? $0.count > $1.count : $0.value.utf8.lexicographicallyPrecedes($1.value.utf8)
        }
        if other > 0 { sorted.append((otherValues, other)) }
        let name = column < table.columns.count ? table.columns[column] : String(column + 1)
        return FrequencySheet(column: name, counts: sorted, total: offsets.count)
    }

    public static func == (left: FrequencySheet, right: FrequencySheet) -> Bool {
        left.column == right.column && left.total == right.total
            && left.counts.elementsEqual(right.counts) { $0.value == $1.value && $0.count == $1.count }
    }

    /// The width of the value column on a screen `width` wide.
    static func valueWidth(_ width: Int) -> Int { max(4, min(40, width / 3)) }

    /// The header line.
    public func header(width: Int) -> String {
        GridColumns.fitted(column, width: Self.valueWidth(width), rightAligned: false) + "│"
            + GridColumns.fitted("count", width: 10, rightAligned: true) + "│"
            + GridColumns.fitted("%", width: 6, rightAligned: true) + "│"
    }

    /// One row as a line `width` wide: value, count, percent, a bar as long as the part of the most frequent.
    public static func line(_ entry: (value: String, count: Int), of sheet: FrequencySheet, width: Int) -> String {
        let valueWidth = valueWidth(width)
        let percent = sheet.total == 0 ? 0 : Double(entry.count) * 100 / Double(sheet.total)
        let tenths = Int((percent * 10).rounded())
        let percentText = "\(tenths / 10).\(tenths % 10)"
        let barRoom = max(0, width - valueWidth - 10 - 6 - 4)
        let top = sheet.counts.first?.count ?? 1
        let bar = String(repeating: "█", count: top == 0 ? 0 : barRoom * entry.count / max(1, top))
        let value = entry.value.isEmpty ? "(empty)" : entry.value
        return GridColumns.fitted(value, width: valueWidth, rightAligned: false) + "│"
            + GridColumns.fitted(String(entry.count), width: 10, rightAligned: true) + "│"
            + GridColumns.fitted(percentText, width: 6, rightAligned: true) + "│" + bar
    }
}
