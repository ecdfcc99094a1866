import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableTesting
import Testing

/// The reader on an in-memory screen with the sample feeds, a fixed clock and fresh read marks.
@Suite("Reader screens") @MainActor
struct ReaderScreenTests {
    @Test func listScreenAt100x30() async throws {
        let harness = try await ReaderHarness()
        assertStyledSnapshot(harness.driver.screen, named: "list-100x30")
        #expect(harness.lines[0].hasPrefix("── Harbor City Chronicle"))
        #expect(harness.status.contains("1/165"))
        #expect(harness.status.contains("165 unread of 165"))
        #expect(harness.status.contains("4 feeds"))
        #expect(harness.status.contains("? help  q quit"))
    }

    @Test func unreadArticlesAreBoldWithAMarkAndReadOnesDim() async throws {
        let harness = try await ReaderHarness()
        let screen = harness.screen
        // The first article's summary wraps over three lines: the second article's title is on line 5.
        let second = try #require(harness.line(containing: "Harbor Bridge repairs"))
        #expect(second == 5)
        #expect(screen.cell(at: Point(x: 1, y: 1)).text == "●")
        #expect(screen.style(at: Point(x: 6, y: second)).attributes.contains(.bold))
        harness.press("j m")  // the second article, marked read
        #expect(screen.cell(at: Point(x: 1, y: second)).text == " ")
        #expect(screen.style(at: Point(x: 6, y: second)).attributes.contains(.dim))
        #expect(!screen.style(at: Point(x: 6, y: second)).attributes.contains(.bold))
        // The cursor's row is in reverse video.
        #expect(screen.style(at: Point(x: 6, y: second)).attributes.contains(.reverse))
    }

    @Test func scrollingMovesTheCursorAndKeepsTheHeaderOnTop() async throws {
        let harness = try await ReaderHarness()
        harness.press("pgdn pgdn")
        #expect(harness.lines[0].hasPrefix("── Harbor City Chronicle"))
        let position = try #require(harness.reader.tableView.state.cursor)
        #expect(position.row > 10, "two pages of rows two to four lines tall")
        harness.press("G")
        #expect(harness.lines[0].hasPrefix("── World Desk"))
        #expect(harness.status.hasPrefix(" 165/165"))
        harness.press("g")
        #expect(harness.status.hasPrefix(" 1/165"))
        harness.press("ctrl-f")
        #expect(harness.reader.tableView.state.cursor!.row > 5)
        harness.press("ctrl-b")
        #expect(harness.status.hasPrefix(" 1/165"))
    }

    @Test func theWheelScrollsTheListAndTheArticle() async throws {
        let harness = try await ReaderHarness()
        let top = harness.lines[1]
        harness.driver.wheel(up: false, x: 10, y: 10)
        harness.draw()
        #expect(harness.lines[1] != top)
        harness.press("enter")
        let first = harness.lines
        harness.driver.wheel(up: false, x: 10, y: 5)
        harness.draw()
        // The sample's summaries are short: the wheel may not move a short article, but must not leave it.
        #expect(harness.reader.isReading)
        #expect(harness.lines.count == first.count)
    }

    @Test func openingAnArticleAndComingBackKeepsTheRow() async throws {
        let harness = try await ReaderHarness()
        harness.press("j j j j j")
        let title = try #require(harness.cursorTitle)
        harness.press("enter")
        #expect(harness.reader.isReading)
        assertStyledSnapshot(harness.driver.screen, named: "detail-100x30")
        #expect(harness.lines[1].contains(title))
        #expect(harness.lines.contains { $0.contains("Harbor City Chronicle · ") })
        #expect(harness.lines.contains { $0.contains("https://chronicle.example.com/") })
        #expect(harness.status.contains("6/165"))
        #expect(harness.status.contains("q back"))
        harness.press("q")
        #expect(!harness.reader.isReading)
        #expect(harness.cursorTitle == title)
        // Opening marked it read; Esc and Left go back too.
        #expect(harness.status.contains("164 unread"))
        harness.press("enter esc")
        #expect(harness.cursorTitle == title && !harness.reader.isReading)
        harness.press("right left")
        #expect(harness.cursorTitle == title && !harness.reader.isReading)
        // A double click opens the row under the pointer.
        let row = try #require(harness.line(containing: title))
        harness.driver.doubleClick(x: 10, y: row)
        harness.draw()
        #expect(harness.reader.isReading)
    }

    @Test func theArticleViewScrollsAndWrapsToTheWidth() async throws {
        let long = Article(
            id: "long", title: "A long article", link: URL(string: "https://example.com/long"),
            summary: (1...60).map { "Paragraph \($0) says something worth reading." }.joined(separator: "\n\n"),
            published: fixedNow.addingTimeInterval(-7200), author: "Ada", feedTitle: "Long Reads")
        let feed = Feed(title: "Long Reads", items: [long], source: "long.xml", format: .rss20)
        let harness = try await ReaderHarness(sources: [.file("long.xml")], load: { _ in [.loaded(feed)] })
        harness.press("enter")
        #expect(harness.lines[2].contains("Long Reads · Sat 21 Nov 2026 10:00 (2h ago) · by Ada"))
        #expect(harness.lines[6].contains("Paragraph 1 says"))
        harness.press("j j")
        #expect(harness.lines[4].contains("Paragraph 1 says"))
        harness.press("space")
        #expect(!harness.lines.contains { $0.contains("Paragraph 1 says") })
        harness.press("G")
        #expect(harness.lines.contains { $0.contains("Paragraph 60 says") })
        #expect(harness.status.contains("100%"))
        harness.press("g")
        #expect(harness.lines[1].contains("A long article"))
        harness.driver.wheel(up: false)
        harness.draw()
        #expect(harness.reader.readingView.offset == 3)
    }

    /// The article view is the toolkit's text view (issue 23): a resize wraps again and keeps the top line's text.
    @Test func theArticleViewKeepsItsPlaceAcrossAResize() async throws {
        let long = Article(
            id: "long", title: "A long article", link: URL(string: "https://example.com/long"),
            summary: (1...60).map { "Paragraph \($0) says something worth reading, and then some more." }
                .joined(separator: "\n\n"),
            published: fixedNow.addingTimeInterval(-7200), author: "Ada", feedTitle: "Long Reads")
        let feed = Feed(title: "Long Reads", items: [long], source: "long.xml", format: .rss20)
        let harness = try await ReaderHarness(sources: [.file("long.xml")], load: { _ in [.loaded(feed)] })
        harness.press("enter pgdn pgdn")
        let top = harness.lines[0].trimmingCharacters(in: .whitespaces)
        #expect(top.hasPrefix("Paragraph "))
        harness.driver.resize(to: Size(width: 40, height: 30))
        harness.draw()
        #expect(harness.lines[0].trimmingCharacters(in: .whitespaces).hasPrefix(top.prefix(12)))
        harness.driver.resize(to: Size(width: 100, height: 30))
        harness.draw()
        #expect(harness.lines[0].trimmingCharacters(in: .whitespaces) == top)
    }

    /// The status line's percentage is that of the frame it is drawn in: before, it was computed before the views
    /// were laid out at the new size, and stayed stale until the next key (issue 32).
    @Test func theArticlePercentageFollowsAResizeInTheSameFrame() async throws {
        let long = Article(
            id: "long", title: "A long article", link: URL(string: "https://example.com/long"),
            summary: (1...60).map { "Paragraph \($0) says something worth reading, and then some more." }
                .joined(separator: "\n\n"),
            published: fixedNow.addingTimeInterval(-7200), author: "Ada", feedTitle: "Long Reads")
        let feed = Feed(title: "Long Reads", items: [long], source: "long.xml", format: .rss20)
        let harness = try await ReaderHarness(sources: [.file("long.xml")], load: { _ in [.loaded(feed)] })
        harness.press("enter pgdn pgdn")
        let detail = harness.reader.readingView
        let before = detail.percent
        #expect(harness.status.contains("· \(before)%"))
        for size in [Size(width: 40, height: 30), Size(width: 100, height: 12), Size(width: 100, height: 30)] {
            let last = detail.percent
            harness.driver.resize(to: size)  // one frame, as the resize's turn of the run loop draws
            #expect(detail.percent != last, "the resize to \(size) changes the percentage")
            #expect(harness.status.contains("· \(detail.percent)%"), "at \(size): \(harness.status)")
        }
    }

    /// The filter's count after Enter is announced: in the screen-reader mode the terminal's cursor is on the
    /// status line (news' own status view, sent whole), and the next key brings it back to the list.
    @Test func theFiltersCountIsAnnouncedInTheReaderMode() async throws {
        let harness = try await ReaderHarness()
        harness.driver.app.isAccessible = true
        harness.press("/")
        harness.driver.type("swimming")
        harness.press("enter")
        harness.draw()
        let status = try #require(harness.lines.lastIndex { $0.contains("1 titles match") }, "\(harness.lines)")
        #expect(harness.driver.screen.cursor == Point(x: 0, y: status))
        harness.press("k")
        harness.draw()
        #expect(harness.driver.screen.cursor != nil && harness.driver.screen.cursor?.y != status)
    }

    @Test func filteringUpdatesOnEachKeystrokeAndEscClearsIt() async throws {
        let harness = try await ReaderHarness()
        harness.press("/")
        harness.driver.type("swimming")
        harness.draw()
        #expect(harness.lines.last!.hasPrefix("/swimming"))
        #expect(harness.reader.controller.shownArticleCount == 1, "fuzzy: the letters in order")
        #expect(harness.lines[1].contains("Swimming pool"))
        let column = try #require(harness.lines[1].range(of: "Swimming")).lowerBound
        let x = harness.lines[1].distance(from: harness.lines[1].startIndex, to: column)
        #expect(harness.driver.screen.style(at: Point(x: x, y: 1)).attributes.contains(.underline), "the match shows")
        harness.press("enter")
        #expect(harness.status.contains("1 titles match “swimming”"))
        harness.reader.clearMessage()
        harness.draw()
        #expect(harness.status.contains("filter “swimming”"))
        #expect(harness.status.contains("1/1"))
        harness.press("esc")
        #expect(harness.reader.controller.shownArticleCount == 165)
        #expect(harness.cursorTitle?.hasPrefix("Swimming pool") == true)
        // Esc in the prompt clears the filter too; q clears it before quitting.
        harness.press("/")
        harness.driver.type("zzz-nothing")
        harness.draw()
        #expect(harness.lines.contains { $0.contains("no title contains “zzz-nothing”") })
        harness.press("esc")
        #expect(!harness.reader.controller.isFiltering)
        harness.press("/")
        harness.driver.type("ferry")
        harness.press("enter q")
        #expect(!harness.reader.controller.isFiltering && harness.driver.app.isRunning == false)
    }

    /// The table's filter (issue 24): `/hrbr brdg` finds "Harbor Bridge…" with its letters underlined; a read mark
    /// set while filtering counts over every article and stays when the filter is cleared.
    @Test func theFuzzyFilterFindsAndHighlightsAndKeepsReadMarks() async throws {
        let harness = try await ReaderHarness()
        harness.press("/")
        harness.driver.type("hrbr brdg")
        harness.press("enter")
        let title = try #require(harness.cursorTitle)
        #expect(title.hasPrefix("Harbor Bridge repairs"))
        let row = try #require(harness.line(containing: "Harbor Bridge repairs"))
        let line = harness.lines[row]
        let start = line.distance(from: line.startIndex, to: try #require(line.range(of: "Harbor")).lowerBound)
        let underlined = (0..<13).map { harness.screen.style(at: Point(x: start + $0, y: row)).attributes }
            .map { $0.contains(.underline) }
        // "hrbr" takes H, r, b, r of "Harbor"; "brdg" takes B, r, d, g of "Bridge".
        #expect(underlined.filter { $0 }.count == 8, "the eight letters of the query")
        #expect(underlined[0], "the H of Harbor")
        harness.press("m")
        #expect(harness.status.contains("marked read"))
        harness.reader.clearMessage()
        harness.draw()
        #expect(harness.status.contains("164 unread of 165"))
        #expect(harness.status.contains("filter “hrbr brdg”"))
        harness.press("esc")
        #expect(harness.cursorTitle == title, "the article found stays under the cursor")
        #expect(harness.status.contains("164 unread of 165"))
    }

    @Test func markReadTogglesAndPersists() async throws {
        let directory = temporaryDirectory()
        let first = try await ReaderHarness(stateDirectory: directory)
        first.press("m")
        #expect(first.status.contains("marked read"))
        #expect(first.lines[0].contains("54 unread · 55"))
        first.press("m")
        #expect(first.lines[0].contains("55 unread · 55"))
        first.press("j m")
        let again = try await ReaderHarness(stateDirectory: directory)
        #expect(again.screen.cell(at: Point(x: 1, y: 1)).text == "●")
        #expect(again.screen.cell(at: Point(x: 1, y: 3)).text == " ")
        #expect(again.status.contains("164 unread of 165"))
    }

    @Test func nextUnreadSkipsReadArticlesAndWraps() async throws {
        let harness = try await ReaderHarness()
        harness.press("m j m j m")  // the first three are read
        harness.press("g n")
        #expect(harness.position == 4)
        harness.press("G n")
        #expect(harness.position == 4, "n wraps to the top")
        // In the article view, n opens the next unread article.
        harness.press("enter n")
        #expect(harness.reader.isReading)
        #expect(harness.position == 5)
        #expect(harness.lines[1].contains(harness.cursorTitle ?? "?"))
    }

    @Test func aMissingFeedShowsAnErrorRowAndTheOthersStillShow() async throws {
        let sources: [FeedSource] =
            [.file("/nonexistent/missing.xml"), .file(fixture("broken.xml"))]
            + SampleFeeds.sources.prefix(1)
        let harness = try await ReaderHarness(sources: sources)
        assertStyledSnapshot(harness.driver.screen, named: "errors-100x30")
        #expect(harness.lines[0].contains("missing.xml"))
        #expect(harness.lines[1].contains("✗  no such file: /nonexistent/missing.xml"))
        #expect(harness.lines[2].contains("broken.xml"))
        #expect(harness.lines[3].contains("✗  malformed XML"))
        #expect(harness.lines[4].contains("Harbor City Chronicle"))
        // The cursor skips the error rows.
        #expect(harness.status.hasPrefix(" 1/55"))
        #expect(harness.status.contains("3 feeds (2 failed)"))
        harness.press("k k")
        #expect(harness.cursorTitle == "Council approves new ferry timetable for winter")
    }

    @Test func feedsFillInAsTheyArriveWithALoadingStateBefore() async throws {
        let gate = Gate()
        let harness = try await ReaderHarness(
            sources: [.file("slow.xml")] + SampleFeeds.sources.prefix(1),
            load: { source in
                if source == .file("slow.xml") { await gate.wait() }
                return await FeedLoader().loadAll([source])
            }, loadNow: false)
        // The harness did not wait: nothing loaded yet.
        let loading = Task { await harness.reader.loadFeeds() }
        while harness.reader.model.counts.loading > 1 { await Task.yield() }
        harness.draw()
        #expect(harness.lines[0].contains("slow.xml") && harness.lines[0].contains("loading…"))
        #expect(harness.lines[1].contains("loading…"))
        #expect(harness.lines[2].contains("Harbor City Chronicle"))
        #expect(harness.status.contains("loading 1…"))
        #expect(harness.status.hasPrefix(" 1/55"))
        await gate.open()
        await loading.value
        harness.draw()
        #expect(harness.lines[1].contains("✗  no such file: slow.xml"))
    }

    @Test func resizingRelaysOutTheListTheArticleAndTheStatus() async throws {
        let harness = try await ReaderHarness()
        harness.press("j j")
        harness.driver.resize(to: Size(width: 60, height: 20))
        harness.draw()
        assertStyledSnapshot(harness.driver.screen, named: "list-60x20")
        #expect(harness.lines.count == 20 && harness.lines.allSatisfy { $0.count <= 60 })
        #expect(harness.status.contains("3/165"))
        harness.driver.resize(to: Size(width: 140, height: 40))
        harness.draw()
        assertStyledSnapshot(harness.driver.screen, named: "list-140x40")
        harness.press("enter")
        harness.driver.resize(to: Size(width: 60, height: 20))
        harness.draw()
        assertStyledSnapshot(harness.driver.screen, named: "detail-60x20")
        harness.press("q")
        #expect(harness.cursorTitle == "Fish & Chips shop on Tallow Street celebrates 50 years")
    }

    @Test func compactViewShowsOneLinePerArticle() async throws {
        let harness = try await ReaderHarness()
        harness.press("v")
        #expect(harness.lines[2].contains("Harbor Bridge repairs"))
        #expect(harness.lines[3].contains("Fish & Chips"))
        harness.press("v")
        #expect(harness.lines[5].contains("Harbor Bridge repairs"), "after the first article's four lines")
    }

    @Test func oOpensTheLinkAndHelpShowsTheKeys() async throws {
        let harness = try await ReaderHarness()
        harness.press("o")
        #expect(
            harness.links.map(\.absoluteString) == [
                "https://chronicle.example.com/news/2026/council-approves-new-ferry-timetable-for"
            ])
        #expect(harness.status.contains("opened https://chronicle.example.com/"))
        harness.press("?")
        #expect(harness.lines.contains { $0.contains("next unread article") })
        harness.press("x")
        #expect(!harness.lines.contains { $0.contains("next unread article") })
    }

    @Test func controlSequencesInAFeedNeverReachTheScreen() async throws {
        let harness = try await ReaderHarness(sources: [.file(fixture("tricky.xml"))])
        let text = harness.lines.joined()
        #expect(harness.lines[1].contains("Escape �]0;pwned� in title �[2J"))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
        #expect(harness.lines.contains { $0.contains("No summary here") })
        harness.press("enter")
        #expect(!harness.lines.joined().contains("\u{1B}"))
    }

    @Test func aCorruptStateFileIsSetAsideWithAWarningInTheStatusLine() async throws {
        let directory = temporaryDirectory()
        try Data("{ not json".utf8).write(to: directory.appendingPathComponent(ReadStateStore.fileName))
        let harness = try await ReaderHarness(sources: [], stateDirectory: directory, loadNow: false)
        harness.draw()
        #expect(harness.status.contains("Could not read"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.contains { $0.hasPrefix("read-state.json.corrupt-") })
    }

    @Test func aLayoutWithoutTheReadersCellsIsRefusedWithTheirNames() throws {
        let library = try LayoutLibrary(string: "cell news height=1\n| [1 t] |\n  1 label\n", name: "Mine.layout")
        #expect {
            try ReaderCells.validate(library)
        } throws: { error in
            "\(error)".contains("no cell `compact`, `section`, `error`, `notice`")
        }
    }
}

/// A one-shot gate a slow fake feed waits on.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}
