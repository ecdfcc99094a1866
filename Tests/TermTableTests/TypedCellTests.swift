import TermTableLayouts
import TermTableTesting
import Testing

@testable import TermTable

/// The typed side of the table: identifiers and cell classes generated from `News.layout` (TermTableLayouts).
@Suite("Typed cells") @MainActor
struct TypedCellTests {
    /// Rows of the `news` cell, dequeued with the generated identifier.
    final class Source: TableViewDataSource {
        var titles: [String]
        var cells: [NewsLayout.NewsCell] = []
        init(_ count: Int) { titles = (0..<count).map { "Article \($0)" } }

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }

        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(NewsLayout.news, for: indexPath)
            cell.title.text = titles[indexPath.row]
            cell.age.text = "\(indexPath.row)h"
            cell.summary.text = "summary \(indexPath.row)"
            cell.mark.isHidden = indexPath.row % 2 == 1
            cells.append(cell)
            return cell
        }
    }

    static func library() throws -> LayoutLibrary {
        try LayoutLibrary(contentsOf: ProjectLayouts.path(for: "News"))
    }

    @Test func typedCellsShowTheirFieldsAndAreRecycledWithThem() throws {
        let source = Source(50)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 40, height: 6))
        table.showsScrollIndicator = false
        try table.register(NewsLayout.news, from: Self.library())
        table.dataSource = source
        let screen = render(table, size: Size(width: 40, height: 6))
        #expect(screen.lines[0].contains("Article 0") && screen.lines[0].contains("0h"), "\(screen.lines)")
        #expect(screen.lines[1].contains("summary 0"), "\(screen.lines)")
        #expect(screen.lines[2].contains("Article 1") && !screen.lines[2].hasPrefix("●"), "\(screen.lines)")

        let first = source.cells[0]
        let fields = (first.title, first.age, first.summary, first.mark)
        for _ in 0..<20 {
            _ = table.scroll(by: 1)
            _ = render(table, size: Size(width: 40, height: 6))
        }
        #expect(table.statistics.cellsReused > 0)
        #expect(table.statistics.cellsCreated <= 6, "cells made: \(table.statistics.cellsCreated)")
        // The first cell came back for another row, with the same field views.
        #expect(source.cells.dropFirst().contains { $0 === first })
        #expect(
            first.title === fields.0 && first.summary === fields.2
                && first.contentView.view(named: "title") === fields.0)
        #expect(Set(source.cells.map(ObjectIdentifier.init)).count == table.statistics.cellsCreated)
    }

    @Test func aTypedDequeueOfACellRegisteredByStringGivesTheGeneratedClass() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 40, height: 4))
        try table.registerCells(from: Self.library())
        let cell = table.dequeueReusableCell(NewsLayout.section, for: IndexPath(row: 0, section: 0))
        #expect(cell.reuseIdentifier == "section")
        cell.feed.text = "Harbor"
        #expect(cell.contentView.view(named: "feed", as: Label.self)?.text == "Harbor")
        #expect(NewsLayout.SectionCell.fields == [TypedCellField("feed", .label), TypedCellField("counts", .label)])
    }

    /// A typed cell that records what each of its copies was copied from.
    final class SourceRecordingCell: TableViewCell, TypedCell {
        static let fields: [TypedCellField] = []
        static var copiedFrom: [View] = []  // held, so a freed source's address cannot come back as another's
        required init(copying other: View) {
            Self.copiedFrom.append(other)
            super.init(copying: other)
        }
        required init(reuseIdentifier: String?) { super.init(reuseIdentifier: reuseIdentifier) }
    }

    /// Bug: a fresh typed cell was copied twice, first as a plain cell from the template, then as its class.
    @Test func aFreshTypedCellIsOneCopyOfTheTemplate() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 40, height: 4))
        let template = try Self.library().template("section")
        let identifier = CellIdentifier<SourceRecordingCell>("section")
        table.register(template: template, for: identifier)
        SourceRecordingCell.copiedFrom = []
        let first = table.dequeueReusableCell(identifier, for: IndexPath(row: 0, section: 0))
        let second = table.dequeueReusableCell(identifier, for: IndexPath(row: 1, section: 0))
        #expect(first !== second)
        #expect(
            SourceRecordingCell.copiedFrom.count == 2
                && SourceRecordingCell.copiedFrom[0] === SourceRecordingCell.copiedFrom[1],
            "both were copied from the template's prototype")
        #expect(template.cloneCount == 2 && table.statistics.cellsCloned == 2)
        SourceRecordingCell.copiedFrom = []
    }

    @Test func makeCellGivesTheTemplatesStyles() throws {
        let cell = try NewsLayout.news.makeCell(from: Self.library())
        #expect(cell.title.textStyle.attributes.contains(.bold))
        #expect(cell.mark.symbol == "●")
    }

    @Test func aLayoutWithoutAFieldTheCodeUsesIsRefusedBeforeAnyCellIsMade() throws {
        let renamed = try LayoutLibrary(
            string: """
                cell news height=1
                | [1 titel                 ] [2 age ] [3 summary] [4 mark] |
                  1 label
                  2 label
                  3 label
                  4 glyph
                """)
        let table = TableView()
        #expect(throws: TypedCellError.missingField("title", expected: "Label", identifier: "news")) {
            try table.register(NewsLayout.news, from: renamed)
        }
        #expect(table.registeredIdentifiers.isEmpty)

        let changedKind = try LayoutLibrary(
            string: """
                cell news height=1
                | [1 title                 ] [2 age ] [3 summary] [4 mark] |
                  1 label
                  2 progress
                  3 label
                  4 glyph
                """)
        #expect(throws: TypedCellError.wrongClass("age", expected: "Label", found: "ProgressBar", identifier: "news")) {
            try NewsLayout.news.check(in: changedKind)
        }
        #expect(throws: TypedCellError.missingCell("compact", files: ["<string>"])) {
            try NewsLayout.compact.check(in: changedKind)
        }
        #expect(
            "\(TypedCellError.missingField("title", expected: "Label", identifier: "news"))"
                .contains("cell `news` has no field named `title`"))
    }
}

extension TypedCellTests {
    /// A layout loaded at run time with the fields drawn in another order and other tags: found by name, they still match.
    @Test func fieldsAreFoundByNameWhereverTheLayoutDrawsThem() throws {
        let restyled = try LayoutLibrary(
            string: """
                cell news height=2
                | [7 age ] [8 title                 ] [9 mark] |
                | [5 summary                                 ] |
                  7 label
                  8 label style=underline
                  9 glyph symbol=*
                  5 label
                """)
        let table = TableView()
        try table.register(NewsLayout.news, from: restyled)
        let cell = table.dequeueReusableCell(NewsLayout.news, for: IndexPath(row: 0, section: 0))
        #expect(cell.title.tag == 8 && cell.age.tag == 7 && cell.mark.tag == 9 && cell.summary.tag == 5)
        #expect(cell.title.textStyle.attributes.contains(.underline))
    }
}
