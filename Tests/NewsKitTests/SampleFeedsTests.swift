import Foundation
import Testing

@testable import NewsKit

@Suite("Sample feeds")
struct SampleFeedsTests {
    static let referenceDate = utc(2026, 11, 20, 12, 0, 0)

    func loadSamples() async throws -> [Feed] {
        let results = await FeedLoader().loadAll(SampleFeeds.sources)
        for result in results { #expect(result.failureReason == nil, "\(result.source)") }
        return results.compactMap(\.feed)
    }

    @Test func samplesAreBundled() throws {
        let names = SampleFeeds.urls.map(\.lastPathComponent)
        #expect(
            names == ["harbor-city-chronicle.xml", "open-source-digest.xml", "orbital-notes.xml", "world-desk.xml"])
        #expect(SampleFeeds.subscriptionListURL?.lastPathComponent == "subscriptions.opml")
    }

    @Test func samplesLoadWithEnoughVariety() async throws {
        let feeds = try await loadSamples()
        #expect(feeds.count >= 3)
        #expect(Set(feeds.map(\.format)) == [.rss20, .rss10, .atom10])
        #expect(feeds.map(\.title) == ["Harbor City Chronicle", "Open Source Digest", "Orbital Notes", "World Desk 🌐"])
        let items = feeds.flatMap(\.items)
        #expect(items.count >= 150)
        #expect(Set(items.map(\.id)).count == items.count, "ids are unique")

        func isCJK(_ scalar: Unicode.Scalar) -> Bool {
            (0x3040...0x30FF).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
                || (0xAC00...0xD7AF).contains(scalar.value)
        }
        let titles = items.map(\.title)
        #expect(titles.contains { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } }, "Japanese")
        #expect(titles.contains { $0.unicodeScalars.contains { (0xAC00...0xD7AF).contains($0.value) } }, "Korean")
        #expect(titles.filter { $0.unicodeScalars.contains(where: isCJK) }.count >= 6)
        #expect(titles.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(titles.contains { $0.unicodeScalars.contains("\u{200D}") }, "ZWJ sequence")
        #expect(titles.contains { $0.unicodeScalars.contains { (0x1F1E6...0x1F1FF).contains($0.value) } }, "flag")
        #expect(items.filter { $0.published == nil }.count >= 5)
        #expect(titles.contains { $0.count > 100 })
        #expect(titles.contains { $0.count <= 5 })
        #expect(items.contains { $0.summary.contains("\n") })
        #expect(items.allSatisfy { !$0.title.contains("&") || $0.title.contains("& ") }, "entities decoded")
        let markup = ["</", "<p>", "<br", "<li>", "<em>", "<a ", "<script"]
        #expect(items.allSatisfy { item in !markup.contains { item.title.contains($0) || item.summary.contains($0) } })
        #expect(!items.contains { $0.summary.contains("track(") }, "scripts dropped")
    }

    @Test func sampleDatesSpreadOverRecentWeeks() async throws {
        let dates = try await loadSamples().flatMap(\.items).compactMap(\.published)
        let newest = try #require(dates.max())
        let oldest = try #require(dates.min())
        #expect(newest <= Self.referenceDate)
        #expect(Self.referenceDate.timeIntervalSince(newest) < 3600 * 2)
        #expect(Self.referenceDate.timeIntervalSince(oldest) > 86_400 * 21)
        #expect(Self.referenceDate.timeIntervalSince(oldest) < 86_400 * 60)
    }

    @Test func knownSampleValues() async throws {
        let feeds = try await loadSamples()
        let chronicle = try #require(feeds.first { $0.title == "Harbor City Chronicle" })
        let first = try #require(chronicle.items.first)
        #expect(first.title == "Council approves new ferry timetable for winter")
        #expect(first.id == "hcc-48210")
        #expect(first.published == utc(2026, 11, 20, 10, 57, 28))
        let clock = try chronicle.item("hcc-48091")
        #expect(clock.title == "City hall clock stops at 3:17 — again")
        let orbital = try #require(feeds.first { $0.title == "Orbital Notes" })
        #expect(orbital.subtitle == "Space & astronomy news, explained")
        #expect(orbital.items.contains { $0.title == "Lunar lander <Kestrel> completes its first night" })
    }

    @Test func subscriptionListOpensAllSamples() async throws {
        let list = try #require(SampleFeeds.subscriptionListURL)
        let results = await FeedLoader().loadAll([.file(list.path)])
        #expect(
            results.map { $0.feed?.title } == [
                "Harbor City Chronicle", "Orbital Notes", "Open Source Digest", "World Desk 🌐",
            ])
    }
}
