/// The position of a row: its section and its row within the section.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, 0-based.
    public var section: Int
    /// The row within the section, 0-based.
    public var row: Int

    /// Creates an index path.
    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }

    /// Orders by section, then row.
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.row) < (b.section, b.row)
    }

    /// `[section, row]`.
    public var description: String { "[\(section), \(row)]" }
}
