import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Generated tables at generated sizes under generated operations, with the table's invariants checked after every step.
///
/// CI runs a fixed seed and a small budget. A large local run:
///
/// ```sh
/// TERMTABLE_PROPERTY_CASES=100000 swift test -c release -Xswiftc -enable-testing --filter TablePropertyTests
/// ```
///
/// `TERMTABLE_PROPERTY_SEED` picks another seed. A failing case is shrunk
/// and printed as Swift; paste it into ``TableRegressionTests`` under a name.
/// Before each case the harness writes it to `$TMPDIR/termtable-property-case.txt`,
/// so a crash (which ends the process) leaves the case that caused it there.
@Suite("Generated tables: invariants at every size") @MainActor
struct TablePropertyTests {
    static var budget: Int { ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 500 }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x7AB1_E5EED
    }

    @Test func generatedTablesKeepTheirInvariants() async throws {
        var rng = SeededRandom(seed: Self.seed)
        let crashFile = FileManager.default.temporaryDirectory.appendingPathComponent("termtable-property-case.txt")
        var ran = 0
        for index in 0..<Self.budget {
            let c = GeneratedTableCase.generate(using: &rng)
            try? "case \(index), seed \(Self.seed)\n\(c)\n".write(to: crashFile, atomically: false, encoding: .utf8)
            ran += 1
            // Other main-actor tests run between cases (this one takes a while).
            if index % 10 == 0 { await Task.yield() }
            if let problem = GeneratedTableHarness.check(c) {
                // Shrink while the same invariant breaks (not any other one).
                let small = c.shrunk { GeneratedTableHarness.check($0).map(Self.kind) == Self.kind(problem) }
                let smallProblem = GeneratedTableHarness.check(small) ?? problem
                Issue.record(
                    """
                    case \(index) of seed \(Self.seed) failed: \(problem.prefix(2_000))
                    shrunk to: \(smallProblem.prefix(2_000))
                    \(small)
                    """)
                return
            }
        }
        try? FileManager.default.removeItem(at: crashFile)
        print("TablePropertyTests: \(ran) generated cases ran, seed \(Self.seed)")
        #expect(ran == Self.budget)
    }

    /// What kind of failure a message tells (its words, without the step, numbers and rows).
    static func kind(_ problem: String) -> String {
        let text = problem.range(of: "): ").map { String(problem[$0.upperBound...]) } ?? problem
        return String(text.filter { !$0.isNumber }.prefix(40))
    }
}
