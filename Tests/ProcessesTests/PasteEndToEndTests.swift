import Foundation
import TermTableTesting
import Testing

/// A megabyte pasted into `procs`' `/` filter in tmux: the app keeps answering (issue 21, "the app freezes on a paste").
///
/// Before, every character of a paste ran the filter again and the text field walked its text from the
/// start on every key: 4,000 characters took 141 s and a megabyte never finished. The test pastes
/// 1 MB (`tmux load-buffer` + `paste-buffer`), bracketed (`-p`: the app asked for bracketed paste) and
/// as plain keys, then types Backspace and `Z` (the prompt keeps 4,096 characters, so only after the
/// Backspace is there room for the `Z`): once `Z` shows, all the paste was read, and Esc must close the
/// prompt at once. The figures are printed; the bounds are loose (two cores shared with builds).
@Suite("procs in tmux: pasting into the filter", .serialized)
struct PasteEndToEndTests {
    /// Measured on a loaded 2-core machine (debug build), the whole paste was read in 3.7 s (bracketed) and
    /// 8.5 s (as keys); the old code would take hours. Either bound fails the old code by far.
    static let wholePasteBound: Duration = .seconds(60)
    static let escapeBound: Duration = .seconds(1)

    func pasteAndEscape(bracketed: Bool) throws {
        let directory = EndToEndTests.newDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = SeededRandom(seed: 21)
        let letters = Array("abcdefghijklmnopqrstuvwxyz ".utf8)
        let bytes = (0..<(1 << 20)).map { _ in letters.randomElement(using: &random)! }
        let file = directory.appendingPathComponent("paste.txt")
        try Data(bytes).write(to: file)
        let session = try EndToEndTests.start("", directory: directory)
        defer { session.close() }
        try session.waitFor(text: "/ filter")
        try session.send("/")
        try session.waitFor("the prompt") { $0.split(separator: "\n").last?.hasPrefix("/") == true }

        let clock = ContinuousClock()
        let start = clock.now
        _ = try session.run(["load-buffer", file.path])
        _ = try session.run(["paste-buffer"] + (bracketed ? ["-p"] : []))
        try session.send("BSpace")
        try session.send("Z")
        let prompt = try session.waitFor("the Z typed after the paste", timeout: Self.wholePasteBound) {
            $0.split(separator: "\n").last?.contains("Z") == true
        }
        let read = clock.now - start
        #expect(prompt.contains("at most 4096 characters"), "the prompt says the rest was dropped")
        let escape = clock.now
        try session.send("Escape")
        try session.waitFor("the list back") {
            $0.split(separator: "\n").last?.contains("/ filter") == true
        }
        let answered = clock.now - escape
        print("paste of 1 MB (\(bracketed ? "bracketed" : "as keys")): read in \(read), Esc answered in \(answered)")
        #expect(answered < Self.escapeBound, "Esc took \(answered)")
        try session.send("q")
        #expect(try session.waitForFile("status").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        try session.waitFor(text: "E2E-DONE")
        let before = try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8)
        #expect(try session.waitForFile("after") == before, "terminal modes differ after procs ended")
    }

    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func aBracketedMegabytePasteLeavesTheAppAnswering() throws {
        try pasteAndEscape(bracketed: true)
    }

    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func aMegabytePastedAsKeysLeavesTheAppAnswering() throws {
        try pasteAndEscape(bracketed: false)
    }
}
