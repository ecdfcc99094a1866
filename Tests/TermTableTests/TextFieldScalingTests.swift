import Foundation
import TermTableTesting
import Testing

@testable import TermTable
@testable import TermTableCore

/// A text field edits in time that does not grow with its text, and input that arrives together is one edit.
@Suite("TextField: long text, pastes and batches of keys")
@MainActor
struct TextFieldScalingTests {
    /// The same keys: typing, deleting and moving near the cursor.
    static let script: [Key] = Array(
        repeating: [
            Key("a"), Key("\u{301}"), Key("b"), .left, Key("c"), .right, .backspace, Key("\u{4E2D}"), .left, .delete,
            Key("d"), .backspace, .right,
        ], count: 40
    ).flatMap { $0 }

    /// How many characters the field steps over for `script`, drawn after every key, starting from `text`.
    static func work(from text: String, cursorAt position: Int? = nil) -> (steps: Int, field: TextField) {
        let field = TextField(text: text, frame: Rect(x: 0, y: 0, width: 40, height: 1))
        let driver = AppDriver(rootView: field, size: Size(width: 40, height: 1))
        if let position { field.moveCursor(to: position) }
        driver.app.render()
        field.steps = 0
        for key in script { driver.send(.key(key)) }
        return (field.steps, field)
    }

    @Test func editingAMegabyteOfTextCostsWhatEditingAShortTextCosts() {
        let megabyte = String(repeating: "0123456789abcdef", count: 65_536)
        // The baseline: 100 characters, more than the 40 columns drawn.
        let short = TextFieldScalingTests.work(from: String(megabyte.prefix(100)))
        let atEnd = TextFieldScalingTests.work(from: megabyte)
        let inMiddle = TextFieldScalingTests.work(from: megabyte, cursorAt: 500_000)
        let atStart = TextFieldScalingTests.work(from: megabyte, cursorAt: 0)
        // Per key: a few characters around the edit, and the 40 columns drawn (up to 40 more for text on
        // both sides of the cursor than for text on one side); nothing that grows with the text.
        let keys = TextFieldScalingTests.script.count
        #expect(short.steps < keys * 100)
        for (name, run) in [("end", atEnd), ("middle", inMiddle), ("start", atStart)] {
            #expect(run.steps <= short.steps + keys * 45, "\(name): \(run.steps) steps against \(short.steps)")
            #expect(run.field.characterCount == run.field.text.count, "\(name)")
            #expect(run.field.text.utf8.count > megabyte.utf8.count, "\(name)")
        }
        #expect(atEnd.field.text.hasPrefix(megabyte))
        #expect(atEnd.field.cursor == atEnd.field.text.count)
        #expect(atStart.field.text.hasSuffix(megabyte.dropFirst(40)))
    }

    @Test func aMegabytePasteIntoAPromptIsOneEditAndOneChange() {
        let driver = AppDriver(rootView: View(frame: .zero), size: Size(width: 60, height: 3))
        var changes: [String] = []
        driver.app.prompt("/", maxLength: nil, onChange: { changes.append($0) })
        let megabyte = String(repeating: "0123456789abcde\n", count: 65_536)
        driver.send(.paste(megabyte))
        #expect(changes.count == 1)
        #expect(changes.first?.utf8.count == megabyte.utf8.count)
        #expect(changes.first?.contains("\n") == false, "a line break in a paste is a space in a one-line field")
        let typed = String(repeating: "0123456789", count: 10_000)
        driver.app.handle(typed.map { .key(Key($0)) })  // a paste that came as keys
        #expect(changes.count == 2, "one change for the keys that came together, not one per key")
        #expect(changes.last?.hasSuffix(typed) == true)
        driver.press("esc")
        #expect(!driver.app.isShowingOverlay)
    }

    @Test func aPromptTakesAtMostItsMaximumAndSaysSo() throws {
        let driver = AppDriver(rootView: View(frame: .zero), size: Size(width: 80, height: 3))
        var filter = ""
        driver.app.prompt("/", onChange: { filter = $0 })
        let line = try #require(driver.app.topOverlay as? PromptLine)
        #expect(line.field.maxLength == PromptLine.defaultMaxLength)
        driver.app.handle(Array(repeating: .key(Key("x")), count: 5000))
        driver.app.renderIfNeeded()
        #expect(filter.count == 4096)
        #expect(driver.lines[2].contains("at most 4096 characters"), "\(driver.lines[2])")
        driver.send(.paste("more"))
        #expect(filter.count == 4096)
        driver.press("backspace")
        driver.send(.paste("\u{1F1EB}\u{1F1F7}"))  // a flag is two scalars: it does not fit in the one left
        #expect(filter.unicodeScalars.count == 4095)
        driver.type("y")
        #expect(filter.unicodeScalars.count == 4096 && filter.hasSuffix("y"))
    }

    @Test func aPasteThatNoViewTakesIsDroppedNotRunAsKeys() {
        let driver = AppDriver(rootView: View(frame: .zero), size: Size(width: 20, height: 3))
        var quit = false
        driver.app.bind(Key("q")) { quit = true }
        driver.send(.paste("q"))
        driver.app.handle([.key(Key("x")), .key(Key("q"))])
        #expect(quit, "keys typed together still reach the app's bindings when no text field has the focus")
        quit = false
        driver.send(.paste("qqq"))
        #expect(!quit)
    }

    @Test func keysAfterTheTextInABatchGoWhereTheyWouldOneByOne() {
        let driver = AppDriver(rootView: View(frame: .zero), size: Size(width: 30, height: 3))
        var submitted: String? = nil
        var changes = 0
        driver.app.bind(Key("/")) {
            driver.app.prompt("/", onChange: { _ in changes += 1 }, onSubmit: { submitted = $0 })
        }
        var quit = false
        driver.app.bind(Key("q")) { quit = true }
        driver.app.handle(
            "/abc".map { .key(Key($0)) } + [.key(.backspace), .key(Key("d")), .key(.enter), .key(Key("q"))])
        #expect(submitted == "abd")
        #expect(changes == 3, "abc together, the backspace, the d")
        #expect(quit)
    }

    // MARK: Generated batches

    /// The field as a plain string and a cursor counted in characters, edited the simple way (from the start).
    struct Model {
        var text = ""
        var cursor = 0
        var maxLength: Int?

        func index(_ position: Int) -> String.Index { text.index(text.startIndex, offsetBy: position) }
        func scalarOffset(_ position: Int) -> Int {
            text.unicodeScalars.distance(from: text.startIndex, to: index(position))
        }
        /// How many characters start before scalar `offset`.
        func characters(before offset: Int) -> Int {
            var count = 0
            var scalars = 0
            for character in text {
                if scalars >= offset { break }
                scalars += character.unicodeScalars.count
                count += 1
            }
            return count
        }

        mutating func replace(from start: Int, to end: Int, with new: String) {
            let lower = scalarOffset(start)
            text.replaceSubrange(index(start)..<index(end), with: new)
            cursor = characters(before: lower + new.unicodeScalars.count)
        }

        mutating func insert(_ new: String) {
            var kept = new
            if let maxLength {
                kept = ""
                var room = maxLength - text.unicodeScalars.count
                for character in new {
                    if character.unicodeScalars.count > room { break }
                    kept.append(character)
                    room -= character.unicodeScalars.count
                }
            }
            if !kept.isEmpty { replace(from: cursor, to: cursor, with: kept) }
        }

        mutating func apply(_ key: Key) {
            switch (key.code, key.modifiers) {
            case (.left, []): cursor = max(0, cursor - 1)
            case (.right, []): cursor = min(text.count, cursor + 1)
            case (.home, []): cursor = 0
            case (.end, []): cursor = text.count
            case (.backspace, _) where cursor > 0: replace(from: cursor - 1, to: cursor, with: "")
            case (.delete, _) where cursor < text.count: replace(from: cursor, to: cursor + 1, with: "")
            case (.character("u"), .control): replace(from: 0, to: cursor, with: "")
            case (.character("k"), .control): replace(from: cursor, to: text.count, with: "")
            default: if let character = key.character { insert(String(character)) }
            }
        }

        /// A batch as the app hands it over: typed characters in a row as one insert, pastes on one line.
        mutating func apply(_ batch: [InputEvent]) {
            var index = 0
            while index < batch.count {
                var run = ""
                var end = index
                while end < batch.count, let character = Application.plainCharacter(batch[end]) {
                    run.append(character)
                    end += 1
                }
                if end - index > 1 {
                    insert(run)
                    index = end
                    continue
                }
                switch batch[index] {
                case .key(let key): apply(key)
                case .paste(let text):
                    insert(String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
                default: break
                }
                index += 1
            }
        }
    }

    static let scalars: [Unicode.Scalar] = [
        "a", "e", " ", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{1F1EB}", "\u{1F1F7}", "\u{1F1FA}",
        "\u{1F469}", "\u{1F4BB}", "\u{4E2D}", "\u{1100}", "\u{1161}", "\u{11A8}", "\r", "\n", "\t", "\u{0E33}",
        "\u{915}", "\u{94D}", "\u{937}",
    ]
    static let keys: [Key] = [
        .left, .right, .home, .end, .backspace, .delete, Key(.character("u"), modifiers: .control),
        Key(.character("k"), modifiers: .control),
    ]

    /// Random batches of typed scalars, editing keys and pastes, on fields of random widths and limits:
    /// after every batch the field holds the model's text and cursor, its counts are right, and its
    /// drawn cursor is on the field. `TERMTABLE_PROPERTY_CASES` sets how many fields (each 30 batches).
    @Test func generatedBatchesEditLikeTheSimpleModel() async {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["TERMTABLE_PROPERTY_CASES"].flatMap { Int($0) } ?? 200
        let seed = environment["TERMTABLE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0xBA7C_4ED1
        var random = SeededRandom(seed: seed)
        var failures = 0
        for round in 0..<cases where failures < 3 {
            await Task.yield()
            let width = Int.random(in: 1...12, using: &random)
            let limit: Int? = Bool.random(using: &random) ? nil : Int.random(in: 0...30, using: &random)
            let field = TextField(frame: Rect(x: 0, y: 0, width: width, height: 1))
            field.maxLength = limit
            let driver = AppDriver(rootView: field, size: Size(width: width, height: 1))
            var model = Model(maxLength: limit)
            var log: [String] = []
            for _ in 0..<30 {
                var batch: [InputEvent] = []
                for _ in 0..<Int.random(in: 1...12, using: &random) {
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0..<6:
                        batch.append(.key(Key(Character(TextFieldScalingTests.scalars.randomElement(using: &random)!))))
                    case 6..<9: batch.append(.key(TextFieldScalingTests.keys.randomElement(using: &random)!))
                    default:
                        let length = Int.random(in: 0...8, using: &random)
                        let scalars = (0..<length).map { _ in
                            TextFieldScalingTests.scalars.randomElement(using: &random)!
                        }
                        batch.append(.paste(String(String.UnicodeScalarView(scalars))))
                    }
                }
                log.append(batch.map(String.init(describing:)).joined(separator: " "))
                driver.app.handle(batch)
                driver.app.renderIfNeeded()
                model.apply(batch)
                let drawn = driver.screen.cursor
                let ok =
                    field.text.unicodeScalars.elementsEqual(model.text.unicodeScalars)
                    && field.cursor == model.cursor && field.characterCount == field.text.count
                    && field.scalarCount == field.text.unicodeScalars.count
                    && drawn.map { $0.x >= 0 && $0.x < width && $0.y == 0 } == true
                if !ok {
                    failures += 1
                    Issue.record(
                        """
                        round \(round), width \(width), limit \(String(describing: limit)): text \
                        \(field.text.debugDescription), cursor \(field.cursor) (count \(field.characterCount)); \
                        model \(model.text.debugDescription), cursor \(model.cursor); drawn cursor \
                        \(String(describing: drawn)); batches \(log)
                        """)
                    break
                }
            }
        }
    }
}
