import Foundation
import Testing

@testable import NewsKit

/// Hardening item 6: deep nesting segfaulted (recursive tree walks and teardown, recursive
/// OPML collection). Now the reader caps the depth and every walk is iterative.
@Suite("Deep nesting never overflows the stack")
struct DeepNestingTests {
    static func feed(descriptionDepth depth: Int) -> Data {
        Data(
            ("<rss version=\"2.0\"><channel><title>Deep</title><item><title>x</title><description>"
                + String(repeating: "<b>", count: depth) + "hi" + String(repeating: "</b>", count: depth)
                + "</description></item></channel></rss>").utf8)
    }

    @Test func fortyThousandNestedElementsInADescriptionAreAClearError() async throws {
        let result = try await offPool {
            Result { () throws(FeedError) -> Feed in
                try FeedParser.parse(Self.feed(descriptionDepth: 40_000), source: "deep")
            }
        }
        guard case .failure(let error) = result else {
            Issue.record("40,000 nested elements parsed")
            return
        }
        #expect(error == .malformed(reason: "elements nested more than \(XMLTreeReader.maxDepth) deep", line: 1))
        #expect(error.description == "malformed XML at line 1: elements nested more than 512 deep")
    }

    @Test func nestingUpToTheCapStillParses() throws {
        // rss, channel, item, description: four levels above the markup.
        let feed = try FeedParser.parse(Self.feed(descriptionDepth: XMLTreeReader.maxDepth - 4), source: "deep")
        #expect(feed.items.first?.summary == "hi")
        #expect(throws: FeedError.self) {
            try FeedParser.parse(Self.feed(descriptionDepth: XMLTreeReader.maxDepth - 3), source: "deep")
        }
    }

    @Test func aHundredThousandNestedOutlinesAreAClearError() async throws {
        let result = try await offPool { () -> Result<[FeedSubscription], FeedError> in
            let opml =
                "<opml version=\"2.0\"><body>"
                + String(repeating: "<outline text=\"f\" xmlUrl=\"a.xml\">", count: 100_000)
                + String(repeating: "</outline>", count: 100_000) + "</body></opml>"
            return Result { () throws(FeedError) -> [FeedSubscription] in try OPMLParser.parse(Data(opml.utf8)) }
        }
        guard case .failure(let error) = result else {
            Issue.record("100,000 nested outlines parsed")
            return
        }
        #expect(error.description.contains("nested more than 512 deep"))
    }

    @Test func opmlNestedToTheCapIsCollected() throws {
        let depth = XMLTreeReader.maxDepth - 2
        let opml =
            "<opml version=\"2.0\"><body>"
            + String(repeating: "<outline text=\"f\" xmlUrl=\"a.xml\">", count: depth)
            + String(repeating: "</outline>", count: depth) + "</body></opml>"
        let subscriptions = try OPMLParser.parse(Data(opml.utf8))
        #expect(subscriptions.count == depth)
        #expect(subscriptions.last?.category.count == depth - 1)
    }

    /// The tree itself, built by hand past any cap: text, markup and teardown are iterative.
    @Test func aTreeAHundredThousandDeepIsWalkedAndFreed() async throws {
        let depth = 100_000
        let (text, markup) = try await offPool { () -> (String, String) in
            let root = XMLNode(key: "description", localName: "description", namespace: "", attributes: [:])
            var node = root
            for _ in 0..<depth {
                let child = XMLNode(key: "b", localName: "b", namespace: "", attributes: [:])
                node.append(child)
                node = child
            }
            node.append(text: "hi")
            return (root.text, root.innerMarkup)
        }  // root is released here: before, the teardown recursed 100,000 times and crashed.
        #expect(text == "hi")
        #expect(markup.hasPrefix("<b><b>") && markup.hasSuffix("</b></b>"))
        #expect(markup.utf8.count == depth * 7 + 2)
    }
}
