import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Help made from key bindings: the table's keys and the app's, the help box and the hint bar.
@Suite("Key help") @MainActor
struct KeyHelpTests {
    static var cases: Int { ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 200 }

    /// Keys a generated test draws from: special keys, letters, shifted letters, controls, Tab.
    static let keyPool: [Key] =
        [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .space, .tab, .backTab]
        + "abcdgjkqxG/?".map { Key($0) } + [.ctrl("a"), .ctrl("f"), Key(.function(1))]

    /// Random table keys and app keys (some with help, some without, some unbound again): the help in
    /// force lists each bound key once, with the help of whatever runs it, and nothing unbound.
    @Test func helpInForceListsExactlyTheBoundKeysOnce() {
        var random = SeededRandom(seed: 22)
        for _ in 0..<Self.cases {
            let source = NumbersSource(rows: 5)
            let table = makeTable(source, width: 20, height: 4)
            table.selectionMode = random.next() % 2 == 0 ? .multiple : .single
            table.keyBindings = [:]
            for key in Self.keyPool where random.next() % 3 == 0 {
                table.keyBindings[key] = TableCommand.allCases.randomElement(using: &random)!
            }
            let driver = AppDriver(rootView: table, size: Size(width: 20, height: 4))
            let app = driver.app
            var ran: [String] = []
            var appHelp: [Key: String] = [:]  // the model: app keys bound with help and still bound
            for step in 0..<Int(random.next() % 8) {
                let keys = (0..<Int(1 + random.next() % 3)).map { _ in Self.keyPool.randomElement(using: &random)! }
                let unique = keys.reduce(into: [Key]()) { if !$0.contains($1) { $0.append($1) } }
                let help = "action \(step)"
                switch random.next() % 4 {
                case 0:
                    app.bind(unique[0]) { ran.append("plain") }
                    appHelp[unique[0]] = nil
                case 1:
                    app.keyBindings[unique[0]] = nil
                    appHelp[unique[0]] = nil
                default:
                    app.bind(KeyBinding(unique, help: help, label: random.next() % 2 == 0 ? "custom" : nil)) {
                        ran.append(help)
                    }
                    for key in unique { appHelp[key] = help }
                }
            }
            // Column commands apply only to a table with columns, outline commands only to an outline: without,
            // their keys go on to the app.
            let tableKeys = table.keyBindings.filter {
                $0.value.applies(in: table.selectionMode) && !$0.value.isColumnCommand && !$0.value.isOutlineCommand
            }
            var expected = tableKeys.mapValues(\.help)
            for (key, help) in appHelp where tableKeys[key] == nil {
                expected[key] = help
            }
            let listed = app.bindingsInForce
            let listedKeys = listed.flatMap(\.keys)
            #expect(Set(listedKeys).count == listedKeys.count, "a key is listed twice")
            #expect(Set(listedKeys) == Set(expected.keys))
            for binding in listed {
                for key in binding.keys { #expect(expected[key] == binding.help, "\(key) listed as “\(binding.help)”") }
                if binding.customLabel == nil { #expect(binding.label == KeyBinding.label(for: binding.keys)) }
            }
            // Each app key listed runs the action its help describes.
            for (key, help) in expected where tableKeys[key] == nil {
                ran = []
                driver.press(key.description)
                #expect(ran == [help], "\(key) listed as “\(help)” ran \(ran)")
            }
        }
    }

    /// The table's help follows its key bindings: a key rebound moves to its new command, a key removed goes.
    @Test func rebindingATableCommandChangesItsHelp() {
        let table = TableView()
        table.selectionMode = .multiple
        func label(of command: TableCommand) -> String? {
            table.keyHelp.first { $0.help == command.help }?.label
        }
        #expect(label(of: .moveDown) == "↓/j")
        #expect(label(of: .pageDown) == "PgDn/ctrl-f")
        #expect(label(of: .selectNone) == "Esc")
        table.keyBindings[.space] = .pageDown
        table.keyBindings[.escape] = nil
        #expect(label(of: .pageDown) == "PgDn/space/ctrl-f")
        #expect(label(of: .toggleSelection) == nil)
        #expect(label(of: .selectNone) == nil)
        table.selectionMode = .single
        #expect(label(of: .selectAll) == nil, "marking is not in force without multiple selection")
    }

    /// `showHelp()` shows the keys in force: the table's, then the app's with their sections.
    @Test func helpBoxListsTheKeysInForce() {
        let source = NumbersSource(rows: 5)
        let table = makeTable(source, width: 60, height: 24)
        let driver = AppDriver(rootView: table, size: Size(width: 60, height: 24))
        driver.app.bind(KeyBinding([Key("/")], help: "filter titles", section: "List")) {}
        driver.app.bind(Key("q"), help: "quit") {}
        driver.app.showHelp()
        driver.app.render()
        let text = driver.lines.joined(separator: "\n")
        for expected in ["↓/j", "down", "Home/g", "first row", "List:", "/  ", "filter titles", "q  ", "quit"] {
            #expect(text.contains(expected), "the help box has no “\(expected)”")
        }
        #expect(!text.contains("mark all"), "single selection: no marking keys")
    }

    /// A help name never carries a control character to the screen.
    @Test func helpNamesOfKeysArePrintable() {
        #expect(Key("\u{7}").helpName == "U+7")
        #expect(Key.ctrl("a").helpName == "ctrl-a")
        #expect(Key(.function(5)).helpName == "F5")
        #expect(KeyBinding.label(for: [.up, Key("k")]) == "↑/k")
    }

    /// At every width from 0 to 200 the bar fits, shows whole hints in order, or the first one cut between characters.
    @Test func hintBarCutsAtAnyWidthWithoutSplittingACharacter() throws {
        let bindings = [
            KeyBinding([Key("j"), Key("k")], help: "move"),
            KeyBinding([Key("/")], help: "filtre à café", label: "/"),
            KeyBinding([Key("e")], help: "e\u{301}diter 日本語 🇫🇷"),
            KeyBinding([Key("?")], help: "help"),
            KeyBinding([Key("x")], help: "hidden", isEnabled: false),
            KeyBinding([Key("q")], help: "quit"),
        ]
        let hints = bindings.filter(\.isEnabled).map { $0.label + " " + $0.help }
        for width in 0...200 {
            let text = KeyHintBar.text(for: bindings, width: width)
            #expect(TerminalText.width(of: text) <= width)
            let wholes = (0...hints.count).map { hints.prefix($0).joined(separator: KeyHintBar.separator) }
            if width >= TerminalText.width(of: hints[0]) {
                let count = try #require(wholes.firstIndex(of: text), "width \(width): “\(text)” is not whole hints")
                #expect(count >= 1)
                if count < hints.count {
                    #expect(
                        TerminalText.width(of: wholes[count + 1]) > width,
                        "width \(width): a hint that fits is left out")
                }
                continue
            }
            if width == 0 {
                #expect(text.isEmpty)
                continue
            }
            // The first hint cut: its first characters, whole, then an ellipsis.
            #expect(text.hasSuffix("…"), "width \(width): “\(text)”")
            #expect(Array(hints[0]).starts(with: Array(text.dropLast())), "width \(width): “\(text)”")
        }
    }

    /// The bar shows the app's hints in force: the focused table's and the app's, and follows the focus.
    @Test func hintBarFollowsTheBindingsInForce() {
        final class Root: View {
            let table: TableView
            let hints = KeyHintBar()
            init(table: TableView) {
                self.table = table
                super.init(frame: .zero)
                addSubview(table)
                addSubview(hints)
            }
            override func layoutSubviews() {
                table.frame = Rect(x: 0, y: 0, width: frame.width, height: frame.height - 1)
                hints.frame = Rect(x: 0, y: frame.height - 1, width: frame.width, height: 1)
            }
        }
        let table = makeTable(NumbersSource(rows: 3), width: 50, height: 3)
        let root = Root(table: table)
        let driver = AppDriver(rootView: root, size: Size(width: 50, height: 4))
        driver.app.bind(KeyBinding([Key("q")], help: "quit the app", hint: "quit")) {}
        driver.app.render()
        #expect(driver.lines[3] == "↑/k up · ↓/j down · q quit".padding(toLength: 50, withPad: " ", startingAt: 0))
        driver.app.focus(nil)
        driver.app.render()
        #expect(driver.lines[3].hasPrefix("q quit   "))
        table.keyBindings[Key("k")] = nil
        driver.app.focus(table)
        driver.app.render()
        #expect(driver.lines[3].hasPrefix("↑ up · ↓/j down · q quit"))
    }
}
