import Foundation
import TermTableTesting
import Testing

/// A megabyte pasted into the reader's `/` filter in tmux (issue 21): before, 40 KB took 30 s and a megabyte
/// kept the reader at 100% CPU for more than ten minutes, Esc and Ctrl-C ignored.
@Suite("news in tmux: pasting into the filter", .serialized)
struct PasteEndToEndTests {
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func aMegabytePasteLeavesTheReaderAnswering() throws {
        let state = EndToEndTests.newDirectory()
        let directory = EndToEndTests.newDirectory()
        defer {
            try? FileManager.default.removeItem(at: state)
            try? FileManager.default.removeItem(at: directory)
        }
        var random = SeededRandom(seed: 2021)
        let letters = Array("abcdefghijklmnopqrstuvwxyz ".utf8)
        let file = directory.appendingPathComponent("paste.txt")
        try Data((0..<(1 << 20)).map { _ in letters.randomElement(using: &random)! }).write(to: file)
        let session = try EndToEndTests.start(state: state, directory: directory)
        defer { session.close() }
        try session.waitFor(text: "1/165 · 165 unread of 165 · 4 feeds")
        try session.send("/")
        try session.waitFor("the prompt") { $0.split(separator: "\n").last?.hasPrefix("/") == true }

        let clock = ContinuousClock()
        let start = clock.now
        _ = try session.run(["load-buffer", file.path])
        _ = try session.run(["paste-buffer", "-p"])
        try session.send("BSpace")
        try session.send("Z")
        // The prompt keeps 4,096 characters: the Z fits only after the Backspace, so it shows once all was read.
        let prompt = try session.waitFor("the Z typed after the paste", timeout: .seconds(60)) {
            $0.split(separator: "\n").last?.contains("Z") == true
        }
        let read = clock.now - start
        #expect(prompt.contains("at most 4096 characters"))
        let escape = clock.now
        try session.send("Escape")
        try session.waitFor("the list back") {
            $0.contains("165 unread of 165") && $0.split(separator: "\n").last?.hasPrefix("/") == false
        }
        let answered = clock.now - escape
        print("news: paste of 1 MB read in \(read), Esc answered in \(answered)")
        #expect(answered < .seconds(1), "Esc took \(answered)")
        try session.send("q")
        try EndToEndTests.expectRestored(session, status: 0)
    }
}
