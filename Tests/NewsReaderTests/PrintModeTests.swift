import Foundation
import TermTableTesting
import Testing

/// `news --print`: the real binary, without a terminal (standard input is /dev/null or a pipe,
/// output goes to a file).
@Suite("news --print")
struct PrintModeTests {
    static func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/\(name)")
        try #require(FileManager.default.fileExists(atPath: url.path))
        return url.path
    }

    static func news(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await run([try EndToEndTests.newsExecutable()] + arguments)
    }

    /// `ChildProcess.run` on a Dispatch thread: waiting for the child would otherwise hold one
    /// of Swift concurrency's few threads.
    static func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try ChildProcess.run(arguments, environment: ProcessInfo.processInfo.environment)
                    })
            }
        }
    }

    /// Standard output carries only what was parsed; a source that failed is said on standard error.
    @Test func printsFeedsAsTextAndFailuresOnStandardErrorWithNoControlCharacters() async throws {
        let tricky = try Self.fixture("tricky.xml")
        let broken = try Self.fixture("broken.xml")
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("news-err-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errors) }
        let result = try await Self.run([
            "/bin/sh", "-c", "exec \"$0\" --print \"$1\" \"$2\" 2> \"$3\"", try EndToEndTests.newsExecutable(),
            tricky, broken, errors.path,
        ])
        #expect(result.status == 1)  // a source failed; the others are still printed
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "Tricky \u{FFFD}[31mFeed")
        #expect(
            lines[1].split(separator: "\t", omittingEmptySubsequences: false).dropFirst()
                == [
                    "Escape \u{FFFD}]0;pwned\u{FFFD} in title \u{FFFD}[2J", "2026-11-20T10:00:00Z",
                    "https://example.com/tricky", "-",
                ])
        #expect(lines[2] == "\tNo summary here\t2026-11-19T10:00:00Z\t-\t-")
        #expect(lines[3].isEmpty)
        #expect(!result.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(
            try String(contentsOf: errors, encoding: .utf8)
                == "news: \(broken): malformed XML at line 4: the document ends too early (truncated?) or has extra content "
                + "after the root element\n")
    }

    @Test func printsJSONForTools() async throws {
        let result = try await Self.news(["--print", "--format", "json", try Self.fixture("tricky.xml")])
        #expect(result.status == 0)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(decoded.count == 1)
        #expect(decoded[0]["format"] as? String == "RSS 2.0")
        let articles = try #require(decoded[0]["articles"] as? [[String: Any]])
        #expect(articles.map { $0["id"] as? String } == ["tricky-1", "tricky-2"])
        #expect(articles[0]["summary"] as? String == "Line one \u{FFFD}[41m red?")
    }

    @Test func readsAFeedFromStandardInput() async throws {
        let news = try EndToEndTests.newsExecutable()
        let result = try await Self.run([
            "/bin/sh", "-c", "exec \"$0\" --print - < \"$1\"", news, try Self.fixture("tricky.xml"),
        ])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Tricky \u{FFFD}[31mFeed\n\tEscape"))
    }

    @Test func formatWithoutPrintIsAUsageError() async throws {
        let result = try await Self.news(["--format", "json"])
        #expect(result.status == 64)
        #expect(result.output.contains("--format goes with --print"))
    }
}
