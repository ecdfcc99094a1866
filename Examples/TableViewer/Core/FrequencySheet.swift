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

    /// The frequency table's columns: the value (titled `title`), its count, its percent of all rows, a bar.
    @MainActor
    public static func tableColumns(title: String) -> [TableColumn] {
        var value = TableColumn("value", title: title)
        value.maximumWidth = 40
        value.sortDescriptorPrototype = nil
        var count = TableColumn("count", valueType: .integer)
        count.sortDescriptorPrototype = nil
        var percent = TableColumn("%", valueType: .decimal)
        percent.sortDescriptorPrototype = nil
        var bar = TableColumn("bar", title: "", width: .fraction(1))
        bar.sortDescriptorPrototype = nil
        return [value, count, percent, bar]
    }

    /// Row `row`'s text in column `column` (``tableColumns(title:)``'s identifiers); the bar `barWidth` long for
    /// the most frequent value.
    public func text(ofRow row: Int, column: String, barWidth: Int) -> String {
        let entry = counts[row]
        switch column {
        case "value": return entry.value.isEmpty ? "(empty)" : entry.value
        case "count": return String(entry.count)
        case "%":
            let tenths = total == 0 ? 0 : Int((Double(entry.count) * 1000 / Double(total)).rounded())
            return "\(tenths / 10).\(tenths % 10)"
        default:
            let top = max(1, counts.first?.count ?? 1)
            return String(repeating: "█", count: max(0, barWidth) * entry.count / top)
        }
    }
}
