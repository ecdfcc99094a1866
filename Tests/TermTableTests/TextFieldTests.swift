import Foundation
import TermTableTesting
import Testing

@testable import TermTable

@Suite("TextField: editing over grapheme clusters")
@MainActor
struct TextFieldTests {
    /// A focused field alone on a screen `width` columns wide.
    static func driver(width: Int, text: String = "") -> (AppDriver, TextField) {
        let field = TextField(text: text, frame: Rect(x: 0, y: 0, width: width, height: 1))
        let driver = AppDriver(rootView: field, size: Size(width: width, height: 1))
        return (driver, field)
    }

    @Test(arguments: [
        ("e\u{301}", "\u{E9}x"),  // a combining mark joins the e
        ("\u{1F1EB}\u{1F1F7}", "\u{1F1EB}\u{1F1F7}x"),  // the second regional indicator joins the first: 🇫🇷
        ("\u{1F469}\u{200D}", "\u{1F469}\u{200D}x"),  // a lone ZWJ joins the woman; x does not join it
        ("\u{1F469}\u{200D}\u{1F4BB}", "\u{1F469}\u{200D}\u{1F4BB}x"),  // 👩‍💻 typed scalar by scalar
    ])
    func aKeyAfterScalarsThatMergedIsInsertedAtTheEnd(typed: String, expected: String) {
        let (driver, field) = TextFieldTests.driver(width: 20)
        for scalar in typed.unicodeScalars { driver.send(.key(Key(Character(scalar)))) }
        #expect(field.cursor == field.text.count, "the cursor stays after the merged character")
        driver.send(.key(Key("x")))
        #expect(field.text == expected)
        #expect(field.cursor == field.text.count)
        driver.press("backspace backspace")
        #expect(field.text.isEmpty, "two backspaces remove x and the merged character: \(field.text.debugDescription)")
        #expect(field.cursor == 0)
    }

    /// The reader's `/` filter is a prompt line: an accent, a flag and a lone ZWJ typed into it, then a key.
    @Test func aPromptTakesMergingInputAndTheNextKey() {
        let driver = AppDriver(rootView: View(frame: .zero), size: Size(width: 30, height: 3))
        var filter = ""
        driver.app.prompt("/", onChange: { filter = $0 })
        let typed = "e\u{301}\u{1F1EB}\u{1F1F7}\u{1F469}\u{200D}"
        for scalar in typed.unicodeScalars { driver.send(.key(Key(Character(scalar)))) }
        driver.type("x")
        #expect(filter == typed + "x")
        driver.press("backspace backspace")
        #expect(filter == "e\u{301}\u{1F1EB}\u{1F1F7}")
    }

    @Test func aMarkTypedInTheMiddleJoinsTheCharacterBeforeTheCursor() {
        let (driver, field) = TextFieldTests.driver(width: 20)
        driver.type("ab")
        driver.press("left")
        driver.send(.key(Key("\u{301}")))
        #expect(field.text == "a\u{301}b")
        #expect(field.cursor == 1, "between the accented a and the b")
        driver.type("c")
        #expect(field.text == "a\u{301}cb")
    }

    @Test func deletingBetweenHangulJamoThatThenJoinKeepsTheCursorInTheText() {
        // ᄀ (a leading consonant) and ᅡ (a vowel) join into one syllable once the x between them goes.
        let (driver, field) = TextFieldTests.driver(width: 20, text: "\u{1100}x\u{1161}")
        driver.press("home right delete")
        #expect(field.text == "\u{1100}\u{1161}")
        #expect(field.text.count == 1)
        #expect(field.cursor <= field.text.count)
        driver.press("end backspace")
        #expect(field.text.isEmpty)
    }

    // MARK: Generated edits

    /// What typed keys are made of: plain letters, combining marks, joiners, flag halves, wide and
    /// joining characters, and the keys that move and delete.
    static let scalars: [Unicode.Scalar] = [
        "a", "e", "x", " ", "\u{301}", "\u{308}", "\u{20DD}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}",
        "\u{1F1EB}", "\u{1F1F7}", "\u{1F1FA}", "\u{1F469}", "\u{1F4BB}", "\u{2764}", "\u{4E2D}", "\u{6587}",
        "\u{1100}", "\u{1161}", "\u{11A8}", "\r", "\n", "\u{0E01}", "\u{0E33}",
    ]
    static let keys: [Key] = [
        .left, .right, .home, .end, .backspace, .delete, .backspace, .left,
        Key(.character("u"), modifiers: .control), Key(.character("k"), modifiers: .control),
    ]

    /// The scalar offset of character `position` of `text`.
    static func scalarOffset(_ text: String, character position: Int) -> Int {
        let index = text.index(text.startIndex, offsetBy: position)
        return text.unicodeScalars.distance(from: text.startIndex, to: index)
    }

    /// Random edits (typed scalars and editing keys) on fields of random widths: after every key the text is
    /// what the edit makes of the scalars, the cursor is inside the text, and the drawn cursor is on the field.
    ///
    /// `TERMTABLE_TEXTFIELD_ROUNDS` (default 120 sequences of 40 keys) and `TERMTABLE_TEXTFIELD_SEED` set the budget
    /// and the seed: `TERMTABLE_TEXTFIELD_ROUNDS=20000 swift test --filter TextFieldTests` for a long local run.
    @Test func generatedEditsKeepTheTextAndCursorConsistent() async {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["TERMTABLE_TEXTFIELD_ROUNDS"].flatMap { Int($0) } ?? 120
        let seed = environment["TERMTABLE_TEXTFIELD_SEED"].flatMap { UInt64($0) } ?? 0x7E47_F1E1D
        var random = SeededRandom(seed: seed)
        var failures = 0
        for round in 0..<rounds where failures < 5 {
            await Task.yield()  // let other main-actor work run between sequences
            let width = Int.random(in: 1...8, using: &random)
            let (driver, field) = TextFieldTests.driver(width: width)
            var typed: [String] = []
            for _ in 0..<40 {
                let before = field.text
                let cursor = field.cursor
                let scalars = Array(before.unicodeScalars)
                let offset = TextFieldTests.scalarOffset(before, character: cursor)
                var expected: [Unicode.Scalar]
                var expectedCursor: Int? = nil
                let key: Key
                if Bool.random(using: &random) || Bool.random(using: &random) {
                    let scalar = TextFieldTests.scalars.randomElement(using: &random)!
                    key = Key(Character(scalar))
                    expected = Array(scalars[..<offset]) + [scalar] + Array(scalars[offset...])
                } else {
                    key = TextFieldTests.keys.randomElement(using: &random)!
                    expected = scalars
                    let characters = Array(before)
                    switch (key.code, key.modifiers) {
                    case (.left, _): expectedCursor = max(0, cursor - 1)
                    case (.right, _): expectedCursor = min(characters.count, cursor + 1)
                    case (.home, _): expectedCursor = 0
                    case (.end, _): expectedCursor = characters.count
                    case (.backspace, _) where cursor > 0:
                        let start = TextFieldTests.scalarOffset(before, character: cursor - 1)
                        expected.removeSubrange(start..<offset)
                    case (.delete, _) where cursor < characters.count:
                        let end = TextFieldTests.scalarOffset(before, character: cursor + 1)
                        expected.removeSubrange(offset..<end)
                    case (.character("u"), .control):
                        expected.removeSubrange(0..<offset)
                        expectedCursor = 0
                    case (.character("k"), .control):
                        expected.removeSubrange(offset...)
                    default: break
                    }
                }
                typed.append(
                    key.character.map { String($0).unicodeScalars.map { String($0.value, radix: 16) }[0] }
                        ?? "\(key)")
                driver.send(.key(key))
                let context = "round \(round), width \(width), keys \(typed)"
                let ok =
                    Array(field.text.unicodeScalars) == expected
                    && field.cursor >= 0 && field.cursor <= field.text.count
                    && (expectedCursor.map { field.cursor == $0 } ?? true)
                    && driver.screen.cursor.map { $0.x >= 0 && $0.x < width && $0.y == 0 } == true
                if key.character != nil, ok {
                    // Typing puts the cursor after the typed scalar, whatever it merged with.
                    #expect(
                        TextFieldTests.scalarOffset(field.text, character: field.cursor) >= offset + 1, "\(context)")
                }
                if !ok {
                    failures += 1
                    Issue.record(
                        """
                        \(context): text \(field.text.debugDescription) (expected \
                        \(String(String.UnicodeScalarView(expected)).debugDescription)), cursor \(field.cursor) \
                        (expected \(expectedCursor.map(String.init) ?? "any")), drawn cursor \
                        \(String(describing: driver.screen.cursor))
                        """)
                    break
                }
            }
        }
    }
}
