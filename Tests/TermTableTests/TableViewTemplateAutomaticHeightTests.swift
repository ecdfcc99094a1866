import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// A table whose delegate implements no `heightForRowAt` (the protocol's default answers `.template`).
@MainActor
private final class NoHeightDelegate: TableViewDelegate {}

/// A `height=auto` template (issue 23): with `.template` answered (or no `heightForRowAt`), each row is as tall as
/// its wrapped text at the table's width, and is drawn that tall; a fixed-height template keeps its height.
@Suite("TableView: height=auto templates") @MainActor
struct TableViewTemplateAutomaticHeightTests {
    static let texts = [
        "one two three four five six seven eight nine ten", "short", "",
        "a log line that goes on and on until it wraps", "x y",
    ]

    /// A table of ``texts`` in a `height=auto` cell whose canvas is `designLines` tall.
    func makeAutomaticTable(width: Int, designLines: Int = 1) throws -> (TableView, NumbersSource) {
        let source = NumbersSource(sections: [Self.texts])
        source.identifier = { _ in "message" }
        let canvas = String(repeating: "|[1 message       ]|\n", count: designLines)
        let layout = "cell message height=auto\n" + canvas + "  1 label wrap stretch=both"
        let table = makeTable(source, width: width, height: 40)
        table.register(
            template: try LayoutLibrary(string: layout).template("message"), forCellReuseIdentifier: "message")
        return (table, source)
    }

    /// The lines `text` wraps to at `width` (one, empty, for no text).
    func wrapped(_ text: String, width: Int, atLeast lines: Int = 1) -> [String] {
        let wrapped = TerminalText.wrap(text, width: width)
        return wrapped + Array(repeating: "", count: max(0, lines - wrapped.count))
    }

    @Test(arguments: [8, 13, 20, 31, 60])
    func rowsAreDrawnAtTheirWrappedHeight(width: Int) throws {
        let (table, source) = try makeAutomaticTable(width: width)
        defer { withExtendedLifetime(source) {} }
        table.layoutIfNeeded()
        let expected = Self.texts.map { wrapped($0, width: table.contentWidth) }
        #expect(table.placedItems.map(\.height) == expected.map(\.count), "width \(width)")
        var y = 0
        var tops: [Int] = []
        for lines in expected {
            tops.append(y)
            y += lines.count
        }
        #expect(table.placedItems.map(\.y) == tops, "width \(width)")
        let screen = BufferScreen(width: width, height: 40)
        table.render(on: screen)
        let drawn = screen.lines.prefix(y).map { $0.trimmingCharacters(in: .whitespaces) }
        let wanted = expected.joined().map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Array(drawn) == wanted, "width \(width)")
    }

    @Test func aTableWithoutHeightForRowAtMeasuresTheRowsToo() throws {
        let (table, source) = try makeAutomaticTable(width: 13)
        defer { withExtendedLifetime(source) {} }
        let delegate = NoHeightDelegate()
        table.delegate = delegate
        table.layoutIfNeeded()
        #expect(table.placedItems.map(\.height) == Self.texts.map { wrapped($0, width: 13).count })
    }

    @Test func theCanvasIsTheLeastHeight() throws {
        let (table, source) = try makeAutomaticTable(width: 60, designLines: 2)
        defer { withExtendedLifetime(source) {} }
        table.layoutIfNeeded()
        #expect(table.placedItems.map(\.height) == Self.texts.map { wrapped($0, width: 60, atLeast: 2).count })
        #expect(table.placedItems.map(\.height).allSatisfy { $0 >= 2 })
    }

    @Test func aWidthChangeMeasuresTheRowsAgain() throws {
        let (table, source) = try makeAutomaticTable(width: 60)
        defer { withExtendedLifetime(source) {} }
        table.layoutIfNeeded()
        let wide = table.placedItems.map(\.height)
        table.frame = Rect(x: 0, y: 0, width: 10, height: 40)
        table.layoutIfNeeded()
        let narrow = table.placedItems.map(\.height)
        #expect(narrow == Self.texts.map { wrapped($0, width: 10).count })
        #expect(narrow.reduce(0, +) > wide.reduce(0, +))
    }

    @Test func aLinesAnswerAndAFixedTemplateKeepTheirHeights() throws {
        let (table, source) = try makeAutomaticTable(width: 13)
        defer { withExtendedLifetime(source) {} }
        source.heights[IndexPath(row: 0, section: 0)] = 1
        table.layoutIfNeeded()
        #expect(table.placedItems.first?.height == 1, "a .lines answer wins over height=auto")
        #expect(
            table.placedItems.dropFirst().map(\.height) == Self.texts.dropFirst().map { wrapped($0, width: 13).count })
        let (fixed, fixedSource) = try makeAutomaticTable(width: 13)
        defer { withExtendedLifetime(fixedSource) {} }
        fixed.register(
            template: try LayoutLibrary(string: "cell message\n|[1 message       ]|\n  1 label wrap stretch=both")
                .template("message"), forCellReuseIdentifier: "message")
        fixed.layoutIfNeeded()
        #expect(fixed.placedItems.map(\.height) == Array(repeating: 1, count: Self.texts.count))
    }
}
