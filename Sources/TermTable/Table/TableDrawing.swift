import TermTableCore
import TermTableLayout

/// What a table drew in its last frame: enough to tell which rows need drawing again.
struct TableDrawing {
    /// One drawn row (or header).
    struct Row {
        var item: TableItem
        var cell: ObjectIdentifier
        var version: Int
        var y: Int
        var height: Int
        var isSticky: Bool
    }

    /// Where the table was on the screen.
    var screenFrame: Rect
    var rows: [Row]
    /// The version of every line of the table on the screen after drawing.
    var lineVersions: [Int]
    /// The scroll indicator's thumb, nil when it was not drawn.
    var indicator: Range<Int>?
}
