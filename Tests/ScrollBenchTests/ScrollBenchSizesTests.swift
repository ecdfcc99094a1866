import Testing

@testable import ScrollBench
@testable import TermTable

/// Every mode draws the workload's final screen at every size, not only the peers' 120x40.
@Suite("scroll-bench at generated sizes") @MainActor
struct ScrollBenchSizesTests {
    /// Generated sizes (fixed seed): widths where titles are cut and where they fit, heights from one line.
    /// The handcoded cells once ended cut titles with "…" where the layout's `truncate=clip` cuts them.
    @Test func everyModeDrawsTheFinalScreenAtGeneratedSizes() throws {
        var generator = SplitMix64(seed: 0x5C_B3_2026)
        for _ in 0..<12 {
            let width = Int.random(in: 11...200, using: &generator)
            let height = Int.random(in: 1...45, using: &generator)
            let frames = Int.random(in: 0...80, using: &generator)
            for mode in [BenchMode.reuse, .handcoded, .noReuse] {
                let result = try BenchRun.run(
                    mode: mode, rows: 100_000, frames: frames, screen: BufferScreen(width: width, height: height),
                    screenName: "memory", layout: ScrollBench.builtIn(.list))
                #expect(result.finalScreenOK == true, "\(mode) at \(width)x\(height) after \(frames) frames")
            }
        }
    }
}

extension ScrollBenchSizesTests {
    /// A screen too narrow for the workload's line is refused with a message, not a crash in the final check.
    @Test func aScreenTooSmallForTheWorkloadIsRefused() {
        #expect(throws: (any Error).self) { try ScrollBench.parse(["--width", "10"]) }
        #expect(throws: (any Error).self) { try ScrollBench.parse(["--height", "0"]) }
        #expect(throws: Never.self) { try ScrollBench.parse(["--width", "11", "--height", "1"]) }
    }
}

/// A small seeded generator (splitmix64), so the sizes are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
