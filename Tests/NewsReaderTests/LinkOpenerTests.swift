import Foundation
import NewsKit
import NewsReaderCore
import Testing

/// `o` with hostile links, on the screen and with a real `$BROWSER` process.
@MainActor
@Suite("Opening links")
struct LinkOpenerTests {
    @Test func hostileLinksNeverReachTheBrowserAndTheStatusSaysWhy() async throws {
        let harness = try await ReaderHarness(sources: [.file(fixture("hostile-links.xml"))])
        var statuses: [String] = []
        for _ in 0..<6 {
            harness.press("o")
            statuses.append(harness.status)
            harness.press("j")
        }
        #expect(harness.links.isEmpty, "opened \(harness.links)")
        #expect(statuses[0].contains("not opening a javascript: link: only http and https"))
        #expect(statuses[1].contains("not opening a file: link"))
        #expect(statuses[2].contains("not opening a data: link"))
        #expect(statuses[3].contains("not opening “--new-instance”"))
        #expect(statuses[4].contains("not opening “-e”"))
        #expect(statuses[5].contains("the link has no host"))
        harness.press("o")
        #expect(harness.links.map(\.absoluteString) == ["https://example.com/good?a=1&b=2"])
    }

    @Test func theBrowserGetsTheURLAsOneArgumentWhereverPercentSIs() async throws {
        let directory = temporaryDirectory()
        let log = directory.appendingPathComponent("arguments.log")
        let script = directory.appendingPathComponent("browser.sh")
        // Logs each argument on its own line, then fails so that `finished` reports it.
        try Data(
            "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\" >> '\(log.path)'; done\necho --- >> '\(log.path)'\nexit 3\n"
                .utf8
        )
        .write(to: script)
        let url = try #require(URL(string: "https://example.com/a%20b?x=1&y=$(id)"))

        func open(_ link: URL, browser: String) async -> String {
            await withCheckedContinuation { continuation in
                let text = LinkOpener.open(link, environment: ["BROWSER": browser, "PATH": "/usr/bin:/bin"]) {
                    failure in
                    continuation.resume(returning: failure)
                }
                if text.hasPrefix("not opening") { continuation.resume(returning: text) }
            }
        }
        #expect(
            await open(try #require(URL(string: "javascript:alert(1)")), browser: "/bin/sh \(script.path)")
                .hasPrefix("not opening a javascript: link"))
        // `sh SCRIPT`, not the script itself: executing a file just written can fail with ETXTBSY
        // when another test forks while it is open.
        let browser = "/bin/sh \(script.path)"
        #expect(await open(url, browser: browser) == "sh exited with status 3")
        #expect(await open(url, browser: "\(browser) --new-tab '%s' --x") == "sh exited with status 3")
        #expect(await open(url, browser: "\(browser) -a \"%s\"") == "sh exited with status 3")
        let logged = try String(contentsOf: log, encoding: .utf8)
        let link = "[https://example.com/a%20b?x=1&y=$(id)]"
        #expect(logged == "\(link)\n---\n[--new-tab]\n\(link)\n[--x]\n---\n[-a]\n\(link)\n---\n")
    }
}
