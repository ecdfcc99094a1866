import Foundation
import Testing

@testable import NewsKit

@Suite("OPML lists: folders and the addresses a list may name")
struct OPMLLoadingTests {
    @Test func foldersBecomeTheFeedsCategory() async throws {
        let list = try Fixture.url("loader-list.opml").path
        let results = await FeedLoader(timeout: 5).loadAll([.file(list)])
        #expect(results.count == 3)
        #expect(results[0].feed?.category == [])
        #expect(results[1].failureReason?.contains("no such file") == true)
        #expect(results[2].feed?.category == ["Folder"])
    }

    @Test func nestedFoldersAndCategoryAttributes() throws {
        let opml = """
            <opml version="2.0"><body>
              <outline text="Top" xmlUrl="top.xml"/>
              <outline text="News"><outline title="Local">
                <outline text="Harbor" xmlUrl="harbor.xml"/></outline>
                <outline text="World" xmlUrl="world.xml"/></outline>
              <outline text="Tagged" xmlUrl="tagged.xml" category="/Weather/Coast,/Other"/>
            </body></opml>
            """
        let subscriptions = try OPMLParser.parse(Data(opml.utf8))
        #expect(subscriptions.map(\.title) == ["Top", "Harbor", "World", "Tagged"])
        #expect(subscriptions.map(\.category) == [[], ["News", "Local"], ["News"], ["Weather", "Coast"]])
    }

    /// Hardening item 7: before, `xmlUrl="-"` in a list made the loader read standard input.
    @Test func aListNamingStandardInputGetsAnErrorRowAndStdinIsNotRead() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: Fixture.url("rss20.xml"), to: directory.appendingPathComponent("rss20.xml"))
        let list = directory.appendingPathComponent("list.opml")
        try Data(
            """
            <opml version="2.0"><body><outline text="Stdin" xmlUrl="-"/>
            <outline text="Gazette" xmlUrl="rss20.xml"/></body></opml>
            """.utf8
        ).write(to: list)
        let results = await FeedLoader(timeout: 5).loadAll([.file(list.path)])
        #expect(results.count == 2)
        #expect(results[0].source == "-")
        #expect(results[0].failureReason == "an OPML list cannot name standard input (-): only the command line can")
        #expect(results[1].feed != nil)
    }
}
