import CSQLite

/// Where `n` or `N` goes: the row of the next (or previous) match in the order, and whether the search went round
/// the end to find it.
public struct SQLiteMatch: Sendable, Equatable {
    /// The match's row (an index from the start, in the order).
    public var row: Int
    /// True when no row past the start row matched and the search went on from the other end.
    public var wrapped: Bool

    /// A match at `row`.
    public init(row: Int, wrapped: Bool) {
        self.row = row
        self.wrapped = wrapped
    }
}

extension SQLiteTableReader {
    /// The next row after `row` (before it, `forward` false) in the order whose value in `query`'s column matches
    /// `query` as `/`'s filter would (each term's characters in order); from the other end when none does (wrapped);
    /// nil when no row matches. Call it off the main actor, under ``SQLiteDatabase/withCancellation(_:_:)``.
    ///
    /// A table with a rowid (`rowid`: row `row`'s) is searched by keyset: the first match after the row's key
    /// (`WHERE (k, rowid) > (?, ?) AND match ORDER BY k, rowid LIMIT 1`), then its place by counting the rows between
    /// the two keys (`count(*)` over the same conditions: index entries, not rows, when `k` has an index); wrapped,
    /// the rows before the match are counted. So `n` costs the rows up to the match, never the table. Views and
    /// queries number their rows (`row_number() OVER (…)`) and take the first match past `row`.
    public func nextMatch(
        of query: (column: Int, text: String), after row: Int, rowid: Int64?, forward: Bool
    ) throws(SQLiteError) -> SQLiteMatch? {
        guard let match = matchClause(query) else { return nil }
        guard pagesByKeyset, let rowid, let start = try key(ofRowid: rowid) else {
            return try numberedMatch(match, after: row, forward: forward)
        }
        if let found = try firstKey(in: segments(after: start, forward: forward), matching: match) {
            let between = try count(segments(after: start, forward: forward), segments(after: found, forward: !forward))
            return SQLiteMatch(row: forward ? row + 1 + between : row - 1 - between, wrapped: false)
        }
        guard let found = try firstKey(in: segments(after: nil, forward: forward), matching: match) else { return nil }
        // Its place from the start: the rows before it.
        let before = try count(segments(after: found, forward: false), nil)
        return SQLiteMatch(row: before, wrapped: true)
    }

    /// The key (sort value, whole, and rowid) of the row with `rowid`; nil when it is gone.
    func key(ofRowid rowid: Int64) throws(SQLiteError) -> Key? {
        let sortSelect = order.sortColumn.map { SQLiteSQL.quote(columns[$0].name) } ?? "NULL"
        var key: Key?
        try database.query(
            "SELECT \(sortSelect) FROM \(from) WHERE \(rowidName) = ?", [.integer(rowid)]
        ) { statement in
            key = Key(value: SQLiteDatabase.value(statement, 0, textLimit: Int.max, wholeBlob: true), rowid: rowid)
            return false
        }
        return key
    }

    /// The key of the first row of `segments` (in their order) that `match` holds for.
    func firstKey(
        in segments: [Segment], matching match: (condition: String, bindings: [SQLiteValue])
    ) throws(SQLiteError) -> Key? {
        let sortSelect = order.sortColumn.map { SQLiteSQL.quote(columns[$0].name) } ?? "NULL"
        for segment in segments {
            var found: Key?
            let sql =
                "SELECT \(rowidName), \(sortSelect) FROM \(from) WHERE (\(segment.condition)) AND \(match.condition) "
                + "ORDER BY \(segment.orderBy) LIMIT 1"
            try database.query(sql, segment.bindings + match.bindings) { statement in
                found = Key(
                    value: SQLiteDatabase.value(statement, 1, textLimit: Int.max, wholeBlob: true),
                    rowid: sqlite3_column_int64(statement, 0))
                return false
            }
            if let found { return found }
        }
        return nil
    }

    /// The rows in both `first` and `second` (each a list of disjoint segments; nil: every row).
    func count(_ first: [Segment], _ second: [Segment]?) throws(SQLiteError) -> Int {
        var total = 0
        for one in first {
            for other in second ?? [Segment(condition: "1", bindings: [], orderBy: "")] {
                total += Int(
                    try database.scalarInteger(
                        "SELECT count(*) FROM \(from) WHERE (\(one.condition)) AND (\(other.condition))",
                        one.bindings + other.bindings))
            }
        }
        return total
    }

    /// `nextMatch` by row numbers (a view, a `WITHOUT ROWID` table, a query): the rows of the order numbered as
    /// ``offsetRows(_:)`` reads them, the first match past `row`, else from the other end.
    func numberedMatch(
        _ match: (condition: String, bindings: [SQLiteValue]), after row: Int, forward: Bool
    ) throws(SQLiteError) -> SQLiteMatch? {
        let (filter, filterBindings) = filterClause
        var over = ""
        if let sortColumn = order.sortColumn {
            over = "ORDER BY \(SQLiteSQL.quote(columns[sortColumn].name)) \(order.ascending ? "ASC" : "DESC")"
        }
        let numbered =
            "SELECT n FROM (SELECT row_number() OVER (\(over)) - 1 AS n, \(match.condition) AS m FROM \(from) "
            + "WHERE \(filter)) WHERE m"
        let direction = forward ? "ASC" : "DESC"
        let bindings = match.bindings + filterBindings
        let past = try database.scalarIntegerOrNil(
            "\(numbered) AND n \(forward ? ">" : "<") ? ORDER BY n \(direction) LIMIT 1",
            bindings + [.integer(Int64(row))])
        if let past { return SQLiteMatch(row: Int(past), wrapped: false) }
        let wrapped = try database.scalarIntegerOrNil("\(numbered) ORDER BY n \(direction) LIMIT 1", bindings)
        return wrapped.map { SQLiteMatch(row: Int($0), wrapped: true) }
    }
}

extension SQLiteDatabase {
    /// The first column of the first row of `sql` as an integer, nil when there is no row.
    func scalarIntegerOrNil(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        var result: Int64?
        try query(sql, bindings) { statement in
            result = sqlite3_column_int64(statement, 0)
            return false
        }
        return result
    }
}
