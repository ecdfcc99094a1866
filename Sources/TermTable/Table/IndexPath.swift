import FoundationEssentials
import TermTableCore

/// A row's position in a table is Foundation's `IndexPath` of two indexes, section then row, as in UIKit.
///
/// These members are what UIKit adds to `IndexPath`; with them, code written
/// for UIKit tables reads the same here, and an app that imports Foundation
/// meets no second `IndexPath` type.
extension IndexPath {
    /// The index path of `row` in `section`.
    public init(row: Int, section: Int) {
        // Not `init(indexes: [section, row])`: that builds an array on the heap for every index path (20 ns against 6).
        self.init(index: section)
        append(row)
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row within the section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

/// Foundation's `IndexPath`, so `import TermTable` alone is enough to write a data source.
public typealias IndexPath = FoundationEssentials.IndexPath
