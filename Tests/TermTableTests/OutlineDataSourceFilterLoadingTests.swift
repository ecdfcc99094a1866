import TermTableTesting
import Testing

@testable import TermTable

/// Lazy children while a filter is on (issue 35): a load under way when the filter starts keeps running and its
/// answer (children or an error) lands in the whole tree; a lazy item the filter shows keeps its disclosure mark and
/// loads when expanded; clearing the filter shows every answer and no loading row without its load.
@Suite @MainActor
struct OutlineDataSourceFilterLoadingTests {
    typealias Fixture = OutlineDataSourceTests.Fixture

    struct Refusal: Error, CustomStringConvertible {
        var description: String { "refused" }
    }

    /// `lib` (not loaded) above `docs`, in a table with no loader: loads are answered by hand with their tokens.
    func lazyFixture() -> Fixture {
        Fixture(OutlineDataSourceLoadingTests.lazyTree())
    }

    func token(_ fixture: Fixture, _ item: String) throws -> Int {
        try #require(fixture.dataSource.loads[item]?.token, "no load of \(item) under way")
    }

    @Test func aLoadUnderWayWhenAFilterStartsLandsInTheWholeTreeAndShowsWhenItIsCleared() throws {
        let fixture = lazyFixture()
        let source = fixture.dataSource
        source.expand("lib")
        let load = try token(fixture, "lib")
        source.setFilter { $0 == "lib" }
        #expect(source.loads["lib"]?.token == load, "the filter does not cancel the load")
        #expect(source.snapshot().childrenState(of: "lib") == .loading, "the loading row shows under the match")
        source.finishLoad(of: "lib", token: load, .success(["lib/a", "lib/b"]))
        #expect(source.unfilteredSnapshot.children(of: "lib") == ["lib/a", "lib/b"])
        #expect(source.unfilteredSnapshot.childrenState(of: "lib") == .loaded && source.loads.isEmpty)
        source.clearFilter()
        #expect(fixture.shown == ["lib", "lib/a", "lib/b", "docs"] && source.loads.isEmpty)
        #expect(source.snapshot().numberOfVisibleItems == 4, "no loading row")
    }

    @Test func aLoadThatFailsWhileFilteredShowsItsErrorWhenTheFilterIsCleared() throws {
        let fixture = lazyFixture()
        let source = fixture.dataSource
        source.expand("lib")
        let load = try token(fixture, "lib")
        source.setFilter { $0 == "docs" }  // lib hidden by the filter: its load still runs
        #expect(source.loads["lib"]?.token == load)
        source.finishLoad(of: "lib", token: load, .failure(Refusal()))
        source.clearFilter()
        #expect(source.snapshot().childrenState(of: "lib") == .failed("refused"))
        #expect(source.row(for: IndexPath(row: 1, section: 0)) == .failed(parent: "lib", message: "refused"))
        #expect(source.loads.isEmpty)
    }

    @Test func aLazyMatchKeepsItsMarkAndLoadsWhenExpandedWhileFiltered() throws {
        let fixture = lazyFixture()
        let source = fixture.dataSource
        source.setFilter { $0 == "lib" }
        #expect(source.prefix(for: "lib") == "▸ ", "a lazy match shows that it has children")
        source.expand("lib")
        let load = try token(fixture, "lib")
        #expect(source.snapshot().childrenState(of: "lib") == .loading)
        source.finishLoad(of: "lib", token: load, .success(["lib/a"]))
        #expect(source.unfilteredSnapshot.children(of: "lib") == ["lib/a"] && source.loads.isEmpty)
        source.clearFilter()
        #expect(fixture.shown == ["lib", "docs"], "the expansion before the filter comes back")
        source.expand("lib")
        #expect(fixture.shown == ["lib", "lib/a", "docs"] && source.loads.isEmpty, "loaded once")
    }

    @Test func collapsingALazyMatchWhileFilteredCancelsItsLoadAndLeavesNoLoadingRow() throws {
        let fixture = lazyFixture()
        let source = fixture.dataSource
        source.setFilter { $0 == "lib" }
        source.expand("lib")
        let load = try token(fixture, "lib")
        source.collapse("lib")
        #expect(source.loads.isEmpty)
        source.finishLoad(of: "lib", token: load, .success(["lib/late"]))
        source.clearFilter()
        #expect(fixture.shown == ["lib", "docs"] && source.snapshot().numberOfVisibleItems == 2)
        #expect(source.snapshot().childrenState(of: "lib") == .notLoaded && source.loads.isEmpty)
    }

    /// A child the filter hides that is already in the whole tree is not appended again when the answer names it.
    @Test func anAnswerNamingAChildTheFilterHidesDoesNotAddItTwice() throws {
        let fixture = lazyFixture()
        let source = fixture.dataSource
        source.expand("lib")
        let load = try token(fixture, "lib")
        source.setFilter { $0 == "lib" }
        source.update { $0.append(["lib/a"], to: "lib") }
        source.finishLoad(of: "lib", token: load, .success(["lib/a", "lib/b"]))
        #expect(source.unfilteredSnapshot.children(of: "lib") == ["lib/a", "lib/b"])
        source.clearFilter()
        #expect(fixture.shown == ["lib", "lib/a", "lib/b", "docs"])
    }
}
