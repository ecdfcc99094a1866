import Foundation
import TermTableTesting
import Testing

/// The real `news` at many terminal sizes: started on its bundled feeds, driven with keys, it must quit with status 0.
///
/// CI runs a sample of sizes, odd ones included. The full sweep (heights 1-60
/// at 100 columns, widths 1-200 at 31 lines) runs with
/// `Scripts/news-size-sweep.sh` (`NEWS_SIZE_SWEEP=full`).
@Suite("news at every size", .serialized)
struct SizeSweepTests {
    static var sizes: [(width: Int, height: Int)] {
        if ProcessInfo.processInfo.environment["NEWS_SIZE_SWEEP"] == "full" {
            return (1...60).map { (100, $0) } + (1...200).map { ($0, 31) }
        }
        return [
            (100, 31), (1, 1), (2, 2), (100, 1), (100, 2), (100, 3), (1, 31), (10, 31), (37, 13), (61, 17),
            (200, 60), (140, 7), (23, 45),
        ]
    }

    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func newsRunsAndQuitsCleanlyAtEverySize() throws {
        var failures: [String] = []
        for (width, height) in Self.sizes {
            let directory = EndToEndTests.newDirectory()
            let session = try EndToEndTests.start(
                state: EndToEndTests.newDirectory(), directory: directory,
                width: width, height: height)
            defer { session.close() }
            // Keys go in once the reader has taken the terminal (the alternate screen is on).
            _ = try session.waitFor("news in the alternate screen", timeout: .seconds(30)) { _ in
                (try? session.format("#{alternate_on}")) == "1"
            }
            for key in [
                "j", "j", "G", "NPage", "k", "g", "End", "/", "a", "Enter", "Enter", "j", "q", "Escape", "Down",
                "PPage", "?", "x",
            ] {
                try session.send(key)
            }
            try session.run([
                "resize-window", "-t", "main", "-x", "\(max(1, width / 2))", "-y", "\(max(1, height - 1))",
            ])
            try session.send("j")
            try session.run(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
            try session.send("G", "q")
            let status = try session.waitForFile("status", timeout: .seconds(30)).trimmingCharacters(
                in: .whitespacesAndNewlines)
            if status != "0" { failures.append("\(width)x\(height): status \(status)") }
        }
        #expect(failures.isEmpty, "news failed at: \(failures.joined(separator: ", "))")
        print("SizeSweepTests: news quit cleanly at \(Self.sizes.count - failures.count) of \(Self.sizes.count) sizes")
    }
}
