import Foundation
import Glibc
import TermTableTesting
import Testing

/// `news --print` with output that cannot be written and feeds that are not regular files (issue 21).
@Suite("news --print: files that are not what they seem")
struct PrintModeFileKindTests {
    /// Runs `news ARGUMENTS` through `sh -c` with `redirect` applied to its standard output (at most 30 s).
    static func news(_ arguments: [String], redirect: String) async throws -> ChildProcess.Result {
        let news = try EndToEndTests.newsExecutable()
        return try await PrintModeTests.run(
            ["sh", "-c", "exec timeout 30 \"$@\" \(redirect)", "sh", news] + arguments)
    }

    @Test(arguments: [
        ("> /dev/full", "No space left on device"),
        (">&-", "Bad file descriptor"),
    ])
    func outputThatCannotBeWrittenIsAnErrorNotACrash(redirect: String, reason: String) async throws {
        let feed = try PrintModeTests.fixture("tricky.xml")
        let result = try await Self.news(["--print", feed], redirect: redirect)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output == "news: cannot write output: \(reason)\n")
    }
}
