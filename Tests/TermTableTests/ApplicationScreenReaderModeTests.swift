import TermTableCore
import TermTableTesting
import Testing

@testable import TermTable

/// The screen-reader mode beyond the cursor on the table's row (issue 38 item 4): box drawing as spaces and plain
/// rules, the mode set in code drawing what `TERMTABLE_ACCESSIBLE=1` draws, announcements and overlays.
@Suite("Screen-reader mode") @MainActor
struct ApplicationScreenReaderModeTests {
    /// The lines of `driver`'s screen that hold a vertical line, a corner or a scroll thumb (Unicode or ASCII).
    static func linesWithVerticals(_ driver: AppDriver) -> [String] {
        driver.lines.filter { line in line.contains { "│┃┌┐└┘├┤┬┴┼|+#".contains($0) } }
    }

    /// A 40x12 app in the reader mode, set in code: a title, a table of 30 rows and a status line announcements
    /// go to.
    func readerApp(accessible: Bool = true) -> (AppDriver, TableView, Label, NumbersSource) {
        let source = NumbersSource(rows: 30)
        let table = makeTable(source, width: 1, height: 1)
        let title = Label(text: "Numbers")
        let status = Label(text: "q quits")
        let driver = AppDriver(
            rootView: VStack([.fixed(title, height: 1), .fill(table), .fixed(status, height: 1)]),
            size: Size(width: 40, height: 12))
        driver.app.announcementView = status
        driver.app.isAccessible = accessible
        driver.app.render()
        return (driver, table, status, source)
    }

    /// The screen line whose text starts with `text`.
    func line(_ driver: AppDriver, startingWith text: String) -> Int? {
        driver.lines.firstIndex { $0.hasPrefix(text) }
    }

    // MARK: Spaces and plain rules

    @Test func theHelpBoxInTheModeHasNoVerticalLinesAndAPlainRuleOnTop() {
        let (driver, _, _, source) = readerApp()
        defer { withExtendedLifetime(source) {} }
        driver.app.showHelp(title: "Keys", entries: (1...21).map { ("↑ k\($0)", "action … \($0)") })
        driver.app.renderIfNeeded()
        let screen = driver.lines.joined(separator: "\n")
        #expect(Self.linesWithVerticals(driver) == [], "\(screen)")
        #expect(driver.lines.contains { $0.contains("  Keys ---") }, "\(screen)")
        #expect(driver.lines.contains { $0.contains("Up k1") }, "arrows spelled out, not `^`: \(screen)")
        #expect(ScreenGlyphsDrawingTests.nonASCII(driver) == [])
    }

    /// The hint bar and the help box spell arrows out in the mode (`^/k up` read as Ctrl-something, and a reader
    /// says "caret"); on a Unicode screen they stay arrows.
    @Test(arguments: [true, false])
    func keyLabelsSpellArrowsOutInTheMode(accessible: Bool) {
        let source = NumbersSource(rows: 30)
        let table = makeTable(source, width: 1, height: 1)
        let driver = AppDriver(
            rootView: VStack([.fill(table), .fixed(KeyHintBar(), height: 1)]), size: Size(width: 60, height: 12))
        driver.app.isAccessible = accessible
        driver.app.addAction(AppAction("row.up", keys: [.up, Key("k")], help: "row up", hint: "up") {}, to: table)
        driver.app.addAction(AppAction("col.left", keys: [.left], help: "column left", hint: "left") {}, to: table)
        driver.app.render()
        let bar = driver.lines[11]
        if accessible {
            #expect(bar.hasPrefix("Up/k up . Left left"), "\(bar)")
        } else {
            #expect(bar.hasPrefix("↑/k up · ← left"), "\(bar)")
        }
        driver.app.showHelp()
        driver.app.renderIfNeeded()
        let screen = driver.lines.joined(separator: "\n")
        #expect(screen.contains(accessible ? "Up/k" : "↑/k"), "\(screen)")
        #expect(!screen.contains(accessible ? "^/k" : "Up/k"), "\(screen)")
        withExtendedLifetime(source) {}
    }

    @Test func thePaletteInTheModeHasNoVerticalLines() {
        let (driver, _, _, source) = readerApp()
        defer { withExtendedLifetime(source) {} }
        _ = driver.app.showCommandPalette()
        driver.app.renderIfNeeded()
        #expect(Self.linesWithVerticals(driver) == [], "\(driver.lines.joined(separator: "\n"))")
        #expect(driver.lines.contains { $0.contains("- Commands ---") })
        #expect(ScreenGlyphsDrawingTests.nonASCII(driver) == [])
    }

    @Test func columnsMarksASortAndAScrollIndicatorInTheModeHaveNoLines() {
        let source = ColumnRows((0..<20).map { ["name \($0)", "\($0)"] })
        let table = TableView()
        table.tableColumns = [TableColumn("c0", title: "NAME"), TableColumn("c1", title: "N", valueType: .integer)]
        table.selectionMode = .multiple
        table.showsMarkColumn = true
        table.showsScrollIndicator = true
        table.dataSource = source
        table.sortDescriptors = [TableSortDescriptor(column: "c1", ascending: false)]
        let driver = AppDriver(rootView: table, size: Size(width: 24, height: 6))
        driver.app.isAccessible = true
        table.selectRow(at: IndexPath(row: 0, section: 0))
        driver.app.renderIfNeeded()
        #expect(driver.lines[0].contains("N v") || driver.lines[0].contains("v N"), "\(driver.lines)")
        #expect(driver.lines[1].hasPrefix("* "), "the mark, as in ASCII: \(driver.lines)")
        #expect(Self.linesWithVerticals(driver) == [], "no scroll track or thumb: \(driver.lines)")
        #expect(ScreenGlyphsDrawingTests.nonASCII(driver) == [])
    }

    @Test func anOutlineInTheModeIsIndentedWithoutGuides() {
        let table = TableView()
        table.addTableColumn(TableColumn("name", title: "Name", width: .fixed(14)))
        let source = OutlineDataSource<String>(tableView: table, outlineColumn: "name") { item, _ in StyledText(item) }
        table.ownedDataSource = source
        source.apply(OutlineDataSourceTests.sample())
        source.expand("src")
        source.expand("Core")
        let driver = AppDriver(size: Size(width: 24, height: 10)) { screen in
            let app = Application(screen: screen, rootView: table)
            app.isAccessible = true  // before the first frame: the rows are configured with the mode's guides
            return app
        }
        let rows = driver.lines.dropFirst(table.showsColumnHeader ? 1 : 0).prefix(7).map {
            String($0.prefix(14)).trimmingCharacters(in: .whitespaces)
        }
        #expect(source.guides == .plain)
        #expect(rows == ["- src", "a", "- Core", "x", "y", "b", "+ docs"], "\(driver.lines)")
        #expect(
            driver.lines.dropFirst().prefix(5).map { String($0.prefix(6)) } == [
                "- src ", "    a ", "  - Co", "      ", "      ",
            ])
        #expect(Self.linesWithVerticals(driver).allSatisfy { $0.hasPrefix("+ docs") }, "only the collapsed mark")
    }

    /// The mode switched on while the app runs configures the rows again: the outline's guides follow, the cursor
    /// stays on its item.
    @Test func anOutlineFollowsTheModeSwitchedWhileShown() throws {
        let table = TableView()
        table.addTableColumn(TableColumn("name", title: "Name", width: .fixed(14)))
        let source = OutlineDataSource<String>(tableView: table, outlineColumn: "name") { item, _ in StyledText(item) }
        table.ownedDataSource = source
        source.apply(OutlineDataSourceTests.sample())
        source.expand("src")
        source.expand("Core")
        let driver = AppDriver(rootView: table, size: Size(width: 24, height: 10))
        driver.press("j j")
        #expect(driver.lines.contains { $0.hasPrefix("├─▾ Core") }, "\(driver.lines)")
        driver.app.isAccessible = true
        driver.app.renderIfNeeded()
        #expect(driver.lines.contains { $0.hasPrefix("  - Core") }, "\(driver.lines)")
        #expect(Self.linesWithVerticals(driver).allSatisfy { $0.hasPrefix("+ docs") }, "\(driver.lines)")
        #expect(source.cursorItemIdentifier == "Core")
        driver.app.isAccessible = false
        driver.app.renderIfNeeded()
        #expect(driver.lines.contains { $0.hasPrefix("├─▾ Core") }, "\(driver.lines)")
    }

    @Test func aSideBySideDividerInTheModeIsSpaces() {
        let left = Label(text: "left")
        let right = Label(text: "right")
        let stack = HStack([.fill(left), .fill(right)])
        stack.divider = .line(.dim)
        let driver = AppDriver(rootView: stack, size: Size(width: 20, height: 3))
        driver.app.isAccessible = true
        driver.app.renderIfNeeded()
        #expect(Self.linesWithVerticals(driver) == [], "\(driver.lines)")
        #expect(driver.lines[0].contains("left") && driver.lines[0].contains("right"))
    }

    // MARK: The mode set in code

    /// `isAccessible = true` in code, after a frame drawn without it, draws what a screen started with
    /// `TERMTABLE_ACCESSIBLE=1` draws (its glyphs decided from that environment), and `false` draws Unicode again.
    @Test func theModeSetInCodeDrawsWhatTheEnvironmentVariableDraws() {
        func helpApp(_ configure: (AppDriver) -> Void) -> [String] {
            let source = NumbersSource(rows: 30)
            let table = makeTable(source, width: 1, height: 1)
            let driver = AppDriver(size: Size(width: 40, height: 12)) { screen in
                Application(screen: screen, rootView: table)
            }
            driver.app.showHelp(title: "Keys", entries: [("j", "down"), ("k", "up")])
            driver.app.renderIfNeeded()
            configure(driver)
            driver.app.renderIfNeeded()
            return withExtendedLifetime(source) { driver.lines }
        }
        let fromEnvironment = helpApp { driver in
            driver.screen.glyphs = ScreenGlyphs(environment: ["TERMTABLE_ACCESSIBLE": "1"])
            driver.app.setNeedsDisplay()
            driver.app.drawnScreens = []
        }
        let inCode = helpApp { driver in driver.app.isAccessible = true }
        #expect(inCode == fromEnvironment)
        #expect(inCode.contains { $0.contains("  Keys ---") }, "\(inCode)")
        let back = helpApp { driver in
            driver.app.isAccessible = true
            driver.app.renderIfNeeded()
            driver.app.isAccessible = false
        }
        #expect(back.contains { $0.contains("┌ Keys ─") }, "\(back)")
    }

    // MARK: Announcements

    @Test func anAnnouncementPutsTheCursorOnItsLineUntilTheNextKey() throws {
        let (driver, table, status, source) = readerApp()
        defer { withExtendedLifetime(source) {} }
        driver.app.bind(Key("y")) { driver.app.announce("Copied 1 row (6 B)") }
        driver.press("j")
        let row1 = Point(x: 0, y: try #require(line(driver, startingWith: "Row 1")))
        #expect(driver.screen.cursor == row1)
        #expect(driver.screen.linesRewritten == [])
        driver.press("y")
        #expect(status.text == "Copied 1 row (6 B)")
        #expect(driver.lines[11].hasPrefix("Copied 1 row (6 B)"))
        #expect(driver.screen.cursor == Point(x: 0, y: 11), "the announcing frame: the start of the status line")
        #expect(driver.screen.linesRewritten == [11], "the status line sent whole")
        driver.app.setNeedsDisplay()
        driver.app.renderIfNeeded()
        #expect(driver.screen.cursor == Point(x: 0, y: 11), "a frame without a key keeps it there")
        #expect(driver.screen.linesRewritten == [], "sent whole once")
        driver.press("j")
        #expect(table.state.cursor?.row == 2)
        #expect(driver.screen.cursor == Point(x: 0, y: try #require(line(driver, startingWith: "Row 2"))))
        driver.press("y")
        #expect(driver.screen.cursor == Point(x: 0, y: 11), "the same message again is announced again")
        #expect(driver.screen.linesRewritten == [11])
    }

    @Test func outsideTheModeAnAnnouncementIsShownOnly() {
        let (driver, _, status, source) = readerApp(accessible: false)
        defer { withExtendedLifetime(source) {} }
        driver.app.bind(Key("y")) { driver.app.announce("3 matches") }
        driver.press("y")
        #expect(status.text == "3 matches")
        #expect(driver.lines[11].hasPrefix("3 matches"))
        #expect(driver.screen.cursor == nil)
        #expect(driver.screen.linesRewritten == [])
    }

    // MARK: Overlays

    @Test func overAHelpBoxTheCursorIsOnItsFirstLine() throws {
        let (driver, _, _, source) = readerApp()
        defer { withExtendedLifetime(source) {} }
        driver.app.showHelp(title: "Keys", entries: [("j", "down"), ("k", "up")])
        driver.app.renderIfNeeded()
        let box = try #require(driver.app.topOverlay)
        // On the first entry, not the blank line inside the border (a reader would read nothing).
        let cursor = try #require(driver.screen.cursor)
        #expect(cursor == Point(x: box.frame.x + 2, y: box.frame.y + 2), "\(driver.lines)")
        #expect(driver.lines[cursor.y].dropFirst(cursor.x).hasPrefix("j  down"), "\(driver.lines)")
        driver.press("x")
        #expect(!driver.app.isShowingOverlay)
        #expect(driver.screen.cursor == Point(x: 0, y: try #require(line(driver, startingWith: "Row 0"))))
    }

    @Test func overThePaletteTheCursorIsOnTheSelectedRow() throws {
        let (driver, _, _, source) = readerApp()
        defer { withExtendedLifetime(source) {} }
        driver.app.addAction(AppAction("first", keys: [Key("1")], help: "First action") {})
        driver.app.addAction(AppAction("second", keys: [Key("2")], help: "Second action") {})
        let palette = driver.app.showCommandPalette()
        driver.app.renderIfNeeded()
        func selectedLine() throws -> Int {
            let title = palette.items[palette.selectedIndex].title
            return try #require(driver.lines.firstIndex { $0.contains(title) }, "\(title) in \(driver.lines)")
        }
        #expect(driver.screen.cursor == Point(x: palette.frame.x + 1, y: try selectedLine()))
        driver.press("down")
        #expect(palette.selectedIndex == 1)
        #expect(driver.screen.cursor == Point(x: palette.frame.x + 1, y: try selectedLine()))
    }
}
