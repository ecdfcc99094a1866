import TermTableLayouts
import TermTableTesting
import Testing

/// `termtable lint` with output that cannot be written (issue 32, item 22).
@Suite("termtable lint: output that cannot be written")
struct LintOutputTests {
    /// Before: `print` ignored the error and lint exited 0 (the file is clean) with its report lost.
    @Test func aReportThatCannotBeWrittenIsAnError() async throws {
        let result = try await PreviewOutputTests.termtable(
            ["lint", ProjectLayouts.path(for: "News")], redirect: "> /dev/full")
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output == "termtable: cannot write output: No space left on device\n")
    }

    /// `--properties` too.
    @Test func theReferenceThatCannotBeWrittenIsAnError() async throws {
        let result = try await PreviewOutputTests.termtable(["lint", "--properties"], redirect: "> /dev/full")
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output == "termtable: cannot write output: No space left on device\n")
    }
}
