import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Generated following tables under generated appends, scrolls and resizes: every table invariant, plus those of
/// following the end (``GeneratedTableHarness/Run/followViolation(after:from:)``), after every step.
///
/// CI runs a fixed seed and a small budget; `TERMTABLE_PROPERTY_CASES` sets a large one for a local run, as for
/// ``TablePropertyTests`` (`TERMTABLE_PROPERTY_SEED` picks another seed).
@Suite("Generated tables that follow their end") @MainActor
struct TableFollowsEndPropertyTests {
    static var budget: Int { ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 300 }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0xF0_11_0E_ED
    }

    @Test func followingTablesKeepTheirInvariants() async {
        var rng = SeededRandom(seed: Self.seed)
        var ran = 0
        for index in 0..<Self.budget {
            let c = GeneratedTableCase.generateFollowing(using: &rng)
            ran += 1
            if index % 10 == 0 { await Task.yield() }
            if let problem = GeneratedTableHarness.check(c) {
                let small = c.shrunk {
                    GeneratedTableHarness.check($0).map(TablePropertyTests.kind) == TablePropertyTests.kind(problem)
                }
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
        print("TableFollowsEndPropertyTests: \(ran) generated cases ran, seed \(Self.seed)")
        #expect(ran == Self.budget)
    }
}
