import Testing

@testable import TermTable

/// Narrow widths, shown as screens: minimum widths, shrink order, hiding below a width, a header row aligned to its cell.
@Suite("Layout: narrow widths") @MainActor
struct NarrowLayoutTests {
    static let processes = """
        cell process
        |[1 pid] [2 user  ] [3 command            ] [4 cpu] [5 mem]|
          1 label align=right heading=PID
          2 label heading=USER min-width=4 shrink=2
          3 label stretch min-width=7 shrink=3 heading=COMMAND
          4 label align=right pin=right heading=CPU hide-below=24
          5 label align=right pin=right heading=MEM shrink=1
        """

    /// The cell drawn at `width` with sample texts, one string per line.
    func drawn(_ text: String, _ identifier: String, width: Int, texts: [Int: String]) throws -> String {
        let library = try LayoutLibrary(string: text)
        let cell = try library.instantiate(identifier)
        for (tag, value) in texts { cell.viewWithTag(tag, as: Label.self)?.text = value }
        let screen = BufferScreen(width: width, height: cell.height)
        cell.frame = Rect(x: 0, y: 0, width: width, height: cell.height)
        cell.render(on: screen)
        return screen.lines.joined(separator: "\n")
    }

    func expectProcess(width: Int, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = try drawn(Self.processes, "process", width: width, texts: Self.sample)
        #expect(actual == expected, "at \(width) columns", sourceLocation: sourceLocation)
    }

    static let sample = [1: "4211", 2: "postgres", 3: "/usr/bin/postgres -D /var/lib", 4: "12.5", 5: "16.7M"]

    @Test func fieldsGiveWayInTheirOrder() throws {
        // The design width, 58: every field as drawn. Wider: the command takes the room.
        try expectProcess(width: 58, "   4211 postgres   /usr/bin/postgres -D /…    12.5   16.7M")
        try expectProcess(width: 70, "   4211 postgres   /usr/bin/postgres -D /var/lib          12.5   16.7M")
        // Narrower: fields narrow in shrink order, user (2) to its 4 columns, then command (3).
        try expectProcess(width: 40, "   4211 pos… /usr/bin/p…    12.5   16.7M")
        // Everything at its minimum and still too wide: mem (shrink=1) is hidden first, with its gap;
        // the others take back what it freed.
        try expectProcess(width: 32, "   4211 pos… /usr/bin/p…    12.5")
        // Then the user (2), then the command (3); the right-pinned cpu keeps the right edge.
        try expectProcess(width: 24, "   4211 /usr/bi…    12.5")
        // Below 24 columns cpu is hidden whatever the room (hide-below=24), which gives the user back its place.
        try expectProcess(width: 23, "   4211 pos… /usr/bin/…")
        try expectProcess(width: 12, "   4211     ")
        // Not even the fixed pid fits: nothing is drawn, nothing is cut.
        try expectProcess(width: 5, "     ")
    }

    /// Issue 12: below the fixed fields' total, the stretching title was cut to nothing but its gap stayed, the
    /// pinned date moved left over the size field, and the size cut it: `            yeste12K    `.
    @Test func aFieldThatGaveWayTakesNoRoomAndCutsNothing() throws {
        let row = """
            cell file
            | [1 title      ] [2 size ] [3 date    ] |
              1 label stretch
              2 label
              3 label pin=right
            """
        let texts = [1: "notes.txt", 2: "12K", 3: "yesterday"]
        #expect(try drawn(row, "file", width: 40, texts: texts) == " notes.txt       12K       yesterday    ")
        #expect(try drawn(row, "file", width: 30, texts: texts) == " note… 12K       yesterday    ")
        // The title is hidden with its gap; the size and date keep their widths, the date the right edge.
        #expect(try drawn(row, "file", width: 25, texts: texts) == " 12K        yesterday    ")
        // Too narrow for both fixed fields: the rightmost is hidden, never cut.
        #expect(try drawn(row, "file", width: 15, texts: texts) == " 12K           ")
    }

    @Test func theHeaderRowFollowsTheFieldsAtEveryWidth() throws {
        let header = ColumnHeaderView(template: try LayoutLibrary(string: Self.processes).template("process"))
        func titles(_ width: Int) -> String {
            let screen = BufferScreen(width: width, height: 1)
            header.frame = Rect(x: 0, y: 0, width: width, height: 1)
            header.render(on: screen)
            return screen.line(0)
        }
        #expect(titles(58) == "    PID USER       COMMAND                     CPU     MEM")
        #expect(titles(40) == "    PID USER COMMAND         CPU     MEM")
        #expect(titles(24) == "    PID COMMAND      CPU")
        #expect(titles(23) == "    PID USER COMMAND   ")
        header.sort = ColumnSort(column: "cpu", ascending: false)
        #expect(titles(40) == "    PID USER COMMAND       ▼ CPU     MEM")
        header.sort = ColumnSort(column: "user")
        #expect(titles(40) == "    PID U… ▲ COMMAND         CPU     MEM")  // a cut title ends with …
        #expect(header.columns.map(\.identifier) == ["pid", "user", "command", "cpu", "mem"])
    }

    @Test func thePreviewShowsTheHeaderRowAboveTheCell() throws {
        let preview = try LayoutPreview.render(LayoutLibrary(string: Self.processes), width: 40)
        #expect(
            preview.split(separator: "\n").prefix(3).map(String.init) == [
                "┌─ process · height 1 ───────────────────┐",
                "│    PID USER COMMAND         CPU     MEM│",
                "├────────────────────────────────────────┤",
            ])
    }
}
