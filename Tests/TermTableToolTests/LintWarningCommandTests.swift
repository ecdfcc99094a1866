import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// `termtable lint` prints warnings as file:line:col, exits 0 for them, and 1 with `--strict`.
@Suite("termtable lint warnings", .serialized)
struct LintWarningCommandTests {
    @Test func aWarningIsPrintedAndFailsOnlyAStrictLint() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-warning-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Message.layout").path
        try "cell Message height=auto\n| [1 text ] |\n  1 label stretch\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let plain = try await LintPropertiesCommandTests.lint([path])
        #expect(plain.status == 0, "\(plain.output)")
        #expect(plain.output.contains("\(path):1:14: warning: `height=auto` on cell `Message`"))
        #expect(plain.output.contains("1 file, 1 cell, 0 errors, 1 warning"))
        let strict = try await LintPropertiesCommandTests.lint(["--strict", path])
        #expect(strict.status == 1, "\(strict.output)")
    }
}
