import Foundation
import TermTableTestSupport
import TermTableTesting
import Testing

/// The real `news` in tmux on the app shell: the article screen pushed and popped, a key map, the palette.
@Suite("news app shell in tmux", .serialized)
struct NewsShellEndToEndTests {
    /// A directory holding `config/news/keys.conf` with `text`; its `config` is the `XDG_CONFIG_HOME` of a run.
    static func keyMapDirectory(_ text: String) throws -> URL {
        let directory = EndToEndTests.newDirectory()
        let config = directory.appendingPathComponent("config/news")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try text.write(to: config.appendingPathComponent("keys.conf"), atomically: true, encoding: .utf8)
        return directory
    }

    /// Enter pushes the article on a screen of its own, Esc pops back to the list on the same row; Ctrl-P runs an
    /// action from the palette.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func theArticleScreenIsPushedAndPoppedAndThePaletteRunsAnAction() throws {
        let directory = EndToEndTests.newDirectory()
        let session = try EndToEndTests.start(state: EndToEndTests.newDirectory(), directory: directory)
        defer { session.close() }
        try session.waitFor(text: "1/165 · 165 unread of 165 · 4 feeds")
        try session.send("j", "j", "j")
        try session.waitFor(text: " 4/165 ")
        try session.send("Enter")
        let article = try session.waitFor(text: "q back")
        #expect(article.contains("  Library extends weekend hours after petition"))
        #expect(!article.contains("Council approves"), "the article alone")
        try session.send("Escape")
        let back = try session.waitFor(text: "4/165 · 164 unread of 165")
        #expect(back.contains("    Library extends weekend hours after petition"), "the list, read mark and all")
        #expect(back.contains("? help  q quit"))
        try session.send("C-p")
        try session.waitFor(text: "reader.compact")
        try session.type("compact")
        try session.send("Enter")
        let compact = try session.waitFor(text: "one line per article")
        #expect(compact.contains("●  Fish & Chips shop on Tallow Street celebrates 50 years"), "one line each")
        try session.send("q")
        try EndToEndTests.expectRestored(session, status: 0)
    }

    /// `$XDG_CONFIG_HOME/news/keys.conf` moves quit to Q: q does nothing, the hints say Q, Q quits; a line naming no
    /// action is said on standard error with the file and line (seen once news ended), the rest holds.
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func aKeyMapFileMovesQuitToAnotherKey() throws {
        let directory = try Self.keyMapDirectory("# mine\napp.quit = Q\nbogus.action = x\n")
        let session = try EndToEndTests.start(
            state: EndToEndTests.newDirectory(), directory: directory,
            environment: "XDG_CONFIG_HOME='\(directory.appendingPathComponent("config").path)'")
        defer { session.close() }
        let screen = try session.waitFor(text: "1/165 · 165 unread of 165")
        #expect(screen.contains("? help  Q quit"))
        try session.send("q")
        try session.send("j")
        try session.waitFor(text: " 2/165 ")
        try session.send("Q")
        let status = try session.waitForFile("status")
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let after = try session.waitFor(text: "E2E-DONE")
        #expect(after.split(separator: "\n").joined().contains("keys.conf:3: no action is named bogus.action"))
    }

    /// `news --keys` prints the effective map (no terminal needed): the defaults with the user's file over them.
    @Test func keysPrintsTheEffectiveKeyMap() throws {
        let directory = try Self.keyMapDirectory("app.quit = Q, ctrl-q\n")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        let result = try ChildProcess.run([try EndToEndTests.newsExecutable(), "--keys"], environment: environment)
        #expect(result.status == 0)
        #expect(result.output.contains("app.quit = Q, ctrl-q  # clear the filter, then quit"), "\(result.output)")
        #expect(result.output.contains("reader.refresh = r, ctrl-r  # reload all feeds"))
        #expect(result.output.contains("reader.open = →, l  # read the article (Enter, double click too)"))
        #expect(result.output.contains("article.back = q, "))
    }
}
