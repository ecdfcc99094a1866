import NewsKit
import NewsReaderCore
import Testing

/// The sources whose loads started, in order; a test can wait for a number of them without spinning.
private actor StartLog {
    private(set) var names: [String] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func record(_ name: String) {
        names.append(name)
        let ready = waiters.filter { $0.count <= names.count }
        waiters.removeAll { $0.count <= names.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `count` loads have started.
    func waitFor(_ count: Int) async {
        if names.count >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}

/// Many feeds: the ones at the top of the list load first, so the first screen does not wait for the rest.
@Suite("Reader load order") @MainActor
struct ReaderLoadOrderTests {
    @Test func sourcesStartInListOrderAWindowAtATime() async throws {
        let gate = Gate()
        let log = StartLog()
        let sources = (0..<12).map { FeedSource.file("feed\($0).xml") }
        let harness = try await ReaderHarness(
            sources: sources,
            load: { source in
                await log.record(source.description)
                await gate.wait()
                return [.failed(source: source.description, reason: "held by the test")]
            }, loadNow: false)
        let window = harness.reader.configuration.maxConcurrentLoads
        #expect(window < sources.count)
        let loading = Task { await harness.reader.loadFeeds() }
        await log.waitFor(window)
        // Started all at once, the other loads would record themselves while the first ones wait.
        for _ in 0..<200 { await Task.yield() }
        // The first `window` sources and no other (their tasks may record themselves in any order).
        #expect(await Set(log.names) == Set(sources.prefix(window).map(\.description)))
        #expect(await log.names.count == window)
        await gate.open()
        await loading.value
        #expect(await log.names.sorted() == sources.map(\.description).sorted())
        #expect(harness.reader.model.counts.failed == sources.count)
    }

    @Test func theFirstFeedShowsWhileTheOthersAreStillLoading() async throws {
        let gate = Gate()
        let sources: [FeedSource] =
            Array(SampleFeeds.sources.prefix(1)) + (0..<8).map { FeedSource.file("held\($0).xml") }
        let firstLoaded = Gate()
        let harness = try await ReaderHarness(
            sources: sources,
            load: { source in
                guard source == sources[0] else {
                    await gate.wait()
                    return await FeedLoader().loadAll([source])
                }
                let results = await FeedLoader().loadAll([source])
                await firstLoaded.open()
                return results
            }, loadNow: false)
        let loading = Task { await harness.reader.loadFeeds() }
        await firstLoaded.wait()
        // The reader takes the result in on the main actor, as soon as this test gives way.
        while harness.reader.model.counts.loading == sources.count { await Task.yield() }
        harness.draw()
        #expect(harness.reader.model.counts.loading == sources.count - 1)
        #expect(harness.lines[0].contains("Harbor City Chronicle"))
        await gate.open()
        await loading.value
        #expect(harness.reader.model.counts.loading == 0)
    }
}
