import Foundation
import Testing

@testable import NewsKit

/// Downloads against a server on 127.0.0.1 that the test starts: limits, deadline, cancellation.
@Suite("Feed downloads")
struct FeedDownloadTests {
    @Test func aFeedDownloadsPlainAndGzipped() async throws {
        let feed = try Fixture.data("rss20.xml")
        let server = try LocalHTTPServer(routes: [
            "/plain.xml": LocalHTTPServer.response(feed),
            "/gzip.xml": LocalHTTPServer.response(Gzip.stored(feed), headers: ["Content-Encoding: gzip"]),
            "/gone.xml": LocalHTTPServer.response(Data(), status: "404 Not Found"),
        ])
        defer { server.stop() }
        let results = await FeedLoader().loadAll([
            .url(server.url("plain.xml")), .url(server.url("gzip.xml")),
            .url(server.url("gone.xml")),
        ])
        #expect(results[0].feed?.title == "Fixture Gazette")
        #expect(results[1].feed?.title == "Fixture Gazette")
        #expect(
            results[2].failureReason?.hasPrefix("HTTP 404") == true,
            "got \(String(describing: results[2].failureReason))")
    }

    @Test func anEndlessBodyStopsAtTheCap() async throws {
        let server = try LocalHTTPServer(routes: [
            "/endless.xml": LocalHTTPServer.endless(Data(repeating: UInt8(ascii: " "), count: 64 << 10))
        ])
        defer { server.stop() }
        let result = await FeedLoader(maxBytes: 1 << 20).load(.url(server.url("endless.xml")))
        #expect(
            result.failureReason == "larger than 1 MB; not loaded", "got \(String(describing: result.failureReason))")
        await server.wait(for: "closed /endless.xml")  // the connection was dropped, not drained
    }

    @Test func aGzipBombStopsAtTheCapOnTheDecodedSize() async throws {
        let bomb = Gzip.bomb(matches: 8_200)  // 2.1 MB of spaces in about 13 KB
        #expect(bomb.count < 1 << 20)
        let server = try LocalHTTPServer(routes: [
            "/bomb.xml": LocalHTTPServer.response(
                bomb, headers: ["Content-Encoding: gzip", "Content-Type: application/rss+xml"])
        ])
        defer { server.stop() }
        let result = await FeedLoader(maxBytes: 1 << 20).load(.url(server.url("bomb.xml")))
        #expect(
            result.failureReason == "larger than 1 MB; not loaded", "got \(String(describing: result.failureReason))")
    }

    @Test func aTrickleHitsTheTotalDeadline() async throws {
        // A byte every 20 ms never trips a per-read timeout; the deadline is for the whole download.
        let server = try LocalHTTPServer(routes: [
            "/trickle.xml": LocalHTTPServer.endless(Data(" ".utf8), pause: 0.02)
        ])
        defer { server.stop() }
        let result = await FeedLoader(timeout: 1).load(.url(server.url("trickle.xml")))
        #expect(result.failureReason == "timed out after 1 s", "got \(String(describing: result.failureReason))")
    }

    @Test func cancellingTheTaskStopsTheDownload() async throws {
        let server = try LocalHTTPServer(routes: [
            "/slow.xml": LocalHTTPServer.endless(Data(" ".utf8), pause: 0.05)
        ])
        defer { server.stop() }
        let url = server.url("slow.xml")
        let loading = Task { await FeedLoader(timeout: 600).load(.url(url)) }
        await server.wait(for: "request /slow.xml")
        loading.cancel()
        let result = await loading.value
        #expect(result.failureReason == "cancelled")
        await server.wait(for: "closed /slow.xml")
    }

    @Test func redirectsGoToHTTPOnly() async throws {
        let server = try LocalHTTPServer(routes: [
            "/to-file.xml": LocalHTTPServer.response(
                Data(), status: "302 Found", headers: ["Location: file:///etc/passwd"])
        ])
        defer { server.stop() }
        let result = await FeedLoader().load(.url(server.url("to-file.xml")))
        #expect(
            result.failureReason == "unsupported address (only http and https are loaded)",
            "got \(String(describing: result.failureReason))")
    }

    @Test func filesAndDevicesLargerThanTheCapAreRefused() async throws {
        let file = try temporaryDirectory().appendingPathComponent("big.xml")
        try Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 1).write(to: file)
        let loader = FeedLoader(maxBytes: 1 << 20)
        let results = await loader.loadAll([.file(file.path), .file("/dev/zero")])
        #expect(results[0].failureReason == "\(file.path) is larger than 1 MB; not loaded")
        #expect(results[1].failureReason == "/dev/zero is larger than 1 MB; not loaded")
    }
}
