import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableLayouts
import TermTableTesting

/// Friday 21 November 2026, 12:00 UTC: the samples' newest items are about a day old.
let fixedNow = Date(timeIntervalSince1970: 1_795_262_400)

/// A fixture feed file's path.
func fixture(_ name: String) -> String {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name).path
}

/// A new empty directory for read marks.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("news-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A reader on an in-memory screen, with a fixed clock, UTC dates, and read marks in a temporary directory.
@MainActor
final class ReaderHarness {
    let reader: Reader
    let driver: AppDriver
    let stateDirectory: URL
    var openedLinks: [URL] = []

    init(
        sources: [FeedSource] = SampleFeeds.sources, size: Size = Size(width: 100, height: 30),
        stateDirectory: URL = temporaryDirectory(), load: FeedLoading? = nil, loadNow: Bool = true
    ) async throws {
        self.stateDirectory = stateDirectory
        var configuration = ReaderConfiguration(
            sources: sources, stateDirectory: stateDirectory,
            now: { fixedNow }, timeZone: TimeZone(identifier: "UTC")!, load: load)
        let box = LinkBox()
        configuration.openLink = { url, _ in
            box.links.append(url)
            return "opened \(url.absoluteString)"
        }
        let library = try LayoutLibrary(contentsOf: ProjectLayouts.path(for: "News"))
        reader = try Reader(configuration: configuration, library: library)
        driver = AppDriver(rootView: reader.rootView, size: size)
        reader.install(in: driver.app)
        linkBox = box
        if loadNow { await loadFeeds() } else { draw() }
    }

    private let linkBox: LinkBox
    /// The links the reader asked to open.
    var links: [URL] { linkBox.links }

    /// Loads every feed and draws.
    func loadFeeds() async {
        await reader.loadFeeds()
        reader.clearMessage()
        draw()
    }

    /// Draws the screen now (another test's app may have taken the redraw requests).
    func draw() { driver.app.render() }

    var lines: [String] { driver.lines }
    var screen: BufferScreen { driver.screen }

    /// Presses keys, then draws.
    func press(_ script: String) {
        driver.press(script)
        draw()
    }

    /// The line of the screen holding `text`, if any.
    func line(containing text: String) -> Int? {
        lines.firstIndex { $0.contains(text) }
    }

    /// The title of the article under the cursor.
    var cursorTitle: String? {
        reader.tableView.state.cursor.flatMap { reader.controller.article(at: $0)?.title }
    }

    /// The 1-based position of the cursor among the articles shown.
    var position: Int { reader.controller.position(ofRow: reader.tableView.state.cursor).index }

    /// The status line's text (the article screen's while it is pushed): its lines (more than one when a long
    /// warning wraps), joined by spaces.
    var status: String {
        let line = reader.isArticleScreenShown ? reader.articleScreenView.statusLine : reader.rootView.statusLine
        let top = line.frame.y
        guard top < lines.count - 1 else { return lines.last ?? "" }
        return lines[top...].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

@MainActor
final class LinkBox {
    var links: [URL] = []
}
