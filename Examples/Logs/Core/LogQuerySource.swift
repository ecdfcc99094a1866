import LogKit
import TermTable
import TermTableCore

/// The rows of a log that match a query, found by reading their entries in large chunks off the main actor: the
/// toolkit's ``/TermTable/TableQuerySource`` for `logs` (its identifiers are collection rows, in order).
///
/// A source covers the collection rows it was made with (``init(collection:rows:counter:)``, on the main actor):
/// the rows of a query, or those appended since the last source. Each row is read once, none on the main actor
/// (a file growing at 50 MB/s while `/error db` ran froze `logs` for minutes when appended rows were read there);
/// several merged files are scanned whole, then their matches placed among the merged rows on the main actor
/// (linear in the rows).
struct LogQuerySource: TableQuerySource {
    /// The rows the first slice of a single file's scan reads; each next slice twice as many, up to ``maximumSlice``.
    static let firstSlice = 8192
    /// The most rows a slice reads before its matches are delivered and cancellation is checked.
    static let maximumSlice = 1 << 18

    let collection: LogCollection
    let files: [LogFile]
    /// The collection rows covered.
    let rows: Range<Int>
    /// The rows of each file among ``rows``.
    let fileRanges: [Range<Int>]
    /// A single file's row standing for the bytes not indexed yet (never a match: the query runs again when they
    /// are indexed).
    let gapRow: Int?
    /// Counts the rows read, for the viewer's ``LogViewer/filterRowsRead``.
    let counter: LogScanCounter

    /// A source over `rows` of `collection`, as they are now (main actor: the rows change there).
    @MainActor
    init(collection: LogCollection, rows: Range<Int>, counter: LogScanCounter) {
        self.collection = collection
        files = collection.files
        self.rows = rows
        fileRanges = collection.fileRows(in: rows)
        gapRow = collection.isMerged ? nil : collection.files[0].gapRow
        self.counter = counter
    }

    /// The threads the scans run on (the controller's ``/TermTable/TableQueryController/executor``): their own, so a
    /// scan never waits for a thread of Swift's cooperative pool that other work holds (tests running side by side
    /// did: an appended scan of 500 rows waited more than 10 s).
    static let scanners = WorkerPool(maximumThreads: 2)

    /// The matching rows in order: a single file's in slices as they are read, several files' once all are read.
    func identifiers(for query: TableQuery, firstChunk: Int, deliver: @Sendable ([Int]) async -> Void) async throws {
        let fuzzy = query.fuzzyQuery
        guard files.count > 1 else {
            try await scanSingleFile(fuzzy, deliver: deliver)
            return
        }
        var matches: [[Int]] = []
        for (file, range) in zip(files, fileRanges) {
            try Task.checkCancellation()
            matches.append(scan(file, range, fuzzy))
        }
        let found = try await placeAmongMergedRows(matches)
        if !found.isEmpty { await deliver(found) }
    }

    /// One file: its rows are the collection's; read in slices growing to ``maximumSlice``, each slice's matches
    /// delivered.
    func scanSingleFile(_ fuzzy: FuzzyQuery, deliver: @Sendable ([Int]) async -> Void) async throws {
        var start = rows.lowerBound
        var slice = Self.firstSlice
        while start < rows.upperBound {
            try Task.checkCancellation()
            let end = min(rows.upperBound, start + slice)
            var found = scan(files[0], start..<end, fuzzy)
            if let gapRow { found.removeAll { $0 == gapRow } }
            if !found.isEmpty { await deliver(found) }
            start = end
            slice = min(Self.maximumSlice, slice * 2)
        }
    }

    /// The rows of `range` of `file` whose entries match, each read once.
    func scan(_ file: LogFile, _ range: Range<Int>, _ fuzzy: FuzzyQuery) -> [Int] {
        var found: [Int] = []
        var read = 0
        file.forEachEntry(in: range) { row, bytes in
            read += 1
            if fuzzy.matches(utf8: bytes.assumingMemoryBound(to: UInt8.self)) { found.append(row) }
            return true
        }
        counter.add(read)
        return found
    }

    /// Each file's matching rows placed among the merged collection rows ``rows`` (each file's matches are in
    /// order, as its rows are among the merged rows), on the main actor where the merge order changes.
    func placeAmongMergedRows(_ matches: [[Int]]) async throws -> [Int] {
        let collection = collection
        let rows = rows
        return try await MainActor.run {
            try Task.checkCancellation()
            guard rows.upperBound <= collection.count else { return [] }
            var found: [Int] = []
            var next = Array(repeating: 0, count: matches.count)
            for row in rows {
                let (file, fileRow) = collection.locateIndex(row)
                let list = matches[file]
                while next[file] < list.count, list[next[file]] < fileRow { next[file] += 1 }
                if next[file] < list.count, list[next[file]] == fileRow { found.append(row) }
            }
            return found
        }
    }
}

/// The rows a query's scans have read (each row once: the query's rows, then those appended since).
final class LogScanCounter: Sendable {
    let count = Locked(0)

    /// Adds `rows` rows read.
    func add(_ rows: Int) { count.withLock { $0 += rows } }

    /// The rows read.
    var value: Int { count.withLock { $0 } }
}
