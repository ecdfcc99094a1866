import Foundation
import TermTableLayouts
import TermTableTesting
import Testing

/// `termtable preview --width` with output that cannot be written (issue 21).
@Suite("termtable preview: output that cannot be written")
struct PreviewOutputTests {
    /// Runs `termtable ARGUMENTS` through `sh -c` with `redirect` applied to its standard output (at most 30 s).
    static func termtable(_ arguments: [String], redirect: String) async throws -> ChildProcess.Result {
        let termtable = try BuiltProducts.executable(named: "termtable")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let command = ["sh", "-c", "exec timeout 30 \"$@\" \(redirect)", "sh", termtable] + arguments
        let childEnvironment = environment
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try ChildProcess.run(command, environment: childEnvironment) })
            }
        }
    }

    /// Before: `print` ignored the error and the preview exited 0 with its output lost.
    @Test func aPreviewThatCannotBeWrittenIsAnError() async throws {
        let result = try await Self.termtable(
            ["preview", "--width", "80", ProjectLayouts.path(for: "News")], redirect: "> /dev/full")
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output == "termtable: cannot write output: No space left on device\n")
    }
}
