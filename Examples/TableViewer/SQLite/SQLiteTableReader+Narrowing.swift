extension SQLiteTableReader {
    /// Keeps `read`, every row of a filtered order (read from the start and shorter than asked), as the candidates of
    /// the orders that refine it; more than ``narrowingLimit`` rows are not kept.
    func readToEnd(_ read: [ReadRow]) {
        guard order.filter != nil, read.count <= narrowingLimit else {
            matchesRead = nil
            return
        }
        matchesRead = (order, read.compactMap(\.row.rowid))
    }
}

extension SQLiteOrder {
    /// True when every row this order's filter keeps, the `earlier` order's keeps too: the same sort, direction,
    /// equality and filtered column, and each of `earlier`'s terms is a subsequence of one of this order's terms
    /// (characters compared as `LIKE` compares them: their Unicode scalars, ASCII case ignored). A term `t` is
    /// `LIKE '%t1%t2%…%'`: a value holding a term's characters in order holds those of any subsequence of it.
    func refines(_ earlier: SQLiteOrder) -> Bool {
        guard sortColumn == earlier.sortColumn, ascending == earlier.ascending, equality == earlier.equality,
            let filter, let old = earlier.filter, filter.column == old.column
        else { return false }
        let terms = filter.text.split(separator: " ").map(Self.likeCharacters)
        return old.text.split(separator: " ").map(Self.likeCharacters).allSatisfy { oldTerm in
            terms.contains { Self.isSubsequence(oldTerm, of: $0) }
        }
    }

    /// A term's characters as `LIKE` compares them: each one's scalars, ASCII letters lower-cased.
    static func likeCharacters(_ term: Substring) -> [[UInt32]] {
        term.map { character in
            character.unicodeScalars.map { scalar in
                (65...90).contains(scalar.value) ? scalar.value + 32 : scalar.value
            }
        }
    }

    /// True when `part`'s characters are in `whole` in order.
    static func isSubsequence(_ part: [[UInt32]], of whole: [[UInt32]]) -> Bool {
        var index = whole.startIndex
        for character in part {
            guard let found = whole[index...].firstIndex(of: character) else { return false }
            index = found + 1
        }
        return true
    }
}
