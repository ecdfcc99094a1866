import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Lazy children through the real loader: asked off the main actor behind a loading row, cancelled by a collapse,
/// an error shown sanitized in an error row, retried by expanding again.
@Suite @MainActor
struct OutlineDataSourceLoadingTests {
    typealias Fixture = OutlineDataSourceTests.Fixture

    /// `lib` (not loaded) above `docs`.
    static func lazyTree() -> OutlineSnapshot<String> {
        var tree = OutlineSnapshot<String>()
        tree.append(["lib", "docs"])
        tree.setChildrenState(.notLoaded, of: "lib")
        return tree
    }

    /// Waits (at most 5 s: a stalled load, not a speed) until `condition` holds, rendering as it goes.
    func waitUntil(_ fixture: Fixture, _ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
            fixture.driver.app.renderIfNeeded()
        }
        fixture.driver.app.renderIfNeeded()
    }

    @Test func expandingANotLoadedItemShowsALoadingRowThenItsChildrenAskedOffTheMainActor() async throws {
        let fixture = Fixture(Self.lazyTree())
        let gate = AsyncStream<Void>.makeStream()
        let onMain = Locked<Bool?>(nil)
        fixture.dataSource.childrenLoader = { item in
            onMain.withLock { $0 = Thread.isMainThread }
            for await _ in gate.stream { break }
            return ["\(item)/a", "\(item)/b"]
        }
        #expect(fixture.dataSource.prefix(for: "lib") == "▸ ")
        fixture.table.setCursor(IndexPath(row: 0, section: 0))
        #expect(fixture.press(.right))
        #expect(
            fixture.driver.lines.prefix(3).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "▾ lib", "└─  Loading…", "docs",
            ])
        #expect(fixture.dataSource.row(for: IndexPath(row: 1, section: 0)) == .loading(parent: "lib"))
        #expect(fixture.press(.right) && fixture.table.state.cursor?.row == 1)
        gate.continuation.yield()
        try await waitUntil(fixture) { fixture.dataSource.snapshot().childrenState(of: "lib") == .loaded }
        #expect(fixture.shown == ["lib", "lib/a", "lib/b", "docs"])
        #expect(onMain.withLock { $0 } == false)
        // The cursor was on the loading row: it is on the first child now.
        #expect(fixture.dataSource.cursorItemIdentifier == "lib/a" && fixture.dataSource.loads.isEmpty)
    }

    @Test func collapsingALoadingItemCancelsItsLoadAndDropsItsAnswer() async throws {
        let fixture = Fixture(Self.lazyTree())
        let cancelled = Locked(false)
        fixture.dataSource.childrenLoader = { item in
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
            return ["\(item)/late"]
        }
        fixture.dataSource.expand("lib")
        #expect(fixture.dataSource.loads.count == 1 && fixture.dataSource.snapshot().numberOfVisibleItems == 3)
        fixture.dataSource.collapse("lib")
        #expect(fixture.dataSource.loads.isEmpty && fixture.shown == ["lib", "docs"])
        try await waitUntil(fixture) { cancelled.withLock { $0 } }
        #expect(cancelled.withLock { $0 })
        #expect(fixture.dataSource.snapshot().childrenState(of: "lib") == .notLoaded)
        #expect(fixture.dataSource.snapshot().numberOfVisibleItems == 2)
    }

    @Test func aFailedLoadShowsItsSanitizedErrorAndExpandingAgainRetries() async throws {
        let fixture = Fixture(Self.lazyTree(), height: 6)
        let attempts = Locked(0)
        fixture.dataSource.childrenLoader = { item in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            if attempt == 1 { throw LoadFailure(text: "denied\u{1B}[2J\nreally") }
            return ["\(item)/ok"]
        }
        fixture.dataSource.expand("lib")
        try await waitUntil(fixture) { fixture.dataSource.snapshot().childrenState(of: "lib") != .loading }
        let message = "denied\u{241B}[2J really"
        #expect(fixture.dataSource.snapshot().childrenState(of: "lib") == .failed(message))
        #expect(fixture.driver.lines[1].hasPrefix("└─  ! denied␛[2J really"))
        #expect(!fixture.driver.lines.joined().unicodeScalars.contains { $0.value < 0x20 })
        fixture.dataSource.collapse("lib")
        #expect(fixture.dataSource.snapshot().childrenState(of: "lib") == .failed(message))
        fixture.dataSource.expand("lib")
        try await waitUntil(fixture) { fixture.dataSource.snapshot().childrenState(of: "lib") == .loaded }
        #expect(fixture.shown == ["lib", "lib/ok", "docs"] && attempts.withLock { $0 } == 2)
    }

    @Test func aLoaderAnsweringChildrenWithTheirStatesLandsThemWithTheirMarksInOneUpdate() async throws {
        let fixture = Fixture(Self.lazyTree())
        fixture.dataSource.childrenLoader = { _ in ["not used"] }
        fixture.dataSource.childrenWithStatesLoader = { item in
            [("\(item)/sub", .notLoaded), ("\(item)/file", .loaded), ("docs", .notLoaded)]
        }
        fixture.dataSource.expand("lib")
        try await waitUntil(fixture) { fixture.dataSource.snapshot().childrenState(of: "lib") == .loaded }
        // The item already in the tree is left out (and keeps its state); the others come with theirs.
        #expect(fixture.shown == ["lib", "lib/sub", "lib/file", "docs"])
        let tree = fixture.dataSource.snapshot()
        #expect(tree.childrenState(of: "lib/sub") == .notLoaded && tree.childrenState(of: "docs") == .loaded)
        #expect(
            fixture.driver.lines.prefix(3).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "▾ lib", "├─▸ lib/sub", "└─  lib/file",
            ])
    }
}
