import Testing

@testable import TermTableCore

@Suite("Input")
struct InputEventTests {
    @Test(arguments: [
        ("q", Key("q"), "q"),
        ("G", Key("G"), "G"),
        ("?", Key("?"), "?"),
        ("ctrl-f", Key(.character("f"), modifiers: .control), "ctrl-f"),
        ("ctrl-F", Key(.character("f"), modifiers: .control), "ctrl-f"),
        ("alt-x", Key(.character("x"), modifiers: .alt), "alt-x"),
        ("ctrl-alt-x", Key(.character("x"), modifiers: [.control, .alt]), "ctrl-alt-x"),
        ("shift-tab", Key.backTab, "backtab"),
        ("backtab", Key.backTab, "backtab"),
        ("tab", Key.tab, "tab"),
        ("pgdn", Key.pageDown, "pgdn"),
        ("pagedown", Key.pageDown, "pgdn"),
        ("PgUp", Key.pageUp, "pgup"),
        ("f5", Key(.function(5)), "f5"),
        ("F12", Key(.function(12)), "f12"),
        ("shift-f3", Key(.function(3), modifiers: .shift), "shift-f3"),
        ("space", Key.space, "space"),
        ("ctrl-space", Key(.character(" "), modifiers: .control), "ctrl-space"),
        ("enter", Key.enter, "enter"),
        ("return", Key.enter, "enter"),
        ("esc", Key.escape, "esc"),
        ("escape", Key.escape, "esc"),
        ("up", Key.up, "up"),
        ("shift-down", Key(.down, modifiers: .shift), "shift-down"),
        ("home", Key.home, "home"),
        ("end", Key.end, "end"),
        ("del", Key.delete, "delete"),
        ("backspace", Key.backspace, "backspace"),
        ("insert", Key(.insert), "insert"),
        ("-", Key("-"), "-"),
        ("é", Key("é"), "é"),
    ])
    func parsesAndRoundTrips(name: String, key: Key, description: String) throws {
        let parsed = try #require(Key(parsing: name))
        #expect(parsed == key)
        #expect(parsed.description == description)
        #expect(Key(parsing: parsed.description) == parsed)
    }

    @Test(arguments: ["", "qq", "foo", "ctrl-", "alt-", "ctrl-nope", "f0", "f64", "fx", "f-1", "page up", "ctrl+f"])
    func invalidNamesAreRejected(name: String) {
        #expect(Key(parsing: name) == nil)
    }

    @Test func keyCharacter() {
        #expect(Key("q").character == "q")
        #expect(Key(.character("G"), modifiers: .shift).character == "G")
        #expect(Key.ctrl("F").character == nil)
        #expect(Key.ctrl("F") == Key(.character("f"), modifiers: .control))
        #expect(Key(.character("x"), modifiers: .alt).character == nil)
        #expect(Key.enter.character == nil)
    }

    // MARK: Double clicks

    let start = ContinuousClock.now

    func press(_ x: Int, _ y: Int, button: MouseButton = .left) -> MouseEvent {
        MouseEvent(.press, button: button, at: Point(x: x, y: y))
    }

    @Test func twoPressesAtTheSameCellWithinTheIntervalAreADoubleClick() {
        var tracker = ClickTracker()
        #expect(tracker.classify(press(3, 4), at: start) == press(3, 4))
        #expect(
            tracker.classify(press(3, 4), at: start + .milliseconds(250))
                == MouseEvent(.doubleClick, at: Point(x: 3, y: 4)))
    }

    @Test func thePressExactlyAtTheIntervalStillCounts() {
        var tracker = ClickTracker(interval: .milliseconds(300))
        _ = tracker.classify(press(0, 0), at: start)
        #expect(tracker.classify(press(0, 0), at: start + .milliseconds(300)).kind == .doubleClick)
    }

    @Test func aPressAtAnotherCellIsNotADoubleClick() {
        var tracker = ClickTracker()
        _ = tracker.classify(press(3, 4), at: start)
        #expect(tracker.classify(press(4, 4), at: start + .milliseconds(100)) == press(4, 4))
        #expect(tracker.classify(press(4, 5), at: start + .milliseconds(200)) == press(4, 5))
        // The last press counts from now on.
        #expect(tracker.classify(press(4, 5), at: start + .milliseconds(300)).kind == .doubleClick)
    }

    @Test func aPressAfterTheIntervalIsNotADoubleClick() {
        var tracker = ClickTracker()
        _ = tracker.classify(press(1, 1), at: start)
        #expect(tracker.classify(press(1, 1), at: start + .milliseconds(401)) == press(1, 1))
        // ...but it starts a new pair.
        #expect(tracker.classify(press(1, 1), at: start + .milliseconds(700)).kind == .doubleClick)
    }

    @Test func aThirdPressIsNotADoubleClick() {
        var tracker = ClickTracker()
        #expect(tracker.classify(press(2, 2), at: start).kind == .press)
        #expect(tracker.classify(press(2, 2), at: start + .milliseconds(100)).kind == .doubleClick)
        #expect(tracker.classify(press(2, 2), at: start + .milliseconds(200)) == press(2, 2))
        #expect(tracker.classify(press(2, 2), at: start + .milliseconds(300)).kind == .doubleClick)
    }

    @Test func anotherButtonOrOtherEventsAreNotDoubleClicks() {
        var tracker = ClickTracker()
        _ = tracker.classify(press(5, 5), at: start)
        #expect(
            tracker.classify(press(5, 5, button: .right), at: start + .milliseconds(50))
                == press(5, 5, button: .right))
        let release = MouseEvent(.release, at: Point(x: 5, y: 5))
        #expect(tracker.classify(release, at: start + .milliseconds(60)) == release)
        let wheel = MouseEvent(.wheelUp, button: .none, at: Point(x: 5, y: 5))
        #expect(tracker.classify(wheel, at: start + .milliseconds(70)) == wheel)
        // A release or wheel turn between the presses does not break the pair.
        #expect(tracker.classify(press(5, 5, button: .right), at: start + .milliseconds(90)).kind == .doubleClick)
    }

    @Test func modifiersArePreserved() {
        var tracker = ClickTracker()
        let shifted = MouseEvent(.press, at: Point(x: 0, y: 0), modifiers: .shift)
        _ = tracker.classify(shifted, at: start)
        #expect(
            tracker.classify(shifted, at: start + .milliseconds(10))
                == MouseEvent(.doubleClick, at: Point(x: 0, y: 0), modifiers: .shift))
    }
}
