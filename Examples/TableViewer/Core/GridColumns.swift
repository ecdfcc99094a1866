import TableViewerKit
import TermTable

/// One column of the grid: its name, its type from a sample, its width from the same sample.
public struct GridColumn: Sendable, Equatable {
    /// The header's text.
    public var name: String
    /// The type inferred from the first rows.
    public var type: ColumnType
    /// Its width in terminal columns (the name's and the sampled cells', at most ``GridColumns/maximumWidth``).
    public var width: Int

    /// True when its cells are right-aligned: numbers.
    public var isRightAligned: Bool { type == .integer || type == .decimal }
}

/// The grid's columns and which of them show: the first ``frozenCount`` always, then from ``firstScrolled`` as
/// many as fit, a separator of one column between two.
public struct GridColumns: Sendable, Equatable {
    /// The widest a column is made from its content (a longer cell is cut with an ellipsis).
    public static let maximumWidth = 32

    /// All columns, in the file's order.
    public var columns: [GridColumn]
    /// The columns at the left that never scroll sideways (0 or more).
    public var frozenCount = 0
    /// The first column shown after the frozen ones.
    public var firstScrolled = 0

    /// A column placed on screen: which, where, how wide (cut when the room left is narrower).
    public struct Placed: Sendable, Equatable {
        /// The column's position in ``GridColumns/columns``.
        public var column: Int
        /// Its first terminal column.
        public var x: Int
        /// Its width on screen.
        public var width: Int
    }

    /// Columns from `names`, their types from `profiles`, widths from `sample` rows.
    public init(names: [String], types: [ColumnType], sample: [[String]]) {
        columns = names.enumerated().map { index, name in
            var width = TerminalText.width(of: TerminalText.sanitize(name)) + 1  // room for ▲/▼
            for row in sample where index < row.count {
                width = max(width, min(Self.maximumWidth, Self.cellWidth(row[index])))
            }
            return GridColumn(
                name: name, type: index < types.count ? types[index] : .text,
                width: max(1, min(Self.maximumWidth, width)))
        }
    }

    /// The width `text` takes in a cell (a line feed shows as one column, the first 256 characters measured).
    static func cellWidth(_ text: String) -> Int {
        TerminalText.width(of: TerminalText.sanitize(String(text.prefix(256))))
    }

    /// The first scrolled column, kept in range.
    var scrolledStart: Int { min(max(frozenCount, firstScrolled), max(frozenCount, columns.count - 1)) }

    /// The columns that show in `width` terminal columns, left to right.
    public func placed(width: Int) -> [Placed] {
        var result: [Placed] = []
        var x = 0
        let order = Array(0..<min(frozenCount, columns.count)) + Array(scrolledStart..<columns.count)
        for column in order where column < columns.count {
            guard x < width else { break }
            let shown = min(columns[column].width, width - x)
            result.append(Placed(column: column, x: x, width: shown))
            x += shown + 1
        }
        return result
    }

    /// ``firstScrolled`` moved so that `column` shows whole (or from its start, when wider than the room) in
    /// `width` terminal columns.
    public mutating func reveal(_ column: Int, width: Int) {
        guard column >= frozenCount, column < columns.count else { return }
        if column < scrolledStart {
            firstScrolled = column
            return
        }
        firstScrolled = scrolledStart
        while firstScrolled < column {
            let placed = placed(width: width)
            if let shown = placed.first(where: { $0.column == column }), shown.width == columns[column].width {
                return
            }
            firstScrolled += 1
        }
    }

    /// A cell's text fitted to `width`: sanitised, cut with an ellipsis, padded on the side its alignment leaves.
    public static func fitted(_ text: String, width: Int, rightAligned: Bool) -> String {
        guard width > 0 else { return "" }
        var shown = TerminalText.sanitize(text.utf8.count > 1024 ? String(text.prefix(1024)) : text)
        var shownWidth = TerminalText.width(of: shown)
        if shownWidth > width {
            shown = TerminalText.truncate(shown, toWidth: width, mode: .tail)
            shownWidth = TerminalText.width(of: shown)
        }
        let pad = String(repeating: " ", count: max(0, width - shownWidth))
        return rightAligned ? pad + shown : shown + pad
    }
}
