import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableTestSupport
import TermTableTesting
import Testing

/// Loads the test holds until it lets them finish, one at a time, in the order it picks.
private actor HeldLoads {
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits until the test lets this load finish.
    func hold() async {
        await withCheckedContinuation { waiting.append($0) }
    }

    /// How many loads are held.
    var count: Int { waiting.count }

    /// Lets the held load at `index` (modulo the count) finish; false when none is held.
    func release(_ index: Int) -> Bool {
        guard !waiting.isEmpty else { return false }
        waiting.remove(at: index % waiting.count).resume()
        return true
    }
}

/// Side by side, the article pane shows the article under the list's cursor, and `o` opens that one, however
/// clicks, wheel turns and keys arrive (several between two frames, as a burst reaches the run loop) and
/// whatever order feed loads finish in (issue 32, item 19).
@MainActor
@Suite("Reader: the pane follows the cursor") struct ReaderPaneFollowsCursorTests {
    /// What the pane shows is the article the status line names, the list's cursor is on, and `o` opens.
    static func expectPaneShowsTheCursorsArticle(_ harness: ReaderHarness, seed: UInt64, step: Int) {
        let reader = harness.reader
        let detail = reader.rootView.detailView
        guard !detail.isHidden, let shown = detail.article else { return }
        let context = "seed \(seed), step \(step)"
        if reader.rootView.isSplit {
            let cursorArticle = reader.tableView.state.cursor.flatMap { reader.controller.article(at: $0) }
            #expect(cursorArticle?.id == shown.id, "the pane shows the cursor's article (\(context))")
        }
        if let current = reader.currentArticle {
            #expect(current.article.id == shown.id, "the status line and o name the article shown (\(context))")
        }
    }

    @Test(arguments: [UInt64(13), 846, 99])
    func thePaneShowsTheCursorsArticleAfterARandomBurst(seed: UInt64) async throws {
        let held = HeldLoads()
        var preloaded: [FeedSource: [FeedLoadResult]] = [:]
        for source in SampleFeeds.sources { preloaded[source] = await FeedLoader().loadAll([source]) }
        let results = preloaded
        let size = Size(width: 200, height: 50)
        let harness = try await ReaderHarness(
            size: size,
            load: { source in
                await held.hold()
                return results[source] ?? []
            }, loadNow: false)
        let app = harness.driver.app
        var random = SeededRandom(seed: seed)
        let loading = Task { await harness.reader.loadFeeds() }
        let keys = ["j", "k", "enter", "tab", "escape", "n", "m", "o", "g", "G", "space", "pgdn", "l", "r", "v"]
        for step in 0..<300 {
            // A burst: up to 8 events handled before the next frame is drawn.
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let x = Int.random(in: 0..<size.width, using: &random)
                let y = Int.random(in: 0..<size.height, using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    app.handle(.mouse(MouseEvent(.press, at: Point(x: x, y: y))))
                    app.handle(.mouse(MouseEvent(.release, at: Point(x: x, y: y))))
                case 4..<7:
                    let kind: MouseEvent.Kind = Bool.random(using: &random) ? .wheelUp : .wheelDown
                    app.handle(.mouse(MouseEvent(kind, button: .none, at: Point(x: x, y: y))))
                case 7:
                    app.handle(.mouse(MouseEvent(.doubleClick, at: Point(x: x, y: y))))
                default:
                    app.handle(.key(Key(parsing: keys.randomElement(using: &random)!)!))
                }
            }
            // A held load finishes now and then, in a random order; the reader takes it in when it gets the main actor.
            if Int.random(in: 0..<4, using: &random) == 0 {
                _ = await held.release(Int.random(in: 0..<64, using: &random))
                for _ in 0..<Int.random(in: 0...20, using: &random) { await Task.yield() }
            }
            app.fireTimers()
            harness.draw()
            Self.expectPaneShowsTheCursorsArticle(harness, seed: seed, step: step)
            if app.isShowingOverlay { app.handle(.key(.escape)) }
        }
        // Every load finishes (a reload may have started more).
        let releasing = Task {
            while !Task.isCancelled {
                if await !held.release(0) { await Task.yield() }
            }
        }
        await loading.value
        await harness.reader.pendingReload?.value
        releasing.cancel()
        harness.draw()
        Self.expectPaneShowsTheCursorsArticle(harness, seed: seed, step: 300)
        // The link `o` opens is the article's shown beside the list.
        harness.press("tab")
        if !harness.reader.rootView.isShowingDetail { harness.press("tab") }
        let shown = try #require(harness.reader.rootView.detailView.article)
        let opened = harness.links.count
        harness.press("o")
        if let link = shown.link {
            #expect(harness.links.count == opened + 1 && harness.links.last == link, "seed \(seed)")
        }
    }
}
