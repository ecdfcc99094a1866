/// A surface the views draw on: a grid of styled character cells plus an input source.
///
/// Two implementations ship with TermTable: `CursesScreen` (the real terminal,
/// through ncursesw) and ``BufferScreen`` (a grid in memory, for tests and
/// headless benchmarks). Everything above the terminal layer talks to this
/// protocol only.
///
/// Every screen sanitises what it is given: control characters, escape
/// sequences and bidi overrides in the text never reach the terminal.
@MainActor
public protocol Screen: AnyObject {
    /// The size of the screen in cells.
    var size: Size { get }

    /// What the screen can draw: under ``ScreenGlyphs/ascii`` it writes the toolkit's lines and marks as their
    /// ASCII stand-ins, under ``ScreenGlyphs/plain`` (the screen-reader mode) box drawing as spaces and plain rules
    /// (``ScreenGlyphs/substitute(_:)-(String)``), in ``put(_:at:clippedTo:style:)`` and ``fill(_:with:style:)``.
    var glyphs: ScreenGlyphs { get }

    /// Writes `text` starting at `position`, writing only the columns in `columns`.
    ///
    /// Text is laid out glyph by glyph from `position.x`; glyphs whose columns
    /// fall outside `columns` or outside the screen are not written, and a wide
    /// glyph cut by an edge leaves spaces in its visible half. Lines outside the
    /// screen are ignored.
    func put(_ text: String, at position: Point, clippedTo columns: Range<Int>, style: Style)

    /// Fills `rect` (clipped to the screen) with `character` in `style`.
    func fill(_ rect: Rect, with character: Character, style: Style)

    /// Sends what was drawn since the last flush to the terminal.
    func flush()

    /// Places the visible cursor at `position`, or hides it when nil.
    func setCursor(_ position: Point?)

    /// The next input event, waiting at most `timeout` (forever when nil); nil when none came.
    func nextEvent(timeout: Duration?) -> InputEvent?

    /// A number that changes whenever anything writes to line `y`; nil when the screen does not track it.
    ///
    /// A view that remembers the versions of its lines after drawing can tell,
    /// next frame, whether anything else drew over them since.
    func lineVersion(_ y: Int) -> Int?

    /// Moves the contents of `rect` up by `lines` (down when negative), blanking what is uncovered.
    ///
    /// Returns false when the screen cannot (the caller then redraws instead).
    func scroll(_ rect: Rect, by lines: Int) -> Bool

    /// Calls `ready` once, on the main actor, when input may be waiting (a key, a resize); false when the screen cannot tell.
    ///
    /// The run loop calls it before it waits and then sleeps until `ready` runs,
    /// work arrives or a timer is due, so an idle app is not scheduled at all. A
    /// second call replaces the first. A screen that returns false is polled
    /// with ``nextEvent(timeout:)`` every `Application.pollInterval` instead.
    func notifyWhenInputArrives(_ ready: @escaping @MainActor () -> Void) -> Bool

    /// Withdraws the request of ``notifyWhenInputArrives(_:)``: `ready` is not called.
    func cancelInputNotification()

    /// Writes a control sequence the toolkit built (an OSC 52 copy) to the terminal at once, after what the last
    /// flush sent; false when there is no terminal to take it (the output is not a terminal, or the screen is
    /// not one).
    func writeControlSequence(_ sequence: ControlSequence) -> Bool

    /// Turns the screen-reader mode's drawing on or off (`Application.isAccessible` calls it): the screen draws
    /// ``ScreenGlyphs/plain`` (spaces and plain rules for box drawing) and no blinking text while it is on.
    func setReaderMode(_ on: Bool)

    /// Makes the next ``flush()`` send line `y` whole, every cell of it and not only the cells that changed since
    /// the last frame, so a screen reader that speaks new text hears all of the line (an announcement).
    func rewriteLine(_ y: Int)
}

extension Screen {
    /// Unicode: the screen draws box-drawing lines, arrows and marks as they are.
    public var glyphs: ScreenGlyphs { .unicode }

    /// Not tracked.
    public func lineVersion(_ y: Int) -> Int? { nil }

    /// Not supported.
    public func scroll(_ rect: Rect, by lines: Int) -> Bool { false }

    /// Not supported: the run loop polls this screen.
    public func notifyWhenInputArrives(_ ready: @escaping @MainActor () -> Void) -> Bool { false }

    /// Nothing to withdraw.
    public func cancelInputNotification() {}

    /// Not supported: no terminal takes it.
    public func writeControlSequence(_ sequence: ControlSequence) -> Bool { false }

    /// Nothing changes: the screen draws as it did.
    public func setReaderMode(_ on: Bool) {}

    /// Nothing to do: the screen sends every line whole, or tracks none.
    public func rewriteLine(_ y: Int) {}

    /// Writes `text` starting at `position`, clipped only by the screen's edges.
    public func put(_ text: String, at position: Point, style: Style = .plain) {
        put(text, at: position, clippedTo: 0..<Int.max, style: style)
    }

    /// Clears the whole screen to spaces in the default style.
    public func clear() {
        fill(Rect(origin: .zero, size: size), with: " ", style: .plain)
    }
}
