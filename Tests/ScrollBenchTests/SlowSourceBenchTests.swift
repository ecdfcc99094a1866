import Testing

@testable import ScrollBench

/// `scroll-bench --workload slow-source`: the late source is asked and every page completes; the list in memory
/// beside it is never asked; the arguments are checked.
@MainActor
@Suite struct SlowSourceBenchTests {
    @Test func theSlowSourceIsAskedAndEveryPageCompletesBesideTheListInMemory() {
        let result = SlowSourceBench.run(rows: 2_000, latency: 5, frames: 10, width: 60, height: 10)
        #expect(result.slow.rowsRequested > 0 && result.list.rowsRequested == 0)
        #expect(result.slow.pageCompleteMaxMs < 5_000 && result.slow.cursorRowRealMaxMs < 5_000)
        #expect(result.list.pagingPlaceholderFrameShare == 0 && result.list.holdingJPlaceholderFrameShare == 0)
        #expect(result.slow.pagingFrames == 5 && result.slow.holdingJFrames == 9)
    }

    @Test func answersThatArriveBetweenKeysAreDrawnInFramesOfTheirOwnAsTheApplicationsLoopDrawsThem() {
        // Answers 5 ms late, keys 33 ms apart: each answer arrives between keys and is drawn before the next key
        // (bursts of 20 j, so the view scrolls and asks ahead; of 3 PgDn, so a page asked ahead shows).
        let result = SlowSourceBench.run(rows: 2_000, latency: 5, frames: 60, width: 60, height: 10)
        #expect(result.slow.answerFrames > 0 && result.list.answerFrames == 0)
        #expect(result.slow.pagingPlaceholderFrameShare < 1, "a page's answers are drawn before the next key")
    }

    @Test func theSlowSourceTakesALatencyFromOneMillisecondToTenSeconds() throws {
        #expect(throws: ScrollBench.UsageError.self) {
            try ScrollBench.parse(["--workload", "slow-source", "--latency-ms", "0"])
        }
        let command = try ScrollBench.parse(["--workload", "slow-source", "--latency-ms", "20"])
        #expect(command.latencyMs == 20)
    }
}
