import CSQLite

/// The count of an order's rows, to run on another connection: `COUNT(*)`, or, for a filter of a table with rowids,
/// the first ``limit`` + 1 matching rowids in rowid order, then `COUNT(*)` of the matches after the last of them (one
/// scan in all; at most ``limit`` + 1 rows stepped through), so that a filter's few matches are kept and a refining
/// query is narrowed to them (``SQLiteTableReader/keepMatches(_:of:)``).
public struct SQLiteCounting: Sendable {
    /// The order counted.
    public let order: SQLiteOrder
    /// `SELECT count(*) …`, or, when ``rowidsSQL`` is set, the count of the matches after a rowid (bound last).
    let countSQL: String
    /// The first ``limit`` + 1 matching rowids in order, nil for `COUNT(*)` alone.
    let rowidsSQL: String?
    /// The filter's bindings.
    let bindings: [SQLiteValue]
    /// The most rowids kept.
    let limit: Int

    /// The count, with the rowids when at most ``limit`` matched (nil otherwise or for `COUNT(*)`). Throws
    /// ``SQLiteError/Kind/interrupted`` when interrupted (nothing is kept then).
    public func run(on database: SQLiteDatabase) throws(SQLiteError) -> (count: Int, rowids: [Int64]?) {
        guard let rowidsSQL else { return (Int(try database.scalarInteger(countSQL, bindings)), nil) }
        var rowids: [Int64] = []
        try database.query(rowidsSQL, bindings) { statement in
            rowids.append(sqlite3_column_int64(statement, 0))
            return true
        }
        guard rowids.count > limit, let last = rowids.last else { return (rowids.count, rowids) }
        let rest = try database.scalarInteger(countSQL, bindings + [.integer(last)])
        return (rowids.count + Int(rest), nil)
    }
}

extension SQLiteTableReader {
    /// The count of the order in force (``SQLiteCounting``).
    public var counting: SQLiteCounting {
        let (filter, bindings) = filterClause
        guard pagesByKeyset, order.filter != nil else {
            return SQLiteCounting(
                order: order, countSQL: countSQL.0, rowidsSQL: nil, bindings: bindings, limit: narrowingLimit)
        }
        let rowid = rowidName
        return SQLiteCounting(
            order: order, countSQL: "SELECT count(*) FROM \(from) WHERE \(filter) AND \(rowid) > ?",
            rowidsSQL: "SELECT \(rowid) FROM \(from) WHERE \(filter) ORDER BY \(rowid) LIMIT \(narrowingLimit + 1)",
            bindings: bindings, limit: narrowingLimit)
    }

    /// Keeps `rowids`, every row of `order` (a count's), as the candidates of the orders that refine it, when
    /// `order` is still the one in force.
    public func keepMatches(_ rowids: [Int64], of order: SQLiteOrder) {
        guard order == self.order, order.filter != nil, pagesByKeyset, rowids.count <= narrowingLimit else { return }
        matchesRead = (order, rowids)
    }

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
