/// A screen held in memory: a grid of styled cells, readable back as text.
///
/// Tests draw on it and compare ``lines`` with the expected screen; headless
/// benchmarks use it to measure the toolkit without a terminal. Input comes
/// from events queued with ``enqueue(_:)-([InputEvent])``; ``resize(to:)`` changes the size and
/// queues the `.resize` event a real terminal would send.
///
/// ```swift
/// let screen = BufferScreen(width: 20, height: 2)
/// screen.put("Hello", at: Point(x: 1, y: 0), style: .bold)
/// screen.lines  // [" Hello              ", "                    "]
/// ```
@MainActor
public final class BufferScreen: Screen {
    /// One cell of the grid.
    public struct Cell: Hashable, Sendable {
        /// The glyph in the cell; `""` for the right half of a wide glyph.
        public var text: String
        /// The style the cell is drawn in.
        public var style: Style
        /// A blank cell in the default style.
        public static let blank = Cell(text: " ", style: .plain)
        /// True for the second column of a wide glyph.
        public var isContinuation: Bool { text.isEmpty }

        /// A cell showing `text` (one glyph, or `""` for the right half of a wide one) in `style`.
        public init(text: String, style: Style) {
            self.text = text
            self.style = style
        }
    }

    /// The size of the grid.
    public var size: Size { storedSize }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read by every put, fill and scroll to clip it
    #endif
    private var storedSize: Size
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // every cell drawn is written here, every frame
    #endif
    private var cells: [Cell]
    /// Where each line's cells start in ``cells``: scrolling permutes these offsets instead of moving
    /// 4,800 cells a frame (at 120x40), which was most of an in-memory frame.
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read by every put and permuted by every scroll
    #endif
    private var lineStarts: [Int]
    private var pending: [InputEvent] = [] {
        didSet {
            if !pending.isEmpty, let ready = inputReady {
                inputReady = nil
                ready()
            }
        }
    }
    private var inputReady: (@MainActor () -> Void)?
    /// The version of each line's last change (what `lineVersion(_:)` reports).
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // stamped by every put
    #endif
    private var lineVersions: [Int]
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // bumped by every put
    #endif
    private var nextVersion = 0
    /// What the screen draws (``ScreenGlyphs/unicode`` unless a test sets ``ScreenGlyphs/ascii``, as a terminal
    /// without line drawing would have; ``ScreenGlyphs/plain`` in the screen-reader mode, ``setReaderMode(_:)``).
    public var glyphs: ScreenGlyphs = .unicode
    /// Where the visible cursor is, nil when hidden.
    public private(set) var cursor: Point?
    /// How many times ``flush()`` was called.
    public private(set) var flushCount = 0
    /// The control sequences written with ``writeControlSequence(_:)`` (an OSC 52 copy), oldest first: what a
    /// terminal would have been sent beside the frames.
    public private(set) var controlSequences: [ControlSequence] = []
    /// Whether ``writeControlSequence(_:)`` takes sequences (true); false stands for a screen with no terminal
    /// behind it, such as output to a pipe.
    public var acceptsControlSequences = true

    /// Creates a blank screen of `width` x `height` cells.
    public init(width: Int, height: Int) {
        storedSize = Size(width: max(0, width), height: max(0, height))
        let lineWidth = max(0, width)
        cells = Array(repeating: .blank, count: storedSize.width * storedSize.height)
        lineStarts = (0..<storedSize.height).map { $0 * lineWidth }
        lineVersions = Array(repeating: 0, count: storedSize.height)
    }

    /// Creates a blank screen of the given size.
    public convenience init(size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// The cell at `point` (a blank cell outside the grid).
    public func cell(at point: Point) -> Cell {
        guard point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height else { return .blank }
        return cells[lineStarts[point.y] + point.x]
    }

    /// The style of the cell at `point`.
    public func style(at point: Point) -> Style { cell(at: point).style }

    /// Every line as text, each exactly as wide as the screen in columns.
    public var lines: [String] {
        (0..<size.height).map(line(_:))
    }

    /// Line `y` as text.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var text = ""
        text.reserveCapacity(size.width)
        for x in 0..<size.width { text += cells[lineStarts[y] + x].text }
        return text
    }

    /// The whole screen as text, lines joined by newlines, trailing spaces kept.
    public var text: String { lines.joined(separator: "\n") }

    /// Line `y` with a marker under every cell in `style`-matching attributes, for style assertions.
    public func styleMask(line y: Int, where predicate: (Style) -> Bool) -> String {
        guard y >= 0, y < size.height else { return "" }
        return String((0..<size.width).map { predicate(cells[lineStarts[y] + $0].style) ? "^" : " " })
    }

    // MARK: Screen

    public func put(_ text: String, at position: Point, clippedTo columns: Range<Int>, style: Style) {
        let y = position.y
        guard y >= 0, y < size.height else { return }
        touch(y)
        // A clip range entirely right of the screen would make an inverted range: nothing to write.
        let left = max(0, columns.lowerBound)
        let right = min(size.width, columns.upperBound)
        guard left < right else { return }
        let visible = left..<right
        if TerminalText.isPlainASCII(text) {
            let start = max(position.x, visible.lowerBound)
            let end = min(position.x + text.utf8.count, visible.upperBound)
            guard start < end else { return }
            let row = lineStarts[y]
            // Repair wide glyphs cut at either end, then copy the run in one exclusive access.
            if cells[row + start].isContinuation, start > 0 { cells[row + start - 1].text = " " }
            if end < size.width, cells[row + end].isContinuation { cells[row + end].text = " " }
            Self.copyASCII(
                text, from: start - position.x, into: &cells, at: row + start, count: end - start, style: style)
            return
        }
        let text = self.glyphs.substitute(text)
        let (first, glyphs) = TerminalText.visibleClusters(of: text, from: position.x, in: visible)
        var x = first
        for glyph in glyphs {
            write(Cell(text: String(glyph.character), style: style), x: x, y: y, width: glyph.width)
            x += glyph.width
        }
    }

    public func fill(_ rect: Rect, with character: Character, style: Style) {
        let area = rect.intersection(Rect(origin: .zero, size: size))
        guard !area.isEmpty else { return }
        let glyph =
            TerminalText.glyph(for: glyphs.substitute(character)) ?? TerminalText.Cluster(character: " ", width: 1)
        let cell = Cell(text: String(glyph.character), style: style)
        for y in area.minY..<area.maxY { touch(y) }
        if glyph.width == 1 {
            let width = size.width
            for y in area.minY..<area.maxY {
                let row = lineStarts[y]
                if cells[row + area.minX].isContinuation, area.minX > 0 { cells[row + area.minX - 1].text = " " }
                if area.maxX < width, cells[row + area.maxX].isContinuation { cells[row + area.maxX].text = " " }
                Self.fill(&cells, from: row + area.minX, to: row + area.maxX, with: cell)
            }
            return
        }
        for y in area.minY..<area.maxY {
            var x = area.minX
            while x + glyph.width <= area.maxX {
                write(cell, x: x, y: y, width: glyph.width)
                x += glyph.width
            }
            while x < area.maxX {
                write(Cell(text: " ", style: style), x: x, y: y, width: 1)
                x += 1
            }
        }
    }

    public func flush() {
        flushCount += 1
        linesRewritten = pendingRewrites.sorted()
        pendingRewrites = []
    }

    /// True between ``setReaderMode(_:)`` with true and with false.
    public private(set) var isReaderMode = false
    /// The lines the last ``flush()`` sent whole (those given to ``rewriteLine(_:)`` since the flush before),
    /// top first.
    public private(set) var linesRewritten: [Int] = []
    private var pendingRewrites: Set<Int> = []
    private var glyphsOutsideReaderMode: ScreenGlyphs?

    /// Draws ``ScreenGlyphs/plain`` while on (as a terminal's screen would), the glyphs it had before when off.
    public func setReaderMode(_ on: Bool) {
        guard on != isReaderMode else { return }
        isReaderMode = on
        if on {
            glyphsOutsideReaderMode = glyphs
            glyphs = .plain
        } else {
            glyphs = glyphsOutsideReaderMode ?? .unicode
        }
    }

    /// Records `y` for ``linesRewritten`` at the next ``flush()``.
    public func rewriteLine(_ y: Int) {
        guard y >= 0, y < size.height else { return }
        pendingRewrites.insert(y)
    }

    public func setCursor(_ position: Point?) { cursor = position }

    public func nextEvent(timeout: Duration?) -> InputEvent? {
        pending.isEmpty ? nil : pending.removeFirst()
    }

    /// Calls `ready` as soon as an event is queued (at once when one is waiting).
    public func notifyWhenInputArrives(_ ready: @escaping @MainActor () -> Void) -> Bool {
        inputReady = ready
        if !pending.isEmpty {
            inputReady = nil
            ready()
        }
        return true
    }

    public func cancelInputNotification() { inputReady = nil }

    /// Records `sequence` in ``controlSequences`` when ``acceptsControlSequences``.
    public func writeControlSequence(_ sequence: ControlSequence) -> Bool {
        guard acceptsControlSequences else { return false }
        controlSequences.append(sequence)
        return true
    }

    public func lineVersion(_ y: Int) -> Int? {
        y >= 0 && y < size.height ? lineVersions[y] : nil
    }

    public func scroll(_ rect: Rect, by lines: Int) -> Bool {
        let area = rect.intersection(Rect(origin: .zero, size: size))
        guard area == rect, !area.isEmpty else { return false }
        // Cutting through wide glyphs at the edges is not worth supporting: full-width rows only.
        guard area.minX == 0, area.maxX == size.width else { return false }
        let width = size.width
        // The lines of the band take the starts of the lines `lines` away; the starts of the uncovered lines
        // (the ones that scrolled out) are reused for them, blanked.
        let band = Array(lineStarts[area.minY..<area.maxY])
        let count = band.count
        let shift = max(-count, min(count, lines))  // by the band's height or more, all of it is uncovered
        for index in 0..<count {
            lineStarts[area.minY + index] = band[((index + shift) % count + count) % count]
        }
        let uncovered = shift > 0 ? (area.maxY - shift)..<area.maxY : area.minY..<(area.minY - shift)
        for y in uncovered { Self.fill(&cells, from: lineStarts[y], to: lineStarts[y] + width, with: .blank) }
        for y in area.minY..<area.maxY { touch(y) }
        return true
    }

    // The cell copies are nonisolated functions: a closure formed on the main actor and handed to the
    // standard library (`withUTF8`, `withUnsafeMutableBufferPointer`) checks at run time that it runs there.

    /// Writes `count` ASCII bytes of `text` from byte `offset` into `cells` from index `index`, one cell each.
    nonisolated private static func copyASCII(
        _ text: String, from offset: Int, into cells: inout [Cell], at index: Int, count: Int, style: Style
    ) {
        var text = text
        text.withUTF8 { bytes in
            cells.withUnsafeMutableBufferPointer { grid in
                for i in 0..<count { grid[index + i] = Cell(text: asciiStrings[Int(bytes[offset + i])], style: style) }
            }
        }
    }

    /// Sets `cells[start..<end]` to `cell`.
    nonisolated private static func fill(_ cells: inout [Cell], from start: Int, to end: Int, with cell: Cell) {
        cells.withUnsafeMutableBufferPointer { grid in
            for i in start..<end { grid[i] = cell }
        }
    }

    private func touch(_ y: Int) {
        nextVersion += 1
        lineVersions[y] = nextVersion
    }

    // MARK: Driving it

    /// Queues events for ``nextEvent(timeout:)`` to return in order.
    public func enqueue(_ events: [InputEvent]) { pending.append(contentsOf: events) }

    /// Queues one event.
    public func enqueue(_ event: InputEvent) { pending.append(event) }

    /// The number of events queued and not yet read.
    public var pendingEventCount: Int { pending.count }

    /// Changes the size (keeping what fits) and queues the `.resize` event.
    public func resize(to newSize: Size) {
        var grid = Array(repeating: Cell.blank, count: max(0, newSize.width) * max(0, newSize.height))
        for y in 0..<min(size.height, newSize.height) {
            for x in 0..<min(size.width, newSize.width) {
                grid[y * newSize.width + x] = cells[lineStarts[y] + x]
            }
            // A wide glyph cut by the new right edge becomes a space.
            if newSize.width < size.width, newSize.width > 0,
                cells[lineStarts[y] + newSize.width].isContinuation
            {
                grid[y * newSize.width + newSize.width - 1].text = " "
            }
        }
        storedSize = newSize
        cells = grid
        lineStarts = (0..<newSize.height).map { $0 * newSize.width }
        lineVersions = Array(repeating: 0, count: newSize.height)
        for y in 0..<newSize.height { touch(y) }
        pending.append(.resize(newSize))
    }

    // MARK: Cells

    /// One-character strings for every ASCII byte, so writing text makes no new strings.
    nonisolated static let asciiStrings: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// Writes a glyph `width` columns wide at (x, y), repairing wide glyphs it cuts.
    private func write(_ cell: Cell, x: Int, y: Int, width: Int) {
        let row = lineStarts[y]
        // Overwriting the right half of a wide glyph blanks its left half.
        if cells[row + x].isContinuation, x > 0 { cells[row + x - 1].text = " " }
        let last = x + width - 1
        // Overwriting the left half of a wide glyph blanks its right half.
        if last + 1 < size.width, cells[row + last + 1].isContinuation { cells[row + last + 1].text = " " }
        cells[row + x] = cell
        if width > 1 {
            for c in (x + 1)...last where c < size.width {
                cells[row + c] = Cell(text: "", style: cell.style)
            }
        }
    }
}
