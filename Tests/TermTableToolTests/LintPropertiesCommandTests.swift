import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// `termtable lint --properties` prints the declared properties and attributes; `lint` alone is a usage error.
@Suite("termtable lint --properties", .serialized)
struct LintPropertiesCommandTests {
    /// Runs `termtable lint ARGUMENTS` on a thread of its own (waiting does not hold a pool thread).
    static func lint(_ arguments: [String]) async throws -> ChildProcess.Result {
        let termtable = try BuiltProducts.executable(named: "termtable")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let command = [termtable, "lint"] + arguments
        let childEnvironment = environment
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try ChildProcess.run(command, environment: childEnvironment) })
            }
        }
    }

    @Test func thePropertiesAreTheDeclaredOnes() async throws {
        let result = try await Self.lint(["--properties"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(ViewProperty.referenceTable))
        #expect(result.output.contains(CellAttribute.referenceTable))
    }

    @Test func noFileIsAUsageError() async throws {
        let result = try await Self.lint([])
        #expect(result.status == 64, "\(result.output)")
        #expect(result.output.contains("give at least one .layout file or directory"))
    }
}
