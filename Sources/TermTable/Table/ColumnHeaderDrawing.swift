import TermTableCore

/// What a table drew of its column header in the last frame.
struct ColumnHeaderDrawing: Equatable {
    var screenFrame: Rect
    var version: Int
    var lineVersion: Int?
}
