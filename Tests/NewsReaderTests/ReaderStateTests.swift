import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import Testing

/// Read marks that cannot be saved, two readers at once, and reloads pressed many times.
@MainActor
@Suite("Reader: marks and reloads")
struct ReaderStateTests {
    @Test func aMarkThatCannotBeSavedSaysSoAndTheWarningStaysUntilEsc() async throws {
        let blocker = temporaryDirectory().appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let harness = try await ReaderHarness(stateDirectory: blocker.appendingPathComponent("state"))
        harness.press("m")
        #expect(harness.status.contains("Could not save read marks"), "status: \(harness.status)")
        #expect(harness.status.contains("Esc: dismiss · Could not save"))
        #expect(harness.lines[0].contains("54 unread · 55"))  // the mark holds for this session
        // Time passes, other messages come and go: the warning stays.
        harness.driver.app.fireTimers(now: ContinuousClock.now + .seconds(3600))
        harness.press("j v")
        #expect(harness.status.contains("Could not save read marks"))
        harness.press("esc")
        #expect(!harness.status.contains("Could not save"))
        harness.press("m")  // the same failure again is not shown again
        #expect(harness.status.contains("marked read for this session only (not saved)"), "status: \(harness.status)")
    }

    /// A warning wider than the status line wraps onto more lines, so all of it can be read (issue 21).
    @Test func aLongWarningCanBeReadWhole() async throws {
        let blocker = temporaryDirectory().appendingPathComponent("a-rather-long-folder-name-for-the-state-file")
        try Data("x".utf8).write(to: blocker)
        let harness = try await ReaderHarness(
            size: Size(width: 60, height: 20), stateDirectory: blocker.appendingPathComponent("termtable-news-state"))
        harness.press("m")
        let warning = try #require(harness.reader.warning)
        #expect(TerminalText.width(of: warning) > 60)
        let bottom = harness.lines.suffix(6).joined()
        let squeezed = { (text: String) in text.filter { $0 != " " } }
        #expect(squeezed(bottom).contains(squeezed(warning)), "\(harness.lines.suffix(6).joined(separator: "\n"))")
        // The list keeps the rest of the screen, and Esc gives the line back.
        #expect(harness.lines[0].contains("unread"))
        harness.press("esc")
        #expect(!harness.lines.joined().contains("Could not save"))
        #expect(harness.lines[18].isEmpty == false)
    }

    @Test func twoReadersAtOnceKeepEachOthersMarks() async throws {
        let directory = temporaryDirectory()
        let sources = Array(SampleFeeds.sources.prefix(1))
        let first = try await ReaderHarness(sources: sources, stateDirectory: directory)
        let second = try await ReaderHarness(sources: sources, stateDirectory: directory)
        first.press("m")  // the first article
        second.press("j m")  // the second article
        await second.loadFeeds()  // a reload takes in the other reader's marks
        #expect(second.lines[0].contains("53 unread · 55"), "\(second.lines[0])")
        let third = try await ReaderHarness(sources: sources, stateDirectory: directory)
        #expect(third.status.contains("53 unread of 55"), "status: \(third.status)")
    }

    @Test func reloadsPressedManyTimesRunOneAtATime() async throws {
        let probe = LoadProbe()
        let harness = try await ReaderHarness(
            sources: [.file("slow.xml")],
            load: { source in
                // Like a parse in progress, this load does not stop when cancelled: it waits for the probe.
                let id = await probe.begin()
                await probe.park(id)
                await probe.end()
                return [.failed(source: source.description, reason: "load \(id)")]
            }, loadNow: false)
        let initial = Task { await harness.reader.loadFeeds() }
        await probe.waitForStarted(1)
        for _ in 0..<20 { harness.press("r") }
        await probe.releaseAll()
        await initial.value
        await harness.reader.pendingReload?.value
        harness.draw()
        #expect(await probe.maxActive == 1)
        #expect(await probe.started == 2, "the first load and the last reload; the 19 in between never started")
        #expect(harness.lines[1].contains("load 2"))
    }
}

/// Counts fake loads: how many started and how many ran at once; each waits until released.
actor LoadProbe {
    private(set) var started = 0
    private(set) var active = 0
    private(set) var maxActive = 0
    private var released = false
    private var parked: [CheckedContinuation<Void, Never>] = []
    private var startWaiters: [(Int, CheckedContinuation<Void, Never>)] = []

    func begin() -> Int {
        started += 1
        active += 1
        maxActive = max(maxActive, active)
        let ready = startWaiters.filter { $0.0 <= started }
        startWaiters.removeAll { $0.0 <= started }
        for (_, waiter) in ready { waiter.resume() }
        return started
    }

    func park(_ id: Int) async {
        guard !released else { return }
        await withCheckedContinuation { parked.append($0) }
    }

    func end() {
        active -= 1
    }

    func releaseAll() {
        released = true
        for continuation in parked { continuation.resume() }
        parked.removeAll()
    }

    func waitForStarted(_ count: Int) async {
        guard started < count else { return }
        await withCheckedContinuation { startWaiters.append((count, $0)) }
    }
}
