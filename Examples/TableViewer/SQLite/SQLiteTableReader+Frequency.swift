import CSQLite

/// A column's values counted in SQL (`F`), most frequent first, at most a bound of them.
public struct SQLiteFrequency: Sendable, Equatable {
    /// A value and how many rows hold it.
    public struct Entry: Sendable, Equatable {
        /// The value (text cut at ``SQLiteTableReader/frequencyTextLimit`` bytes, a BLOB's first 16 bytes).
        public var value: SQLiteValue
        /// The rows that hold it.
        public var count: Int
        /// A row that holds it, when the source has rowids (so a filter on it compares the whole value).
        public var rowid: Int64?

        /// An entry.
        public init(value: SQLiteValue, count: Int, rowid: Int64?) {
            self.value = value
            self.count = count
            self.rowid = rowid
        }
    }

    /// The values, most frequent first (ties by value, in SQLite's order).
    public var entries: [Entry]
    /// The rows counted (all of the order's filter, the values past the bound too).
    public var total: Int
    /// How many distinct values the column has (more than ``entries`` when the bound was hit).
    public var distinct: Int

    /// Counted values.
    public init(entries: [Entry], total: Int, distinct: Int) {
        self.entries = entries
        self.total = total
        self.distinct = distinct
    }

    /// True when the column has more values than were kept.
    public var isCut: Bool { distinct > entries.count }
}

extension SQLiteTableReader {
    /// The most bytes of a counted text value kept (as the CSV viewer's frequency sheet counts them).
    public static let frequencyTextLimit = 256

    /// Column `column`'s values in the order's filter, counted: `SELECT c, count(*) … GROUP BY c ORDER BY 2 DESC
    /// LIMIT limit`, the total and the number of distinct values from window functions over the groups (one
    /// statement). Call it off the main actor, under ``SQLiteDatabase/withCancellation(_:_:)``: it reads the whole
    /// column (an index on it, when there is one).
    public func frequency(ofColumn column: Int, limit: Int) throws(SQLiteError) -> SQLiteFrequency {
        guard column < columns.count else { return SQLiteFrequency(entries: [], total: 0, distinct: 0) }
        let (filter, bindings) = filterClause
        let name = SQLiteSQL.quote(columns[column].name)
        let rowid = pagesByKeyset ? "min(\(rowidName))" : "NULL"
        let sql =
            "SELECT \(name), count(*), sum(count(*)) OVER (), count(*) OVER (), \(rowid) FROM \(from) "
            + "WHERE \(filter) GROUP BY \(name) ORDER BY 2 DESC, 1 LIMIT \(max(0, limit))"
        var entries: [SQLiteFrequency.Entry] = []
        var total = 0
        var distinct = 0
        try database.query(sql, bindings) { statement in
            let value = SQLiteDatabase.value(statement, 0, textLimit: Self.frequencyTextLimit)
            let holder = sqlite3_column_type(statement, 4) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 4)
            entries.append(.init(value: value, count: Int(sqlite3_column_int64(statement, 1)), rowid: holder))
            total = Int(sqlite3_column_int64(statement, 2))
            distinct = Int(sqlite3_column_int64(statement, 3))
            return true
        }
        return SQLiteFrequency(entries: entries, total: total, distinct: distinct)
    }

    /// Calls `body` with each row of the order (sorted by `sort`, each level a column and a direction, the rowid
    /// last where there is one; else the order in force), only `selected` columns (nil: all), at most `limit` rows,
    /// until it returns false: `tv --print`. Text is read whole; a BLOB as its size and first bytes.
    public func forEachRow(
        sortedBy sort: [(column: Int, ascending: Bool)], columns selected: [Int]?, limit: Int?,
        _ body: ([SQLiteValue]) -> Bool
    ) throws(SQLiteError) {
        let (filter, bindings) = filterClause
        let chosen = selected ?? Array(columns.indices)
        let list = chosen.isEmpty ? "NULL" : chosen.map { SQLiteSQL.quote(columns[$0].name) }.joined(separator: ", ")
        var levels = sort.map { "\(SQLiteSQL.quote(columns[$0.column].name)) \($0.ascending ? "ASC" : "DESC")" }
        if sort.isEmpty, let sortColumn = order.sortColumn {
            levels.append("\(SQLiteSQL.quote(columns[sortColumn].name)) \(order.ascending ? "ASC" : "DESC")")
        }
        if pagesByKeyset { levels.append(rowidName) }
        var sql = "SELECT \(list) FROM \(from) WHERE \(filter)"
        if !levels.isEmpty { sql += " ORDER BY " + levels.joined(separator: ", ") }
        if let limit { sql += " LIMIT \(max(0, limit))" }
        let width = Int32(chosen.count)
        try database.query(sql, bindings) { statement in
            body((0..<width).map { SQLiteDatabase.value(statement, $0, textLimit: Int.max) })
        }
    }
}
