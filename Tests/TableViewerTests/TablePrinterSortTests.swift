import Foundation
import TableViewerCore
import TableViewerKit
import Testing

/// `tv --print --sort` on generated files (seeded: random separators, quoting, line ends, embedded newlines and
/// quotes, numbers, dates, empty cells) equals a reference sort written here with Swift's own stable sort.
@Suite("tv --print --sort, generated")
struct TablePrinterSortTests {
    /// The reference order of `rows` by column `column` of type `type`: numbers and dates by value, text by UTF-8
    /// bytes; empty cells and cells not of the type last in both directions; equal keys in file order.
    static func referenceSort(_ rows: [[String]], column: Int, type: ColumnType, ascending: Bool) -> [[String]] {
        enum Key {
            case number(Double)
            case text([UInt8])
            case none
        }
        func key(_ text: String) -> Key {
            if text.isEmpty { return .none }
            if type == .text { return .text(Array(text.utf8)) }
            let bytes = Array(text.utf8)
            let number = bytes.withUnsafeBytes { type.sortNumber($0) }
            return number.map(Key.number) ?? .none
        }
        let keyed = rows.enumerated().map { (index: $0.offset, row: $0.element, key: key($0.element[column])) }
        let sorted = keyed.sorted { left, right in
            switch (left.key, right.key) {
            case (.none, .none): return left.index < right.index
            case (.none, _): return false
            case (_, .none): return true
            case (.number(let a), .number(let b)):
                return a == b ? left.index < right.index : (ascending ? a < b : a > b)
            case (.text(let a), .text(let b)):
                if a == b { return left.index < right.index }
                return ascending ? a.lexicographicallyPrecedes(b) : b.lexicographicallyPrecedes(a)
            default: return left.index < right.index
            }
        }
        return sorted.map(\.row)
    }

    @Test(arguments: 1...8)
    func sortedPrintEqualsTheReferenceSort(seed: UInt64) throws {
        var random = TableRandom(seed: seed)
        var generator = TableGenerator(seed: seed)
        let separator: UInt8 = [0x2C, 0x09, 0x3B][Int(random.next() % 3)]
        let quoteAll = random.next() % 2 == 0
        let lineEnd = random.next() % 2 == 0 ? "\n" : "\r\n"
        let count = 50 + Int(random.next() % 400)
        let rows = (0..<count).map { generator.row($0) }
        var bytes = TableGenerator.record(TableGenerator.columns, separator: separator, lineEnd: lineEnd)
        for row in rows {
            bytes += TableGenerator.record(row, separator: separator, quoteAll: quoteAll, lineEnd: lineEnd)
        }
        let folder = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try TVRun.file("table.csv", bytes, in: folder)
        let types = try TableFile(path: path).profileColumns().map(\.type)
        for _ in 0..<3 {
            let column = Int(random.next() % UInt64(TableGenerator.columns.count))
            let ascending = random.next() % 2 == 0
            let name = TableGenerator.columns[column]
            let result = try TVRun.run(["--print", "--sort", ascending ? name : name + ":desc", path])
            #expect(result.status == 0, "\(result.errors)")
            let expected = Self.referenceSort(rows, column: column, type: types[column], ascending: ascending)
            let lines = [TableGenerator.columns] + expected
            let text = lines.map { $0.map(TSVText.escaped).joined(separator: "\t") + "\n" }.joined()
            #expect(
                result.output == text,
                "seed \(seed), \(name) (\(types[column])) \(ascending ? "ascending" : "descending"), separator \(separator)"
            )
        }
    }
}
