import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableTesting
import Testing

/// The `?` box is made from the same lines as the key bindings: every command has help, every key in the help works.
@MainActor
@Suite struct ReaderKeysTests {
    /// The keys a help label names (`"Enter → l"`), nil for a name that is no key.
    static func keys(named label: String) -> [Key?] {
        let symbols: [String: Key] = [
            "↓": .down, "↑": .up, "→": .right, "←": .left, "Enter": .enter,
            "Esc": .escape, "PgDn": .pageDown, "PgUp": .pageUp,
        ]
        return label.split(separator: " ").map { symbols[String($0)] ?? Key(parsing: String($0)) }
    }

    @Test func everyCommandHasAHelpLine() {
        let helped = Set(ReaderKeys.lines.flatMap { $0.commands.map(\.command) })
        #expect(helped == Set(ReaderCommand.allCases))
        #expect(ReaderKeys.bindings.count == ReaderKeys.lines.map(\.commands.count).reduce(0, +))
        #expect(ReaderKeys.help.map(\.key) == ReaderKeys.lines.map(\.label))
    }

    @Test func noKeyIsBoundToTwoCommands() {
        var seen: [Key: ReaderCommand] = [:]
        for (key, command) in ReaderKeys.bindings {
            #expect(seen[key] == nil || seen[key] == command, "\(key) is bound to \(seen[key]!) and \(command)")
            seen[key] = command
        }
    }

    /// Each key a help line shows (in its label, or as ctrl-x in its text) is one of the line's keys.
    @Test func everyKeyTheHelpNamesBelongsToItsLine() throws {
        let ctrl = #/ctrl-[a-z]/#
        for line in ReaderKeys.lines {
            let lineKeys = Set(line.commands.map(\.key) + line.viewKeys)
            for (name, key) in zip(line.label.split(separator: " "), Self.keys(named: line.label)) {
                let key = try #require(key, "“\(name)” in the help line “\(line.label)” is no key name")
                #expect(lineKeys.contains(key), "“\(name)” in the help line “\(line.label)” is not among its keys")
            }
            for match in line.help.matches(of: ctrl) {
                let key = try #require(Key(parsing: String(match.output)))
                #expect(lineKeys.contains(key), "\(match.output) in “\(line.help)” is not among the line's keys")
            }
        }
    }

    /// Keys a line leaves to a view are keys that view handles: the list's cursor keys, the article view's.
    @Test func keysLeftToAViewAreHandledByIt() {
        let table = TableView()
        let detail = ArticleDetailView()
        detail.frame = Rect(x: 0, y: 0, width: 40, height: 5)
        detail.show(
            Article(
                id: "a", title: "Title", summary: (1...30).map { "line \($0)" }.joined(separator: "\n"),
                feedTitle: "Feed"))
        for line in ReaderKeys.lines {
            for key in line.viewKeys {
                switch line.section {
                case .list:
                    #expect(table.keyBindings[key] != nil, "\(key) of “\(line.label)” is not a key of the list")
                case .article:
                    #expect(detail.handleKey(key), "\(key) of “\(line.label)” is not a key of the article view")
                }
            }
        }
    }

    /// `?` shows a box with every line, key column and text.
    @Test func questionMarkShowsEveryLine() async throws {
        let harness = try await ReaderHarness()
        harness.press("?")
        for line in ReaderKeys.lines {
            #expect(
                harness.lines.contains { $0.contains(line.label) && $0.contains(line.help) },
                "the help box has no line “\(line.label)  \(line.help)”")
        }
    }
}
