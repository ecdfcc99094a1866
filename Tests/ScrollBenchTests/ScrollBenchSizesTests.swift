import TermTableTesting
import Testing

@testable import ScrollBench
@testable import TermTable

/// Every mode draws the workload's final screen at every size, not only the peers' 120x40.
@Suite("scroll-bench at generated sizes") @MainActor
struct ScrollBenchSizesTests {
    /// Generated sizes (fixed seed): widths where titles are cut and where they fit, heights from one line.
    /// The handcoded cells once ended cut titles with "…" where the layout's `truncate=clip` cuts them.
    @Test func everyModeDrawsTheFinalScreenAtGeneratedSizes() throws {
        var generator = SeededRandom(seed: 0x5C_B3_2026)
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
