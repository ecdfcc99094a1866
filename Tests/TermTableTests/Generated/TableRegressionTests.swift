import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Cases the generated tests found, and the size-class bugs reported beside the bottom-edge crash; each failed before its fix.
@Suite("Table regressions at odd sizes") @MainActor
struct TableRegressionTests {
    func expectHolds(_ c: GeneratedTableCase, sourceLocation: SourceLocation = #_sourceLocation) {
        let problem = GeneratedTableHarness.check(c)
        #expect(problem == nil, "\(problem ?? "")", sourceLocation: sourceLocation)
    }

    // MARK: Found by the generator

    /// A following table with no lines for rows put its top on the last row, of no lines; grown to 25 lines it
    /// placed nothing and showed no row, because the pull-down at the end looked only at placed rows.
    @Test func aTopRowOfNoLinesIsPulledDownWhenTheViewGrows() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 1, statusLine: false, sticky: false, mode: .multiple,
                indicator: false, selectableByDelegate: false, delegateHeights: true,
                kinds: [.init(1), .init(1), .init(1)],
                sections: [.init(.none, [.init(24, kind: 1, selectable: false), .init(25, height: 0)])],
                ops: [.resize(21, 25)], columnHeader: true, followsEnd: true))
    }

    /// The last row deleted while the rows kept their lines (issue 32: the last frame's rows follow their new
    /// index paths): the deleted row was left out of the frame's extent, so its line was never cleared.
    @Test func aDeletedLastRowIsClearedWhenTheOthersStay() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 1, statusLine: false, sticky: false, mode: .none,
                indicator: false, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(1), .init(1)],
                sections: [],
                ops: [
                    .insertSection(at: 0, .init(.none, [])),
                    .insertSection(
                        at: 1,
                        .init(
                            .custom(2),
                            [
                                .init(5, kind: 1, height: 4), .init(6, kind: 1, height: 2),
                                .init(7, kind: 1, height: 2, selectable: false), .init(8, kind: 1),
                            ])),
                    .resize(39, 24), .deleteRows(section: 1, at: 3, count: 17),
                ]))
    }

    /// A reload that only appended reset the line offset of a cut top row (issue 23 with the follow-the-end
    /// table): the cursor's row below then left the view and revealing it moved the top, away from the end.
    @Test func aReloadThatAppendsKeepsTheTopRowsLineOffset() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 3, statusLine: false, sticky: true, mode: .multiple,
                indicator: false, selectableByDelegate: false, delegateHeights: true,
                kinds: [.init(4), .init(1)],
                sections: [.init(.none, [])],
                ops: [
                    .appendRows(
                        [
                            .init(60, kind: 1, height: 1), .init(61), .init(62, kind: 1, height: 3, selectable: false),
                            .init(63), .init(64, kind: 1, selectable: false), .init(65, kind: 1), .init(66, height: 0),
                        ], byReload: true), .key("pgup"),
                    .appendRows(
                        [
                            .init(67, kind: 1), .init(68), .init(69, height: 3, selectable: false), .init(70, kind: 1),
                            .init(71), .init(72, selectable: false), .init(73), .init(74),
                        ], byReload: true),
                ], followsEnd: true))
    }

    /// A top row cut by scroll padding (issue 23) kept its place while the sticky header above it went away: its
    /// lines under the old header were not drawn again, and the header's last line stayed on screen.
    @Test func aCutTopRowIsDrawnAgainWhenTheStickyHeaderOverItChanges() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 1, statusLine: true, sticky: true, mode: .single,
                indicator: false, selectableByDelegate: false, delegateHeights: true,
                kinds: [.init(5), .init(2, controls: true)],
                sections: [.init(.title, []), .init(.title, [.init(1, kind: 1), .init(2, kind: 1, height: 4)])],
                ops: [
                    .insertSection(
                        at: 2,
                        .init(.custom(2), [.init(110, kind: 1, selectable: false), .init(111), .init(112), .init(113)])),
                    .resize(10, 10), .wheel(up: false, 0, 1), .key("ctrl-f"),
                    .insertSection(
                        at: 4, .init(.title, [.init(130, kind: 1, selectable: false), .init(131), .init(132, kind: 1)])),
                ], padding: 4))
    }

    /// Scroll padding (issue 23): the context above the cursor's row was found by showing the section's 3-line
    /// header in the flow, which pushed the row onto the last lines and left no context below it, though the
    /// row at the top would have kept the line below.
    @Test func scrollPaddingKeepsTheContextBelowWhileLookingForContextAbove() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 1, statusLine: false, sticky: true, mode: .single,
                indicator: false, selectableByDelegate: false, delegateHeights: true,
                kinds: [.init(1), .init(1), .init(1)],
                sections: [.init(.custom(3), [.init(1, kind: 1), .init(2, kind: 2, height: 2)]), .init(.title, [])],
                ops: [.resize(9, 4), .key("pgdn")], padding: 2))
    }

    /// Scroll padding (issue 23): the cursor's section's 6-line sticky header left no room for two lines of
    /// context above its row, and the row went to the top without any; showing the header in the flow, cut,
    /// leaves room for them.
    @Test func scrollPaddingShowsTheContextWithoutTheStickyHeaderWhenOnlyThatLeavesRoom() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 1, statusLine: false, sticky: true, mode: .single,
                indicator: false, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(1), .init(2, auto: true)],
                sections: [
                    .init(.custom(6), [.init(100, selectable: false), .init(101), .init(102, kind: 1, height: 1)])
                ],
                ops: [.resize(11, 10), .setPadding(3), .key("pgdn")], columnHeader: true))
    }

    /// Scroll padding (issue 23): placing the cursor's row three lines above the bottom counted one section's
    /// sticky header (2 lines) for a position that showed another's (1 line), back and forth, and the row
    /// ended a line too low, with two lines of padding below it instead of three.
    @Test func scrollPaddingCountsTheStickyHeaderOfThePositionItChooses() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 1, statusLine: false, sticky: true, mode: .single,
                indicator: false, selectableByDelegate: false, delegateHeights: true,
                kinds: [.init(1)],
                sections: [
                    .init(.title, [.init(5)]),
                    .init(.title, [.init(8), .init(9), .init(10), .init(11), .init(12), .init(13), .init(14)]),
                    .init(.custom(2), [.init(15), .init(16), .init(17), .init(18)]),
                    .init(
                        .title,
                        [
                            .init(19), .init(20, height: 6), .init(21), .init(22), .init(23), .init(24), .init(25),
                            .init(26), .init(27),
                        ]),
                ],
                ops: [.changeUnderTable(section: 1, delta: -3), .resize(47, 17), .unfilter, .key("G"), .key("pgup")],
                padding: 3))
    }

    /// Found with a column header, but the header is not needed: revealing the cursor's row walked up onto a
    /// section without a header (height 0) and made it the top; the next layout clamped that top to the item
    /// above, and the 4-line cursor row was cut by the bottom edge.
    @Test func theCursorRowIsRevealedBelowAColumnHeader() {
        for (height, header) in [(7, true), (6, false)] {
            expectHolds(
                GeneratedTableCase(
                    width: 1, height: height, statusLine: false, sticky: true, mode: .single,
                    indicator: false, selectableByDelegate: false, delegateHeights: false,
                    kinds: [.init(4), .init(1), .init(1)],
                    sections: [
                        .init(.title, []), .init(.none, []),
                        .init(.title, [.init(1, kind: 1, selectable: false), .init(2)]),
                    ],
                    ops: [], columnHeader: header))
        }
    }

    /// A row cut by the bottom edge: clearing the lines below it read a negative range (the crash of `swift run news` at 100x31).
    @Test func aRowCutByTheBottomEdgeDrawsClipped() {
        expectHolds(
            GeneratedTableCase(
                width: 6, height: 3, statusLine: false, sticky: true, mode: .none,
                indicator: true, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(2)],
                sections: [
                    .init(.title, [.init(1, selectable: false), .init(2)]), .init(.none, [.init(3), .init(4)]),
                ],
                ops: [.key("down"), .resize(13, 7), .resize(12, 9), .key("G")]))
        // And directly: a 4-line row in a 3-line view.
        let source = NumbersSource(rows: 3)
        source.heights = [IndexPath(row: 0, section: 0): 4]
        let table = makeTable(source, width: 10, height: 3)
        let screen = render(table, size: Size(width: 10, height: 3))
        #expect(screen.line(0).hasPrefix("Row 0"))
    }

    /// A header cell measured only when placed (issue 12's B6) counted as 1 line until then: a 6-line header
    /// above an inserted section put the revealed cursor row 5 lines too high (case 510 of the 100,000-case run).
    @Test func aHeaderMeasuredLateStillRevealsTheCursor() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 1, statusLine: false, sticky: false, mode: .multiple,
                indicator: false, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(1), .init(1), .init(1)],
                sections: [.init(.custom(6), []), .init(.none, [])],
                ops: [
                    .insertSection(
                        at: 6,
                        .init(.none, [.init(32, kind: 1), .init(33, height: 3), .init(34, kind: 1, selectable: false)]))
                ]))
    }

    /// The wheel laid the table out to find the rows it showed, giving cells to rows that the cursor's
    /// move then scrolled away before a frame was drawn: 4 cells for 1 row of a kind on screen (case 2287).
    @Test func theWheelMakesNoCellsForRowsNeverShown() {
        expectHolds(
            GeneratedTableCase(
                width: 2, height: 7, statusLine: false, sticky: false, mode: .multiple,
                indicator: true, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(1, controls: true), .init(5, controls: true), .init(3)],
                sections: [
                    .init(
                        .custom(1),
                        [
                            .init(1), .init(2), .init(3, height: 0, selectable: false),
                            .init(4, kind: 2, selectable: false), .init(5, kind: 2, height: 5, selectable: false),
                        ]),
                    .init(
                        .none,
                        [
                            .init(52, kind: 1), .init(53, kind: 2), .init(54, kind: 1, selectable: false),
                            .init(55, selectable: false), .init(56, kind: 2), .init(57, kind: 1, height: 2),
                            .init(58, selectable: false), .init(59, height: 4), .init(60, kind: 2), .init(61),
                            .init(62), .init(63), .init(64, kind: 1, selectable: false), .init(65, kind: 2),
                            .init(66, kind: 2), .init(67, kind: 2), .init(68, kind: 2), .init(69, kind: 1),
                            .init(70, kind: 1), .init(71, kind: 2), .init(72), .init(73, kind: 1),
                            .init(74, kind: 2, height: 5), .init(75, kind: 2), .init(76), .init(77), .init(78, kind: 1),
                            .init(79, kind: 2), .init(80, kind: 2), .init(81, kind: 2),
                        ]),
                ],
                ops: [.wheel(up: false, 1, 2)]))
    }

    /// Not a table bug, a harness one (case 2582): a resize to the size the screen already has changes
    /// nothing, so a cursor left off screen by `scrollToRow` may stay there, as after any scroll.
    @Test func aResizeToTheSameSizeLeavesAScrolledTableAlone() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 1, statusLine: false, sticky: true, mode: .single,
                indicator: false, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(1), .init(1), .init(1), .init(1)],
                sections: [.init(.none, []), .init(.none, (109...132).map { .init($0) })],
                ops: [.resize(1, 12), .scrollToRow(section: 1, row: 23), .resize(1, 12)]))
    }

    /// Header cells measured off screen were made before the oldest measured cell went back to its
    /// queue: 3 header cells for none on screen (case 73486 of the 100,000-case run).
    @Test func measuringHeadersOffScreenReusesTheirCells() {
        expectHolds(
            GeneratedTableCase(
                width: 7, height: 4, statusLine: false, sticky: true, mode: .single,
                indicator: false, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(4, controls: true), .init(2), .init(1), .init(2)],
                sections: [
                    .init(.none, [.init(3)]), .init(.custom(2), []), .init(.custom(2), []), .init(.custom(2), []),
                ],
                ops: [.wheel(up: true, 6, 0)]))
    }

    /// Jumping to the end measured each row on the way through a new cell: 5 cells for 2 visible.
    @Test func jumpingToTheEndMakesNoCellPerMeasuredRow() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 4, statusLine: false, sticky: true, mode: .single,
                indicator: false, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(2, controls: true)],
                sections: [.init(.none, [.init(1), .init(2), .init(3), .init(4), .init(5)])],
                ops: [.key("G")]))
    }

    /// Rows inserted above the cursor pushed it off screen.
    @Test func insertingAboveTheCursorKeepsItInView() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 2, statusLine: false, sticky: true, mode: .single,
                indicator: false, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(1), .init(1)],
                sections: [.init(.custom(1), []), .init(.none, [.init(5)])],
                ops: [
                    .insertRows(
                        section: 0, at: 6,
                        [
                            .init(19), .init(20, kind: 1), .init(21), .init(22, selectable: false),
                            .init(23, kind: 1), .init(24, kind: 1, height: 3),
                        ])
                ]))
    }

    /// An indicator that went away (the rows were filtered out) left its mark in the last column.
    @Test func aVanishingIndicatorLeavesNoMark() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 3, statusLine: false, sticky: true, mode: .single,
                indicator: true, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(2), .init(1), .init(2)],
                sections: [.init(.title, []), .init(.none, [.init(70), .init(71)])],
                ops: [.filterToNothing]))
    }

    /// Turning sticky headers off did not redraw the screen.
    @Test func changingStickyHeadersRedraws() {
        expectHolds(
            GeneratedTableCase(
                width: 3, height: 3, statusLine: false, sticky: true, mode: .single,
                indicator: false, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(1, controls: true), .init(1), .init(2, controls: true)],
                sections: [.init(.title, [.init(144, kind: 2), .init(145)])],
                ops: [.wheel(up: false, 2, 2), .setSticky(false)]))
    }

    /// Rows of height 0 (and headers) before the first shown row kept the thumb off the top line.
    @Test func theThumbIsAtTheTopWhenTheViewIs() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 3, statusLine: false, sticky: false, mode: .single,
                indicator: true, selectableByDelegate: false, delegateHeights: true,
                kinds: [.init(1), .init(1), .init(1), .init(1)],
                sections: [
                    .init(.custom(2), [.init(1, kind: 1, height: 0), .init(2, kind: 2)]),
                    .init(.none, [.init(3), .init(4)]),
                ],
                ops: []))
    }

    /// After the screen scrolled rows down, the line the old last row moved to was not cleared.
    @Test func linesUncoveredByAScrollDownAreCleared() {
        expectHolds(
            GeneratedTableCase(
                width: 1, height: 1, statusLine: false, sticky: true, mode: .none,
                indicator: false, selectableByDelegate: false, delegateHeights: false,
                kinds: [.init(6), .init(1), .init(6, controls: true), .init(2, controls: true)],
                sections: [
                    .init(.title, []), .init(.none, [.init(11)]), .init(.title, []),
                    .init(
                        .none,
                        [
                            .init(12, selectable: false), .init(13), .init(14, kind: 3, height: 4), .init(15),
                            .init(16, kind: 1),
                        ]), .init(.title, []),
                ],
                ops: [.key("G"), .resize(76, 28), .filterToNothing]))
    }

    // MARK: Reported beside the crash

    /// PgDn 2,000 times made 1,564 cells for 40 visible rows (3,568 with every other row not selectable).
    @Test(arguments: [false, true])
    func pagingMakesNoMoreCellsThanFitPlusTwo(everyOtherUnselectable: Bool) {
        let source = NumbersSource(rows: 100_000)
        source.identifier = { _ in "row" }
        if everyOtherUnselectable {
            source.unselectable = Set((0..<100_000).filter { $0 % 2 == 1 }.map { IndexPath(row: $0, section: 0) })
        }
        let table = makeTable(source, width: 40, height: 40)
        let driver = AppDriver(rootView: table, size: Size(width: 40, height: 40))
        for _ in 0..<2_000 { driver.press("pgdn") }
        #expect(table.statistics.cellsCreated <= 42, "\(table.statistics)")
        for _ in 0..<500 { driver.press("pgup") }
        driver.press("G")
        driver.press("g")
        for step in 0..<200 {
            driver.wheel(up: step % 3 == 0)
            table.scrollToRow(at: IndexPath(row: step * 487 % 100_000, section: 0))
            table.setCursor(IndexPath(row: step * 991 % 100_000, section: 0))
            driver.app.renderIfNeeded()
        }
        #expect(table.statistics.cellsCreated <= 42, "\(table.statistics)")
        #expect(table.queuedCellCount(forIdentifier: "row") <= 44)
    }

    /// Clicking a control in a cell and wheeling its row away left the keys with a recycled cell.
    @Test func theKeyboardComesBackWhenAFocusedCellLeaves() {
        let c = GeneratedTableCase(
            width: 40, height: 5, statusLine: false, sticky: false, mode: .single, indicator: false,
            selectableByDelegate: false, delegateHeights: false, kinds: [.init(1, controls: true)],
            sections: [.init(.none, (0..<50).map { .init($0) })], ops: [])
        let run = GeneratedTableHarness.Run(c)
        // The button is pinned right at columns 29-33 of a 40-column row.
        run.apply(.click(31, 0))
        #expect(run.driver.app.focusedView is Button)
        for _ in 0..<4 { run.apply(.wheel(up: false, 5, 2)) }
        #expect(run.driver.app.focusedView === run.table)
        let before = run.table.state.cursor
        run.apply(.key("j"))
        #expect(run.table.state.cursor != before, "j moves the cursor again")
    }

    /// G and End showed the last selectable row but hid the rows after it the cursor cannot stop on.
    @Test func theEndShowsTrailingRowsTheCursorSkips() {
        let source = NumbersSource(rows: 30)
        source.unselectable = [27, 28, 29].map { IndexPath(row: $0, section: 0) }.reduce(into: []) { $0.insert($1) }
        let table = makeTable(source, width: 20, height: 10)
        let driver = AppDriver(rootView: table, size: Size(width: 20, height: 10))
        driver.press("G")
        #expect(table.state.cursor == IndexPath(row: 26, section: 0))
        #expect(driver.lines[9].hasPrefix("Row 29"))
        driver.press("g")
        driver.press("end")
        #expect(driver.lines[9].hasPrefix("Row 29"))
    }

    /// The thumb stopped short of the bottom line at the end of the list.
    @Test func theThumbReachesTheBottomAtTheEnd() {
        for rows in [11, 13, 37, 101, 997] {
            let source = NumbersSource(rows: rows)
            let table = makeTable(source, width: 20, height: 10)
            table.showsScrollIndicator = true
            let driver = AppDriver(rootView: table, size: Size(width: 20, height: 10))
            #expect(table.scrollIndicator()?.lowerBound == 0)
            driver.press("G")
            #expect(table.scrollIndicator()?.upperBound == 10, "\(rows) rows")
            guard rows > 30 else { continue }
            // In between (the cursor 12 rows up from the end): the thumb touches neither end.
            driver.press("k k k k k k k k k k k k")
            let thumb = table.scrollIndicator()
            #expect(
                thumb.map { $0.upperBound < 10 && $0.lowerBound > 0 } == true,
                "\(rows) rows: \(String(describing: thumb))")
        }
    }

    /// A row taller than the view is shown from its top; j and k scroll it by line, then step to the next row;
    /// G shows the last row's end and PgDn reaches it.
    @Test func rowsTallerThanTheViewAreShownFromTheirTop() {
        let source = NumbersSource(sections: [(0..<6).map { "Row \($0)" }], titles: ["Head"])
        for row in 0..<6 { source.heights[IndexPath(row: row, section: 0)] = 5 }
        let table = makeTable(source, width: 12, height: 3)
        let driver = AppDriver(rootView: table, size: Size(width: 12, height: 3))
        #expect(driver.lines[0].hasPrefix("Row 0"), "the cursor's row, taller than the view, from its top")
        driver.press("j j")
        #expect(table.state.cursor == IndexPath(row: 0, section: 0), "j scrolls the tall row until its end shows")
        #expect(table.state.topLineOffset == 2)
        driver.press("j")
        #expect(table.state.cursor == IndexPath(row: 1, section: 0))
        #expect(
            driver.lines[0].hasPrefix("Row 1"),
            "the tall row from its top, without the header that would not leave it room")
        driver.press("k")
        #expect(table.state.cursor == IndexPath(row: 0, section: 0))
        #expect(table.state.topLineOffset == 2, "coming from below, the row shows its end")
        driver.press("k k")
        #expect(driver.lines[0].hasPrefix("Row 0"))
        driver.press("G")
        #expect(table.state.cursor == IndexPath(row: 5, section: 0))
        #expect(table.state.topLineOffset == 2, "G shows the end of the last row")
        driver.press("g pgdn pgdn pgdn pgdn pgdn pgdn pgdn pgdn pgdn pgdn pgdn pgdn")
        #expect(table.state.cursor == IndexPath(row: 5, section: 0))
    }

    /// A table with no room (a one-line terminal with a status line) draws nothing and takes keys without trouble.
    @Test func aTableOfNoHeightOrWidthDrawsNothing() {
        for size in [Size(width: 0, height: 5), Size(width: 5, height: 0), Size(width: 0, height: 0)] {
            let source = NumbersSource(rows: 50)
            let table = makeTable(source, width: size.width, height: size.height)
            table.showsScrollIndicator = true
            let screen = BufferScreen(size: Size(width: 5, height: 5))
            table.render(on: screen)
            #expect(screen.lines.allSatisfy { $0.allSatisfy { $0 == " " } })
            for command in TableCommand.allCases { table.perform(command) }
            #expect(table.metrics.totalRows == 50)
            table.render(on: screen)
            #expect(table.state.cursor != nil)
        }
    }
}
