import CSQLite

/// What a reader reads: a table (paged by keyset when it has a rowid) or any read-only query (paged by
/// `LIMIT`/`OFFSET`).
public enum SQLiteSource: Sendable, Equatable {
    /// A table or view by name.
    case table(String)
    /// A read-only `SELECT` (checked with `sqlite3_stmt_readonly`).
    case query(String)
}

/// The order and filter of a reader: the column model's sort (one column, then the rowid) and `/`'s filter.
public struct SQLiteOrder: Sendable, Equatable {
    /// The column sorted by (an index into the reader's columns), nil for the table's own order (the rowid's).
    public var sortColumn: Int?
    /// True for ascending (NULLs first, as SQLite orders them), false for descending (NULLs last).
    public var ascending: Bool
    /// The column filtered, with its query: rows whose value holds each of the query's space-separated terms'
    /// characters in order (`LIKE '%a%b%'`, ASCII case ignored: the candidates of a fuzzy match).
    public var filter: (column: Int, text: String)?
    /// The rows whose value in a column is one value (`F`'s Enter), with ``filter`` when both are set.
    public var equality: SQLiteEquality?

    /// An order.
    public init(
        sortColumn: Int? = nil, ascending: Bool = true, filter: (column: Int, text: String)? = nil,
        equality: SQLiteEquality? = nil
    ) {
        self.sortColumn = sortColumn
        self.ascending = ascending
        self.filter = filter
        self.equality = equality
    }

    /// True when rows are left out (a filter or an equality).
    public var isFiltered: Bool { filter != nil || equality != nil }

    /// Equal sorts and filters.
    public static func == (lhs: SQLiteOrder, rhs: SQLiteOrder) -> Bool {
        lhs.sortColumn == rhs.sortColumn && lhs.ascending == rhs.ascending && lhs.filter?.column == rhs.filter?.column
            && lhs.filter?.text == rhs.filter?.text && lhs.equality == rhs.equality
    }
}

/// The rows whose value in ``column`` is ``value`` (`col IS ?`: NULL matches NULL), or, with ``rowid``, the value that
/// row holds (`col IS (SELECT col … WHERE rowid = ?)`: a long text or a BLOB compared whole, not the part read).
public struct SQLiteEquality: Sendable, Equatable {
    /// The column (an index into the reader's columns).
    public var column: Int
    /// The value as read (shown; compared when there is no ``rowid``).
    public var value: SQLiteValue
    /// A row that holds the value, when the source has rowids.
    public var rowid: Int64?

    /// Rows whose `column` is `value` (or row `rowid`'s value).
    public init(column: Int, value: SQLiteValue, rowid: Int64? = nil) {
        self.column = column
        self.value = value
        self.rowid = rowid
    }
}

/// Reads the rows of one table, view or query in an order, a page at a time, without ever holding the table.
///
/// A table with a rowid is read by keyset: a page starts after the sort key and rowid of a row already read
/// (`WHERE (c, rowid) > (?, ?) ORDER BY c, rowid LIMIT n`, NULLs in their own segment), from the start or from the
/// end (`G`), so each page costs what its rows cost (with an index on `c`, or no sort). The keys of the rows read are
/// kept (``anchorLimit``, about 40 bytes each) as anchors; a page far from every anchor is reached by stepping over
/// the rows between in the key columns only (`LIMIT 1 OFFSET d` from the nearest anchor: the cost of reading `d`
/// keys, never of `d` rows). A view, a `WITHOUT ROWID` table and a query are paged by `LIMIT`/`OFFSET`, the query run
/// again for each page.
///
/// Not thread-safe: one thread at a time (`tv` calls it from its page thread, under a lock). Interrupt it through
/// ``database``.
public final class SQLiteTableReader {
    /// The connection the pages are read on.
    public let database: SQLiteDatabase
    /// What is read.
    public let source: SQLiteSource
    /// The columns shown (at most ``columnLimit``; ``totalColumnCount`` counts them all).
    public let columns: [SQLiteColumn]
    /// How many columns the table or query has.
    public let totalColumnCount: Int
    /// True when pages are read by keyset (a table with a rowid); false: by `LIMIT`/`OFFSET`.
    public let pagesByKeyset: Bool
    /// The order and filter in force (``setOrder(_:)``).
    public private(set) var order = SQLiteOrder()

    /// The most columns read (SQLite's result rows hold at most 2,000 columns; the rest are not shown).
    public static let columnLimit = 1000
    /// The most bytes of a text value read for a cell (a longer one is cut on a character boundary).
    public static let textLimit = 1024
    /// The most anchors kept: past it they are dropped and found again from the nearest end.
    public static let anchorLimit = 100_000

    /// A row's place in the order: its sort value (the whole value) and rowid.
    struct Key {
        var value: SQLiteValue
        var rowid: Int64
    }

    /// Keys by row index from the start.
    var startKeys: [Int: Key] = [:]
    /// Keys by distance from the end (0: the last row).
    var endKeys: [Int: Key] = [:]
    /// The name of the rowid column (`rowid`, unless a column takes it).
    let rowidName: String
    /// `FROM …` of every statement.
    let from: String
    /// The selected columns, quoted and joined.
    let selectList: String
    /// Every row of the last filtered order read to its end (a short first read, or a count: the scan completed, not
    /// stopped), by rowid, when at most ``narrowingLimit``; kept while each new order refines it
    /// (``SQLiteOrder/refines(_:)``).
    var matchesRead: (order: SQLiteOrder, rowids: [Int64])?
    /// The rowids the order in force is narrowed to (``matchesRead``'s, when the order refines its), nil: none.
    var candidates: [Int64]?
    /// The most rowids ``matchesRead`` holds (8 bytes each): a filter with more matches is not narrowed after.
    var narrowingLimit = 65_536

    /// A reader of `source` on `database`. Throws ``SQLiteError/Kind/noSuchTable`` (listing the tables and views)
    /// for an unknown name, ``SQLiteError/Kind/notReadOnly`` for a query that writes or is more than one statement.
    public init(database: SQLiteDatabase, source: SQLiteSource) throws(SQLiteError) {
        self.database = database
        self.source = source
        switch source {
        case .table(let name):
            let objects = try database.objects()
            guard objects.contains(where: { $0.name == name }) else {
                let names = objects.map(\.name).joined(separator: ", ")
                throw SQLiteError(
                    .noSuchTable,
                    "no table or view “\(name)”; " + (names.isEmpty ? "the file has none" : "the file has: \(names)"))
            }
            let all = try database.columns(of: name)
            totalColumnCount = all.count
            columns = Array(all.prefix(Self.columnLimit))
            pagesByKeyset = objects.contains { $0.name == name && $0.kind == .table } && database.hasRowid(name)
            from = SQLiteSQL.quote(name)
        case .query(let sql):
            let statement = try database.prepare(sql)
            defer { sqlite3_finalize(statement) }
            guard sqlite3_stmt_readonly(statement) != 0 else {
                throw SQLiteError(.notReadOnly, "the query would change the database (tv runs read-only queries only)")
            }
            guard !database.hasMoreThanOneStatement(sql) else {
                throw SQLiteError(.notReadOnly, "give one statement (a SELECT), not several")
            }
            guard sqlite3_column_count(statement) > 0 else {
                throw SQLiteError(.notReadOnly, "the statement returns no rows (give a SELECT)")
            }
            // A subquery's duplicate column names are made unique by SQLite (`a:1`): these name its columns.
            let inner = "(" + sql.trimmingSemicolons + ")"
            let wrapped = try database.prepare("SELECT * FROM \(inner)")
            defer { sqlite3_finalize(wrapped) }
            let count = Int(sqlite3_column_count(wrapped))
            let all = (0..<Int32(count)).map { index in
                SQLiteColumn(
                    name: String(cString: sqlite3_column_name(wrapped, index)),
                    declaredType: sqlite3_column_decltype(wrapped, index).map { String(cString: $0) } ?? "")
            }
            totalColumnCount = all.count
            columns = Array(all.prefix(Self.columnLimit))
            pagesByKeyset = false
            from = inner
        }
        let names = Set(columns.map { $0.name.lowercased() })
        rowidName = ["rowid", "_rowid_", "oid"].first { !names.contains($0) } ?? "rowid"
        selectList = columns.isEmpty ? "NULL" : columns.map { SQLiteSQL.quote($0.name) }.joined(separator: ", ")
    }

    /// Sets the order and filter; the anchors of the old order go. An order that refines the last one read to its
    /// end (a longer query, ``SQLiteOrder/refines(_:)``) looks only at that one's rows (`rowid IN (…)`).
    public func setOrder(_ order: SQLiteOrder) {
        guard order != self.order else { return }
        self.order = order
        startKeys = [:]
        endKeys = [:]
        if let matchesRead, pagesByKeyset, order.refines(matchesRead.order) {
            candidates = matchesRead.rowids
        } else {
            matchesRead = nil
            candidates = nil
        }
    }

    /// Forgets the rows of the last order read to its end (`R`: every statement reads the table again).
    public func forgetMatchesRead() {
        matchesRead = nil
        candidates = nil
    }

    // MARK: Counting

    /// `SELECT count(*)` of the rows in the order's filter (run it on a connection of its own: it reads every row's
    /// smallest index entry).
    public var countSQL: (String, [SQLiteValue]) {
        let (filter, bindings) = filterClause
        return ("SELECT count(*) FROM \(from) WHERE \(filter)", bindings)
    }

    /// The count of rows, on `database` (another connection to the same file, say). Throws
    /// ``SQLiteError/Kind/interrupted`` when interrupted.
    public func count(on database: SQLiteDatabase) throws(SQLiteError) -> Int {
        let (sql, bindings) = countSQL
        return Int(try database.scalarInteger(sql, bindings))
    }

    /// A count at once, before ``count(on:)`` is done: `max(rowid) - min(rowid) + 1` for an unfiltered table with a
    /// rowid (exact when no row was deleted; two lookups at the b-tree's ends), else nil.
    public func quickEstimate() -> Int? {
        guard let sql = quickEstimateSQL else { return nil }
        return try? Int(database.scalarInteger(sql))
    }

    /// The statement of ``quickEstimate()``, nil when there is none. Two subqueries: SQLite answers a lone `min()` or
    /// `max()` of the rowid from the b-tree's ends (O(log n)), but `max(rowid) - min(rowid)` in one select scans the
    /// table (0.7 s at 10^7 rows).
    var quickEstimateSQL: String? {
        guard pagesByKeyset, !order.isFiltered else { return nil }
        let rowid = rowidName
        return "SELECT coalesce((SELECT max(\(rowid)) FROM \(from)) - (SELECT min(\(rowid)) FROM \(from)) + 1, 0)"
    }

    // MARK: Pages

    /// Rows `range` (indices from the start, in the order). `total` is the row count as known (exact or
    /// estimated): with it, the end is an anchor too (rows near the end are read backwards from it). Fewer rows
    /// come back when the order has fewer.
    public func rows(_ range: Range<Int>, total: Int?) throws(SQLiteError) -> [SQLiteRow] {
        guard !range.isEmpty else { return [] }
        guard pagesByKeyset else { return try offsetRows(range) }
        if startKeys.count + endKeys.count > Self.anchorLimit {
            startKeys = [:]
            endKeys = [:]
        }
        let first = range.lowerBound
        let last = range.upperBound - 1
        // The nearest anchor: before the range (read forwards) or after it (read backwards).
        var best = (distance: first, index: -1, fromEnd: false, forward: true)  // the start itself
        if let total, last < total, total - 1 - last < best.distance {
            best = (total - 1 - last, total, true, false)  // the end itself (distance -1 from the end)
        }
        for (index, _) in startKeys {
            if index < first, first - 1 - index < best.distance { best = (first - 1 - index, index, false, true) }
            if index > last, index - 1 - last < best.distance { best = (index - 1 - last, index, false, false) }
        }
        if let total {
            for (distance, _) in endKeys {
                let index = total - 1 - distance
                if index < first, first - 1 - index < best.distance { best = (first - 1 - index, index, true, true) }
                if index > last, index - 1 - last < best.distance { best = (index - 1 - last, index, true, false) }
            }
        }
        let anchor: Key?
        let anchorIndex = best.index
        if best.fromEnd {
            anchor = anchorIndex == total ? nil : endKeys[total! - 1 - anchorIndex]
        } else {
            anchor = anchorIndex == -1 ? nil : startKeys[anchorIndex]
        }
        let read = try fetch(after: anchor, forward: best.forward, skip: best.distance, limit: range.count)
        if first == 0, anchorIndex == -1, best.forward, read.count < range.count { readToEnd(read) }
        // Keep each row's key in the coordinates of its anchor (from the start, or from the end).
        for (offset, row) in read.enumerated() {
            let index =
                best.forward ? anchorIndex + 1 + best.distance + offset : anchorIndex - 1 - best.distance - offset
            guard let key = key(of: row) else { continue }
            if best.fromEnd, let total { endKeys[total - 1 - index] = key } else { startKeys[index] = key }
        }
        return best.forward ? read.map(\.row) : read.reversed().map(\.row)
    }

    /// The last `count` rows of the order (`G`), read backwards from the end (no count needed).
    public func lastRows(_ count: Int) throws(SQLiteError) -> [SQLiteRow] {
        if !pagesByKeyset {
            let total = try self.count(on: database)
            return try offsetRows(max(0, total - count)..<total)
        }
        let read = try fetch(after: nil, forward: false, skip: 0, limit: count)
        for (distance, row) in read.enumerated() { if let key = key(of: row) { endKeys[distance] = key } }
        return read.reversed().map(\.row)
    }

    /// A row read with the full value of its sort column.
    struct ReadRow {
        var row: SQLiteRow
        var sortValue: SQLiteValue
    }

    func key(of read: ReadRow) -> Key? { read.row.rowid.map { Key(value: read.sortValue, rowid: $0) } }

    /// Reads `limit` rows after `anchor` (nil: from the start, or from the end backwards), skipping `skip` rows
    /// first by their keys only.
    func fetch(after anchor: Key?, forward: Bool, skip: Int, limit: Int) throws(SQLiteError) -> [ReadRow] {
        var anchor = anchor
        if skip > 0 {
            // Step over `skip` rows reading only their keys.
            guard let key = try step(after: anchor, forward: forward, over: skip) else { return [] }
            anchor = key
        }
        var rows: [ReadRow] = []
        for segment in segments(after: anchor, forward: forward) {
            let sortSelect = order.sortColumn.map { SQLiteSQL.quote(columns[$0].name) } ?? "NULL"
            let sql =
                "SELECT \(rowidName), \(sortSelect), \(selectList) FROM \(from) WHERE (\(segment.condition)) "
                + "ORDER BY \(segment.orderBy) LIMIT \(limit - rows.count)"
            let width = Int32(columns.count)
            try database.query(sql, segment.bindings) { statement in
                var values: [SQLiteValue] = []
                values.reserveCapacity(Int(width))
                for column in 0..<width {
                    values.append(SQLiteDatabase.value(statement, column + 2, textLimit: Self.textLimit))
                }
                let row = SQLiteRow(rowid: sqlite3_column_int64(statement, 0), values: values)
                let sortValue = SQLiteDatabase.value(statement, 1, textLimit: Int.max, wholeBlob: true)
                rows.append(ReadRow(row: row, sortValue: sortValue))
                return true
            }
            if rows.count >= limit { break }
        }
        return rows
    }

    /// The key of the row `over` rows after `anchor` (the anchor itself not counted), reading keys only; nil when
    /// the order ends first.
    func step(after anchor: Key?, forward: Bool, over: Int) throws(SQLiteError) -> Key? {
        var remaining = over
        let sortSelect = order.sortColumn.map { SQLiteSQL.quote(columns[$0].name) } ?? "NULL"
        for segment in segments(after: anchor, forward: forward) {
            var found: Key?
            let sql =
                "SELECT \(rowidName), \(sortSelect) FROM \(from) WHERE (\(segment.condition)) "
                + "ORDER BY \(segment.orderBy) LIMIT 1 OFFSET \(remaining - 1)"
            try database.query(sql, segment.bindings) { statement in
                found = Key(
                    value: SQLiteDatabase.value(statement, 1, textLimit: Int.max, wholeBlob: true),
                    rowid: sqlite3_column_int64(statement, 0))
                return false
            }
            if let found { return found }
            // The segment has fewer rows: count them (at most `remaining`) and go on in the next.
            let counted = try database.scalarInteger(
                "SELECT count(*) FROM (SELECT 1 FROM \(from) WHERE (\(segment.condition)) LIMIT \(remaining))",
                segment.bindings)
            remaining -= Int(counted)
            if remaining <= 0 { return nil }
        }
        return nil
    }

    /// One statement's share of the order after an anchor.
    struct Segment {
        var condition: String
        var bindings: [SQLiteValue]
        var orderBy: String
    }

    /// The statements that read the order after `anchor`, in turn: NULL sort values are a segment of their own
    /// (first ascending, last descending, as SQLite orders them), so every condition can use an index on the
    /// column. The filter is in each.
    func segments(after anchor: Key?, forward: Bool) -> [Segment] {
        let (filter, filterBindings) = filterClause
        let up = order.sortColumn == nil ? forward : forward == order.ascending
        let rowid = rowidName
        let direction = up ? "ASC" : "DESC"
        func segment(_ condition: String, _ bindings: [SQLiteValue], _ orderBy: String) -> Segment {
            Segment(condition: "\(condition) AND \(filter)", bindings: bindings + filterBindings, orderBy: orderBy)
        }
        guard let sortColumn = order.sortColumn else {
            let orderBy = "\(rowid) \(direction)"
            guard let anchor else { return [segment("1", [], orderBy)] }
            return [segment("\(rowid) \(up ? ">" : "<") ?", [.integer(anchor.rowid)], orderBy)]
        }
        let column = SQLiteSQL.quote(columns[sortColumn].name)
        let both = "\(column) \(direction), \(rowid) \(direction)"
        guard let anchor else { return [segment("1", [], both)] }
        let byRowid = "\(rowid) \(direction)"
        switch (up, anchor.value.isNull) {
        case (true, true):
            return [
                segment("\(column) IS NULL AND \(rowid) > ?", [.integer(anchor.rowid)], byRowid),
                segment("\(column) IS NOT NULL", [], both),
            ]
        case (true, false):
            return [segment("(\(column), \(rowid)) > (?, ?)", [anchor.value, .integer(anchor.rowid)], both)]
        case (false, true):
            return [segment("\(column) IS NULL AND \(rowid) < ?", [.integer(anchor.rowid)], byRowid)]
        case (false, false):
            return [
                segment("(\(column), \(rowid)) < (?, ?)", [anchor.value, .integer(anchor.rowid)], both),
                segment("\(column) IS NULL", [], byRowid),
            ]
        }
    }

    /// The filter as a condition (`1` for none) and its bindings: one `LIKE` a term, and the equality.
    var filterClause: (String, [SQLiteValue]) {
        var conditions: [String] = []
        var bindings: [SQLiteValue] = []
        if let filter = order.filter, let match = matchClause(filter) {
            conditions.append(match.condition)
            bindings += match.bindings
        }
        if let candidates, pagesByKeyset {
            // Integers, written out (no bindings: no limit on their number).
            conditions.append(
                candidates.isEmpty
                    ? "0" : "\(rowidName) IN (" + candidates.map(String.init).joined(separator: ",") + ")")
        }
        if let equality = order.equality, equality.column < columns.count {
            let column = SQLiteSQL.quote(columns[equality.column].name)
            if let rowid = equality.rowid, pagesByKeyset {
                conditions.append("\(column) IS (SELECT \(column) FROM \(from) WHERE \(rowidName) = ?)")
                bindings.append(.integer(rowid))
            } else {
                conditions.append("\(column) IS ?")
                bindings.append(equality.value)
            }
        }
        guard !conditions.isEmpty else { return ("1", []) }
        return ("(" + conditions.joined(separator: " AND ") + ")", bindings)
    }

    /// The condition `query` puts on its column (nil for no terms): each space-separated term's characters in order,
    /// one `LIKE '%a%b%'` a term (ASCII case ignored).
    func matchClause(_ query: (column: Int, text: String)) -> (condition: String, bindings: [SQLiteValue])? {
        guard query.column < columns.count else { return nil }
        // The longest term first: the one most likely to fail, so the others are seldom evaluated (`AND` stops at
        // the first false).
        let terms = query.text.split(separator: " ").map(String.init).sorted { $0.count > $1.count }
        guard !terms.isEmpty else { return nil }
        let column = SQLiteSQL.quote(columns[query.column].name)
        let condition = terms.map { _ in "\(column) LIKE ? ESCAPE '\\'" }.joined(separator: " AND ")
        return ("(\(condition))", terms.map { .text(SQLiteSQL.subsequencePattern($0)) })
    }

    /// Rows `range` by `LIMIT`/`OFFSET` (views, `WITHOUT ROWID` tables, queries).
    func offsetRows(_ range: Range<Int>) throws(SQLiteError) -> [SQLiteRow] {
        let (filter, bindings) = filterClause
        var sql = "SELECT \(selectList) FROM \(from) WHERE \(filter)"
        if let sortColumn = order.sortColumn {
            sql += " ORDER BY \(SQLiteSQL.quote(columns[sortColumn].name)) \(order.ascending ? "ASC" : "DESC")"
        }
        sql += " LIMIT \(range.count) OFFSET \(range.lowerBound)"
        var rows: [SQLiteRow] = []
        let width = Int32(columns.count)
        try database.query(sql, bindings) { statement in
            rows.append(
                SQLiteRow(
                    rowid: nil,
                    values: (0..<width).map { SQLiteDatabase.value(statement, $0, textLimit: Self.textLimit) }))
            return true
        }
        return rows
    }
}

extension String {
    /// The statement without the semicolons and spaces at its end (so it can be a subquery).
    var trimmingSemicolons: String {
        var text = Substring(self)
        while let last = text.last, last == ";" || last == " " || last == "\n" || last == "\t" || last == "\r" {
            text = text.dropLast()
        }
        return String(text)
    }
}
