import Foundation
import TermTableTestSupport
import Testing

@testable import NewsKit

@Suite("Parser errors and robustness")
struct ParserErrorTests {
    @Test func htmlPageIsNotAFeed() throws {
        #expect(throws: FeedError.notAFeed(root: "html")) { try Fixture.feed("not-a-feed.html") }
        let error = FeedError.notAFeed(root: "html")
        #expect(error.description == "not a feed: this is an HTML page, not RSS or Atom")
    }

    @Test func otherXMLIsNotAFeed() throws {
        #expect(throws: FeedError.notAFeed(root: "urlset")) { try Fixture.feed("not-a-feed.xml") }
        #expect(
            FeedError.notAFeed(root: "urlset").description
                == "not a feed: root element <urlset> is not rss, rdf:RDF, feed or CHANNEL")
    }

    @Test func opmlIsNotAFeed() throws {
        #expect(throws: FeedError.notAFeed(root: "opml")) { try Fixture.feed("nested.opml") }
    }

    @Test func truncatedDocumentIsMalformedWithLine() throws {
        let error = try #require(throws: FeedError.self) { try Fixture.feed("truncated.xml") }
        guard case .malformed(let reason, let line) = error else {
            Issue.record("expected .malformed, got \(error)")
            return
        }
        #expect(reason.hasPrefix("the document ends too early (truncated?)"))
        #expect(line == 25)  // the last line, where the data stops
        #expect(error.description.hasPrefix("malformed XML at line 25: the document ends too early"))
    }

    @Test func mismatchedTagReportsItsLine() throws {
        let error = try #require(throws: FeedError.self) { try Fixture.feed("malformed.xml") }
        #expect(error == .malformed(reason: "closing tag does not match the open element", line: 6))
    }

    @Test func undefinedEntityIsMalformed() throws {
        let error = try #require(throws: FeedError.self) { try Fixture.feed("undefined-entity.xml") }
        #expect(error == .malformed(reason: "undefined entity reference (an & that should be &amp;?)", line: 2))
    }

    @Test func emptyAndBlankDocuments() {
        #expect(throws: FeedError.empty) { try FeedParser.parse(Data(), source: "x") }
        #expect(throws: FeedError.empty) { try FeedParser.parse(Data(" \n\t".utf8), source: "x") }
        #expect(FeedError.empty.description == "the document is empty")
    }

    @Test func plainTextIsMalformed() {
        let error = #expect(throws: FeedError.self) { try FeedParser.parse(Data("hello, world".utf8), source: "x") }
        #expect(error?.description.hasPrefix("malformed XML") == true)
    }

    /// Random bytes, random truncations and random byte flips of real feeds must never
    /// crash: every attempt either parses or throws a FeedError. Set NEWSKIT_FUZZ_ROUNDS
    /// (default 25) and NEWSKIT_FUZZ_SEED to fuzz harder, and NEWSKIT_FUZZ_DUMP to a path
    /// that receives each input before it is parsed.
    @Test func fuzzNeverCrashes() throws {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["NEWSKIT_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 25
        var generator = SeededRandom(seed: environment["NEWSKIT_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED)
        let seeds = try [
            "rss20.xml", "atom10.xml", "atom03.xml", "rss10.xml", "entities-titles.xml",
            "enc-utf-16le-bom.xml", "enc-windows-1251.xml", "nested.opml",
        ].map(Fixture.data)
        var parsed = 0
        var failed = 0
        let dump = environment["NEWSKIT_FUZZ_DUMP"].map { URL(fileURLWithPath: $0) }
        func attempt(_ data: Data) {
            if let dump { try? data.write(to: dump) }  // the last input, to reproduce a crash
            do {
                _ = try FeedParser.parse(data, source: "fuzz")
                parsed += 1
            } catch {
                failed += 1
                #expect(!error.description.isEmpty)
            }
            _ = try? OPMLParser.parse(data)
        }
        for seed in seeds {
            for _ in 0..<rounds {
                attempt(seed.prefix(Int.random(in: 0...seed.count, using: &generator)))
                var bytes = [UInt8](seed)
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
                attempt(Data(bytes))
            }
        }
        for _ in 0..<(rounds * 4) {
            let count = Int.random(in: 0...400, using: &generator)
            let alphabet = Array("<>&;/?!=\"' abcxyz#0123456789[]-\n".utf8) + [0x00, 0xC3, 0xFF, 0xFE]
            attempt(Data((0..<count).map { _ in alphabet.randomElement(using: &generator)! }))
            attempt(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        #expect(parsed > 0)
        #expect(failed > 0)
    }

    /// The text helpers get arbitrary strings from feeds; they must never trap either.
    @Test func fuzzTextHelpers() {
        var generator = SeededRandom(seed: 0xDA7E)
        let pieces = [
            "<", ">", "&", ";", "#", "x", "1", "9", ":", "-", "+", " ", "\n", "/", "!", "--", "p", "br",
            "script", "Wed,", "Oct", "2024", "GMT", "T", "Z", ".", "\"", "é", "😀", "٣", "½", "\u{0}",
            "&#", "&amp", "<![CDATA[", "]]>", "<!--", "-->", "<li>", "</p>", "12:30", "99999999999",
        ]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...24, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            _ = HTMLText.line(text)
            _ = HTMLText.text(text)
            _ = HTMLText.plain(text, singleLine: false)
            _ = FeedDate.parse(text)
            _ = RelativeAge.string(from: FeedDate.parse(text), now: Date())
        }
    }
}
