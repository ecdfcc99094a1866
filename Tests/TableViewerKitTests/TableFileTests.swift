import Foundation
import TableViewerKit
import Testing

@Suite struct TableFileTests {
    @Test func readsQuotedFieldsEscapedQuotesAndQuotedNewlines() throws {
        let table = try TableTestFiles.table("name,note\n\"Smith, Ann\",\"said \"\"hi\"\"\nthen left\"\nBo,plain\r\n")
        #expect(table.columns == ["name", "note"])
        #expect(TableTestFiles.rows(table) == [["Smith, Ann", "said \"hi\"\nthen left"], ["Bo", "plain"]])
        #expect(table.issueCount == 0)
    }

    @Test func sniffsTheSeparatorAndTheHeader() throws {
        let tsv = try TableTestFiles.table("a,b\tc\n1,5\t2\n3\t4\n")
        #expect(tsv.format == .delimited(Dialect(separator: 0x09, hasHeader: true)))
        #expect(tsv.columns == ["a,b", "c"])
        let semicolons = try TableTestFiles.table("x;y;z\n1;2;3\n4;5;6\n")
        #expect(semicolons.format == .delimited(Dialect(separator: 0x3B, hasHeader: true)))
        // Numbers in the first row where later rows have numbers: no header; columns are numbered.
        let noHeader = try TableTestFiles.table("1,2\n3,4\n")
        #expect(noHeader.format == .delimited(Dialect(separator: 0x2C, hasHeader: false)))
        #expect(noHeader.columns == ["1", "2"])
        #expect(noHeader.rowCount == 2)
        // All text: a header when its names are unique and do not occur again below.
        #expect(try TableTestFiles.table("name,city\nann,oslo\nbo,lyon\n").columns == ["name", "city"])
        #expect(try TableTestFiles.table("ann,oslo\nann,lyon\n").columns == ["1", "2"])
    }

    @Test func marksRaggedRowsAndKeepsTheirFields() throws {
        let table = try TableTestFiles.table("a,b,c\n1,2\n1,2,3\n1,2,3,4\n")
        #expect(
            table.issues == [
                RecordIssue(row: 0, problem: .ragged(fields: 2)), RecordIssue(row: 2, problem: .ragged(fields: 4)),
            ])
        #expect(table.row(0).fields == ["1", "2"])
        #expect(table.row(0).problem == .ragged(fields: 2))
        #expect(table.row(2).fields == ["1", "2", "3", "4"])
    }

    @Test func aQuoteNeverClosedRunsToTheEndAndIsMarked() throws {
        let table = try TableTestFiles.table("a,b\n1,\"open\n2,3\n4,5\n")
        #expect(table.rowCount == 1)
        #expect(table.issues == [RecordIssue(row: 0, problem: .unclosedQuote)])
        #expect(table.row(0).fields == ["1", "open\n2,3\n4,5"])
    }

    /// The bound: a quoted field is followed at most `quotedFieldLimit` bytes; past it the record ends at the next
    /// newline, so an unclosed quote early in a large file does not make one record of the rest.
    @Test func aQuotedFieldPastTheBoundEndsItsRecordThere() throws {
        var options = TableFile.Options()
        options.quotedFieldLimit = 64
        options.format = .delimited(Dialect(separator: 0x2C, hasHeader: true))
        let long = String(repeating: "x", count: 100)
        let table = try TableTestFiles.table("a,b\n1,\"\(long)\n2,3\n4,5\n", options: options)
        #expect(table.rowCount == 3)
        #expect(table.issues == [RecordIssue(row: 0, problem: .quotedFieldTooLong)])
        #expect(table.row(1).fields == ["2", "3"])
    }

    @Test func invalidUTF8BecomesReplacementCharactersAndIsMarked() throws {
        let table = try TableTestFiles.table(Array("a,b\n".utf8) + [0x66, 0xFF, 0x2C, 0xC3] + Array("\nok,ü\n".utf8))
        #expect(table.row(0).fields == ["f\u{FFFD}", "\u{FFFD}"])
        #expect(!table.row(0).isValidUTF8)
        #expect(table.row(1).isValidUTF8)
        #expect(table.row(1).fields == ["ok", "ü"])
    }

    @Test func aTenMegabyteFieldIsIndexedAndCutForDisplay() throws {
        let big = String(repeating: "y", count: 10 << 20)
        for quoted in [false, true] {
            let field = quoted ? "\"\(big)\"" : big
            let table = try TableTestFiles.table("a,b\n1,\(field)\n2,3\n")
            #expect(table.rowCount == 2)
            let row = table.row(0)
            #expect(row.isCut)
            #expect(row.fields[1].utf8.count == table.options.displayLimit)
            // Quoted, 10 MB is past the 4 MiB bound: marked, and the next record still found.
            #expect(table.issues == (quoted ? [RecordIssue(row: 0, problem: .quotedFieldTooLong)] : []))
            #expect(table.row(1).fields == ["2", "3"])
        }
    }

    @Test func blankLinesAreNoRowsAndALastLineWithoutNewlineIsOne() throws {
        let table = try TableTestFiles.table("a,b\n\n1,2\r\n\r\n3,4")
        #expect(TableTestFiles.rows(table) == [["1", "2"], ["3", "4"]])
    }

    @Test func anIndexBuiltInChunksEqualsOneBuiltAtOnce() throws {
        var random = TableRandom(seed: 7)
        var bytes = TableGenerator.record(TableGenerator.columns)
        var generator = TableGenerator(seed: 3)
        for index in 0..<400 { bytes += TableGenerator.record(generator.row(index)) }
        bytes += Array("1,\"never closed\n2,3\n".utf8)
        let whole = try TableTestFiles.table(bytes)
        for _ in 0..<20 {
            let chunk = Int(random.next() % 3000) + 1
            let table = TableFile(file: try MappedFile(copying: bytes))
            var reports: [IndexProgress] = []
            #expect(table.buildIndex(chunkBytes: chunk) { reports.append($0) })
            #expect(table.offsets == whole.offsets, "chunk \(chunk)")
            #expect(table.issues == whole.issues)
            #expect(reports.last?.isComplete == true)
            #expect(reports.map(\.records) == reports.map(\.records).sorted())
        }
        #expect(whole.rowCount == 401)
    }

    @Test func anIndexStoppedAtARecordLimitGoesOnFromThereToTheSameIndex() throws {
        var random = TableRandom(seed: 11)
        var bytes = TableGenerator.record(TableGenerator.columns)
        var generator = TableGenerator(seed: 4)
        for index in 0..<300 { bytes += TableGenerator.record(generator.row(index)) }
        bytes += Array("\n\n".utf8)  // blank lines after the last record
        let whole = try TableTestFiles.table(bytes)
        for _ in 0..<20 {
            let table = TableFile(file: try MappedFile(copying: bytes))
            var limit = 0
            while true {
                limit += Int(random.next() % 120)
                let finished = table.buildIndex(chunkBytes: Int(random.next() % 5000) + 1, recordLimit: limit)
                #expect(table.rowCount == min(limit, 300), "indexed up to the limit, limit \(limit)")
                #expect(finished == table.progress.isComplete)
                if finished { break }
            }
            #expect(table.offsets == whole.offsets)
            #expect(table.issues == whole.issues)
            #expect(table.buildIndex(), "an index that is complete says so")
        }
    }

    @Test func cancellingTheIndexKeepsTheRowsFoundSoFar() throws {
        var bytes: [UInt8] = Array("a,b\n".utf8)
        for index in 0..<20_000 { bytes += Array("\(index),x\n".utf8) }
        let table = TableFile(file: try MappedFile(copying: bytes))
        let cancellation = Cancellation()
        let finished = table.buildIndex(chunkBytes: 4096, cancellation: cancellation) { _ in cancellation.cancel() }
        #expect(!finished)
        #expect(table.rowCount > 0 && table.rowCount < 20_000)
        #expect(!table.progress.isComplete)
        #expect(table.row(1).fields == ["1", "x"])
    }

    /// Rows are read on this thread while the index grows on its own (ThreadSanitizer checks the sharing).
    @Test func rowsCanBeReadWhileTheIndexIsBuiltInTheBackground() async throws {
        let path = TableTestFiles.directory() + "/gen.csv"
        try TableGenerator.writeCSV(path: path, rows: 30_000, seed: 5)
        let table = try TableFile(path: path)
        table.buildIndexInBackground(chunkBytes: 64 << 10)
        var reads = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while !table.progress.isComplete, ContinuousClock.now < deadline {
            let count = table.rowCount
            if count > 0 {
                #expect(table.row(count - 1).fields.count == 19)
                reads += 1
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(table.progress.isComplete)
        #expect(table.rowCount == 30_000)
        #expect(table.row(29_999).fields[0] == "30000")
    }

    /// Random tables (fields with separators, quotes, CR, LF, non-ASCII) written with a random separator, random
    /// quoting and line ends read back field for field; and the index built in random chunks is the same.
    @Test func randomTablesWrittenAsDelimitedTextReadBackFieldForField() throws {
        let alphabet: [String] = ["a", "b", "7", " ", ",", ";", "\t", "\"", "\n", "\r", "é", "東"]
        for seed in 0..<UInt64(TableTestFiles.cases) {
            var random = TableRandom(seed: seed)
            let columns = Int(random.next() % 5) + 2
            let rows = Int(random.next() % 30) + 1
            let separator: UInt8 = [0x2C, 0x09, 0x3B][Int(random.next() % 3)]
            let quoteAll = random.next() % 4 == 0
            let lineEnd = random.next() % 2 == 0 ? "\n" : "\r\n"
            var table: [[String]] = []
            var bytes: [UInt8] = []
            for _ in 0..<rows {
                let row = (0..<columns).map { _ in
                    (0..<Int(random.next() % 7)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
                        .joined()
                }
                table.append(row)
                bytes += TableGenerator.record(row, separator: separator, quoteAll: quoteAll, lineEnd: lineEnd)
            }
            if random.next() % 3 == 0 { bytes.removeLast(lineEnd.utf8.count) }
            var options = TableFile.Options()
            options.format = .delimited(Dialect(separator: separator, hasHeader: false))
            let read = try TableTestFiles.table(bytes, options: options)
            #expect(TableTestFiles.rows(read) == table, "seed \(seed)")
            #expect(read.issueCount == 0, "seed \(seed)")
            let chunked = TableFile(file: try MappedFile(copying: bytes), options: options)
            chunked.buildIndex(chunkBytes: Int(random.next() % 64) + 1)
            #expect(chunked.offsets == read.offsets, "seed \(seed)")
        }
    }

    /// Garbage (quotes, separators, CR, LF, NUL, invalid UTF-8, `{`) in any mix: opening, indexing in any chunk
    /// size, reading every row, typing and sorting never crash, and the index is the same.
    @Test func randomBytesAreIndexedReadAndSortedWithoutACrash() throws {
        let pieces: [[UInt8]] = [
            [0x22], [0x22, 0x22], [0x2C], [0x3B], [0x09], [0x0A], [0x0D, 0x0A], [0x00], [0xFF], [0xC3], [0x7B], [0x7D],
            Array("ab".utf8), Array("12".utf8), Array("2013-01-02".utf8),
        ]
        for seed in 0..<UInt64(TableTestFiles.cases) {
            var random = TableRandom(seed: seed &+ 1000)
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 300) + 1 { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            var options = TableFile.Options()
            options.quotedFieldLimit = Int(random.next() % 64) + 1
            let table = try TableTestFiles.table(bytes, options: options)
            let offsets = table.offsets
            for row in 0..<table.rowCount {
                let range = offsets.range(of: row)
                #expect(range.lowerBound < range.upperBound && range.upperBound <= bytes.count, "seed \(seed)")
                _ = table.row(row)
            }
            let types = table.profileColumns().map(\.type)
            let keys = (0..<min(2, table.columns.count)).map { SortKey(column: $0, ascending: random.next() % 2 == 0) }
            let order = table.sortedRows(by: keys, types: types)
            #expect(order.map { Set($0).count } == table.rowCount, "seed \(seed)")
            let chunked = TableFile(file: try MappedFile(copying: bytes), options: options)
            chunked.buildIndex(chunkBytes: Int(random.next() % 40) + 1)
            #expect(chunked.offsets == offsets, "seed \(seed)")
            #expect(chunked.issues == table.issues, "seed \(seed)")
        }
    }
}
