import TableViewerKit
import Testing

@Suite struct JSONLinesTests {
    @Test func columnsAreTheUnionOfKeysInFirstSeenOrder() throws {
        let text = """
            {"id": 1, "name": "Ann", "tags": ["a", "b"]}

            {"id": 2, "city": "Oslo", "meta": {"k": [1, {"x": null}]}, "name": null}
            not json at all
            {"id": 3, "name": "Tab\\there \\u00e9 \\ud83d\\ude00", "ok": true}
            """
        let table = try TableTestFiles.table(text)
        #expect(table.format == .jsonLines)
        #expect(table.columns == ["id", "name", "tags", "city", "meta", "ok"])
        #expect(table.rowCount == 4)
        #expect(table.row(0).fields == ["1", "Ann", "[\"a\",\"b\"]", "", "", ""])
        #expect(table.row(1).fields == ["2", "", "", "Oslo", "{\"k\":[1,{\"x\":null}]}", ""])
        #expect(table.row(3).fields == ["3", "Tab\there é 😀", "", "", "", "true"])
    }

    @Test func aLineThatIsNotAnObjectIsMarkedAndShownInTheFirstColumn() throws {
        let table = try TableTestFiles.table("{\"a\": 1}\n[1, 2]\n{\"a\": 2\n{\"a\": 3}\n")
        #expect(table.rowCount == 4)
        #expect(
            table.issues == [
                RecordIssue(row: 1, problem: .notAJSONObject), RecordIssue(row: 2, problem: .notAJSONObject),
            ]
        )
        #expect(table.row(1).problem == .notAJSONObject)
        #expect(table.row(1).fields == ["[1, 2]"])
        #expect(table.row(2).problem == .notAJSONObject)
        #expect(table.row(3).fields == ["3"])
    }

    /// A line that starts and ends like an object but is not one is found when the row is read.
    @Test func aLineThatOnlyLooksLikeAnObjectIsMarkedWhenRead() throws {
        let table = try TableTestFiles.table("{\"a\": 1}\n{\"a\" 2}\n")
        #expect(table.issues.isEmpty)
        #expect(table.row(1).problem == .notAJSONObject)
        #expect(table.row(1).fields == ["{\"a\" 2}"])
    }

    @Test func deepNestingIsReadWithoutRecursion() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let table = try TableTestFiles.table("{\"a\": \(deep)}\n")
        #expect(table.row(0).fields[0].utf8.count == table.options.displayLimit)
        #expect(table.row(0).isCut)
    }

    @Test func sortsByAJSONKey() throws {
        let table = try TableTestFiles.table("{\"n\": 3}\n{\"n\": 1}\n{\"n\": null}\n{\"n\": 2}\n")
        let types = table.profileColumns().map(\.type)
        #expect(types == [.integer])
        #expect(table.sortedRows(by: [SortKey(column: 0)], types: types) == [1, 3, 0, 2])
    }
}
