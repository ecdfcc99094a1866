internal import CNcursesw
internal import CTermGuard
import FoundationEssentials
import Glibc
import TermTableCore

/// The real terminal, drawn through ncursesw.
///
/// Opening a `CursesScreen` sets up a UTF-8 locale (falling back to `C.UTF-8`
/// when the environment names none), saves the terminal's modes, installs the
/// guard that restores them on every way out (``/TermTableCore/TerminalGuard``), and starts
/// ncurses with `newterm` (with `xterm-256color` when `TERM` is unset): alternate
/// screen, hidden cursor, cbreak, no echo, keypad, mouse, and colours on the
/// terminal's default background at the terminal's depth (``colorDepth``: true colour through ncurses'
/// extended colours on a direct-colour terminfo entry, else 256 or 16; none under `NO_COLOR` or `TERM=dumb`),
/// every colour drawn mapped to the nearest the depth has. ``close()`` (or deinit) gives the terminal back. A terminal
/// type that cannot move the cursor (`TERM=dumb`, hard-copy and generic types) is
/// refused with ``OpenError/cannotAddressCursor(_:)`` before anything is sent to it.
///
/// This type (with its `CursesScreen+…` files) is the only one in TermTable that talks to ncurses (`ToolkitImportTests` keeps it so); ncurses does the
/// diffing, so drawing the same frame twice sends nothing the second time.
@MainActor
public final class CursesScreen: Screen {
    /// What went wrong when opening the terminal.
    public enum OpenError: Error, CustomStringConvertible {
        /// The input or output is not a terminal.
        case notATerminal
        /// ncurses could not start on this terminal type.
        case unsupportedTerminal(String)
        /// The terminal type cannot move the cursor (`TERM=dumb`, hard-copy or generic types).
        case cannotAddressCursor(String)

        /// A sentence for the user.
        public var description: String {
            switch self {
            case .notATerminal:
                return "standard input and output must be a terminal (run it in a terminal, not through a pipe)"
            case .unsupportedTerminal(let term):
                return "ncurses cannot drive terminal type '\(TerminalText.sanitize(term))' "
                    + "(set TERM to e.g. xterm-256color)"
            case .cannotAddressCursor(let term):
                return "terminal type '\(TerminalText.sanitize(term))' cannot move the cursor (no `cup` capability), "
                    + "which a full-screen program needs; run it in a terminal such as xterm, "
                    + "or set TERM to the terminal's real type (e.g. xterm-256color)"
            }
        }
    }

    /// Options for opening the terminal.
    public struct Options: Sendable {
        /// Report mouse presses, releases and the wheel.
        public var mouse = true
        /// Use colours (still off when `NO_COLOR` is set or the terminal has none).
        public var colors = true
        /// The colour depth to draw at; nil: decided from the environment and the terminfo entry
        /// (``/TermTableCore/ColorDepth/detect(environment:terminalColors:terminalHasRGB:terminalType:)``:
        /// `TERMTABLE_COLORS`, `NO_COLOR`, `COLORTERM`, the entry's `RGB`/`Tc` and `colors`). A depth above what the
        /// terminal type can draw is lowered to it (true colour needs a direct-colour entry, such as `xterm-direct`,
        /// which is used in place of `xterm-256color` when true colour is asked for and the entry is installed).
        public var colorDepth: ColorDepth?
        /// How long a lone Escape waits for the rest of a key sequence.
        public var escapeDelay: Duration = .milliseconds(25)
        /// The terminal type when `TERM` is unset or empty.
        public var fallbackTerminalType = "xterm-256color"
        /// Ask the terminal to mark pasted text (bracketed paste, where the terminal type has it), so a
        /// paste arrives as one ``/TermTableCore/InputEvent/paste(_:)`` instead of keys.
        public var bracketedPaste = true
        /// Scroll the terminal directly when the table scrolls (see `CursesScreen+Scrolling.swift`); when
        /// false, ncurses finds the scroll itself by comparing every line of the frame with the last one.
        /// Also off with `TERMTABLE_DIRECT_SCROLL=0`, and where ncurses lacks what it needs (ncurses 6.1 to
        /// 6.5 built with screen-pointer functions, which is the default for ABI 6).
        public var scrollsTerminalDirectly = true
        /// What to draw with; nil: decided from the environment the app started in and the terminal's terminfo
        /// entry (``/TermTableCore/ScreenGlyphs/init(environment:terminalHasLineDrawing:readerMode:)``: a locale naming a
        /// codeset other than UTF-8, a terminal type without line drawing or `TERMTABLE_ASCII=1` give ASCII).
        public var glyphs: ScreenGlyphs?
        /// Creates the default options.
        public init() {}
    }

    let screen: OpaquePointer
    let window: cnc_window
    let outputFile: UnsafeMutablePointer<FILE>
    private let inputFile: UnsafeMutablePointer<FILE>
    /// The descriptor ncurses reads keys from.
    var inputDescriptor: Int32 { fileno(inputFile) }
    private let ownsGuard: Bool
    private(set) var isOpen = true
    var clicks = ClickTracker()
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // every text put is converted through it
    #endif
    private var wideBuffer: [wchar_t] = []
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read by every fill of blanks
    #endif
    private var blankLine = String(repeating: " ", count: 256)
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // every run of cells put goes through it
    #endif
    private var cellBuffer = [chtype](repeating: 0, count: 256)
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // stamped by every put
    #endif
    private var lineVersions: [Int] = []
    /// Where the terminal's cursor is since the last flush (ncurses thinks so too), or nil when not known.
    var parkedCursor: (row: Int32, column: Int32)?
    /// The cursor the app asked for (``setCursor(_:)``); nil: hidden (parked at the bottom left after a scroll).
    var shownCursor: Point?
    /// True when something was drawn since the last flush (ncurses might refresh the window before reading a key).
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // set by every put
    #endif
    private var drawnSinceFlush = false
    /// True when rows scrolled since the last flush (the flush then parks the cursor).
    var scrolledSinceFlush = false
    /// Whether ``scroll(_:by:)`` may scroll the terminal itself (the option, and the terminal can).
    let scrollsDirectly: Bool
    /// What the screen draws: its lines and marks as ASCII stand-ins under ``/TermTableCore/ScreenGlyphs/ascii``,
    /// spaces and plain rules under ``/TermTableCore/ScreenGlyphs/plain`` (the screen-reader mode).
    public internal(set) var glyphs: ScreenGlyphs
    /// The glyphs ``Options/glyphs`` chose, nil when they follow the environment and the terminal.
    let chosenGlyphs: ScreenGlyphs?
    /// True when the terminal's terminfo entry has line drawing (its `acsc`).
    let terminalHasLineDrawing: Bool
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // bumped by every put
    #endif
    private var nextVersion = 0
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read by every put
    #endif
    private var versionsWidth = 0
    /// Waiting for input without polling (`CursesScreen+Waiting`).
    var inputWatch: InputWatch?
    /// The bytes that turn bracketed paste off, when it was turned on (`CursesScreen+Paste`).
    var pasteModeOff: String?
    /// True when the terminal was asked for SGR mouse reports beside what ncurses asked for (`CursesScreen+Decoding`).
    var sgrMouseAsked = false
    /// True between the marks that open and close a paste.
    var pasting = false
    /// When the last part of the paste being read came.
    var lastPasteInput = ContinuousClock.now
    /// An event read while finishing a paste, returned next.
    var pendingEvent: InputEvent?

    // Style cache: the last style's attributes and colour pair, and all pairs made.
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // compared by every put
    #endif
    private var lastStyle: Style? = nil
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read by every put
    #endif
    private var lastAttributes: attr_t = 0
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read by every put
    #endif
    private var lastPair: Int16 = 0
    /// False in the screen-reader mode (`TERMTABLE_ACCESSIBLE`, ``Application/isAccessibleMode(environment:)``, or
    /// ``setReaderMode(_:)``): blinking text is drawn steady.
    var drawsBlink = !Application.isAccessibleMode(environment: ProcessInfo.processInfo.environment)
    var pairs: [PairKey: Int16] = [:]
    private(set) var colorCount = 0
    /// True when colours are in use (``colorDepth`` is not ``/TermTableCore/ColorDepth/none``).
    public private(set) var colorsEnabled = false
    /// The depth colours are drawn at, decided when the screen opened; every colour is mapped to it
    /// (``/TermTableCore/ColorDepth/map(_:)-(Color)``).
    public private(set) var colorDepth = ColorDepth.none

    struct PairKey: Hashable {
        var foreground: Int
        var background: Int
    }

    /// Opens the process's terminal (standard input and output).
    public convenience init(options: Options = Options()) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw OpenError.notATerminal }
        let env = ProcessInfo.processInfo.environment
        let term = env["TERM"].flatMap { $0.isEmpty ? nil : $0 } ?? options.fallbackTerminalType
        guard let output = fdopen(dup(STDOUT_FILENO), "w"), let input = fdopen(dup(STDIN_FILENO), "r") else {
            throw OpenError.notATerminal
        }
        try self.init(terminalType: term, input: input, output: output, options: options, guardFD: STDOUT_FILENO)
    }

    /// Opens ncurses on the given streams; `guardFD` is the terminal to restore on exit, or nil.
    ///
    /// Tests open it on `/dev/null` with an explicit terminal type: ncurses then
    /// draws into its own buffers, which ``cell(at:)`` reads back.
    init(
        terminalType: String, input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>,
        options: Options = Options(), guardFD: Int32?
    ) throws {
        CursesScreen.setUpLocale()
        // As less and vim do: refuse a terminal that cannot address the cursor before anything is
        // sent to it, rather than drawing garbage (newterm accepts `dumb`).
        switch cnc_can_address_cursor(terminalType, fileno(output)) {
        case 1: break
        case 0:
            fclose(output)
            fclose(input)
            throw OpenError.cannotAddressCursor(terminalType)
        default:
            fclose(output)
            fclose(input)
            throw OpenError.unsupportedTerminal(terminalType)
        }
        let environment = ProcessInfo.processInfo.environment
        let terminalType =
            Self.directColorType(
                for: terminalType, environment: environment, options: options, descriptor: fileno(output))
            ?? terminalType
        ownsGuard = guardFD.map { TerminalGuard.install(fd: $0) } ?? false
        guard let screen = newterm(terminalType, output, input) else {
            if ownsGuard { TerminalGuard.uninstall() }
            fclose(output)
            fclose(input)
            throw OpenError.unsupportedTerminal(terminalType)
        }
        self.screen = screen
        self.window = cnc_stdscr()
        self.scrollsDirectly =
            options.scrollsTerminalDirectly && Self.allowsDirectScroll() && cnc_can_scroll_terminal() != 0
        self.outputFile = output
        self.inputFile = input
        set_term(screen)
        // The user's own locale (the environment, which `setUpLocale` does not change) and the terminal's `acsc`.
        self.chosenGlyphs = options.glyphs
        self.terminalHasLineDrawing = ScreenGlyphs.acscHasLineDrawing(cnc_tigetstr("acsc").map { String(cString: $0) })
        self.glyphs =
            options.glyphs
            ?? ScreenGlyphs(
                environment: ProcessInfo.processInfo.environment, terminalHasLineDrawing: terminalHasLineDrawing)
        CursesScreen.batchOutput(window)
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        defineHomeAndEndSequences()
        cnc_meta_quietly(window)  // input read byte by byte keeps its 8th bit (`CursesScreen+Decoding`)
        curs_set(0)
        leaveok(window, true)  // a hidden cursor stays where drawing ended, unless a scroll parks it (`flush()`)
        set_escdelay(
            Int32(
                options.escapeDelay.components.seconds * 1000
                    + options.escapeDelay.components.attoseconds / 1_000_000_000_000_000))
        let depth = Self.colorDepth(terminalType: terminalType, environment: environment, options: options)
        if depth > .none {
            start_color()
            use_default_colors()
            colorsEnabled = true
            colorCount = Self.isDirectWithoutExtendedColors ? 8 : Int(cnc_colors())
            colorDepth = depth
        }
        if options.mouse {
            mousemask(cnc_ALL_MOUSE_EVENTS(), nil)
            mouseinterval(0)
            startSGRMouse()
        }
        if options.bracketedPaste { startBracketedPaste() }
        if ownsGuard {
            TerminalGuard.setRestoreSequence(
                CursesScreen.restoreSequence(mouse: options.mouse) + Array((pasteModeOff ?? "").utf8))
        }
    }

    /// Makes ncurses send each frame in one `write` and skip its typeahead checks.
    ///
    /// ncurses 6.4 flushes its output buffer after every cursor move it makes
    /// (`_nc_mvcur`) as long as the screen has never been through `endwin`: a frame
    /// that changes three rows left in 5 `write`s, and a pseudo-terminal wakes its
    /// reader for each. Leaving and re-entering curses mode once, right after `newterm`
    /// and before anything else is set up, ends that state; `cnc_leave_initial_state`
    /// hides the alternate-screen and keypad strings from that round trip, so the
    /// terminal sees the alternate screen entered once (by `newterm`) and the screen
    /// cleared once (there: the first frame does not clear it again), and no mouse,
    /// colour or cursor mode is turned off and on again (they are set up after it).
    /// `typeahead(-1)` stops the `poll` of the input that `doupdate` makes every few
    /// lines to abandon a frame when a key waits (7.6 calls a frame): the run loop
    /// already reads every waiting key before it draws, so a frame is never stale by
    /// more than the keys that came while it was drawn. Measured on the peers
    /// harness's C program (`wscrl` mode, 5,000 frames): 5 → 1 `write` and 7.6 → 0
    /// `poll` per frame. See DECISIONS.md.
    private static func batchOutput(_ window: cnc_window) {
        typeahead(-1)
        cnc_leave_initial_state(window)
    }

    /// Forgets the last style's attributes, so the next put sets them again (they may hold a blink no longer drawn).
    func forgetLastStyle() { lastStyle = nil }

    isolated deinit {
        close()
    }

    /// Gives the terminal back: leaves the alternate screen, shows the cursor, restores the modes.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        inputWatch?.cancel()
        inputWatch = nil
        set_term(screen)
        stopBracketedPaste()
        stopSGRMouse()
        // Without an alternate screen (vt100, linux) what the app drew stays, and the shell's prompt would come
        // back on the last line beside the old status text: the screen is cleared, as `clear` leaves it.
        let hasAlternateScreen = cnc_tigetstr("smcup").map { $0.pointee != 0 } ?? false
        endwin()
        if !hasAlternateScreen, let clear = cnc_tigetstr("clear") {
            fputs(clear, outputFile)
            fflush(outputFile)
        }
        delscreen(screen)
        fclose(outputFile)
        fclose(inputFile)
        if ownsGuard { TerminalGuard.uninstall() }
    }

    /// Makes sure the C library speaks UTF-8: the environment's locale, else C.UTF-8.
    static func setUpLocale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased()
        if codeset != "UTF-8" && codeset != "UTF8" {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
        }
    }

    /// The bytes that leave full-screen mode: exit the alternate screen, normal cursor, plain text, mouse off.
    static func restoreSequence(mouse: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for name in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let cap = cnc_tigetstr(name) { bytes += Array(String(cString: cap).utf8) }
        }
        if mouse { bytes += Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8) }
        return bytes
    }

    // MARK: Screen

    public var size: Size {
        Size(width: Int(cnc_getmaxx(window)), height: Int(cnc_getmaxy(window)))
    }

    public func put(_ text: String, at position: Point, clippedTo columns: Range<Int>, style: Style) {
        let width = Int(cnc_getmaxx(window))
        let height = Int(cnc_getmaxy(window))
        guard position.y >= 0, position.y < height else { return }
        touch(position.y, height: height)
        // A clip range entirely right of the screen would make an inverted range: nothing to write.
        let left = max(0, columns.lowerBound)
        let right = min(width, columns.upperBound)
        guard left < right else { return }
        let visible = left..<right
        if TerminalText.isPlainASCII(text) {
            putASCII(text, at: position, visible: visible, width: width, style: style)
            return
        }
        let text = self.glyphs.substitute(text)
        let (first, glyphs) = TerminalText.visibleClusters(of: text, from: position.x, in: visible)
        guard !glyphs.isEmpty else { return }
        var end = first
        for glyph in glyphs { end += glyph.width }
        splitWideCharacters(line: position.y, from: first, to: end, width: width)
        apply(style)
        wmove(window, Int32(position.y), Int32(first))
        // One complex character per spacing code point, with the combining marks that
        // follow it: written as a plain wide string, ncurses would attach a mark that
        // follows a wide character to that character's second column, where it is lost.
        wideBuffer.removeAll(keepingCapacity: true)
        for glyph in glyphs {
            for scalar in glyph.character.unicodeScalars {
                if TerminalText.scalarWidth(scalar.value) > 0 {
                    addComplexCharacter()
                } else if wideBuffer.isEmpty || wideBuffer.count >= Int(CCHARW_MAX) {
                    continue
                }
                wideBuffer.append(wchar_t(bitPattern: scalar.value))
            }
        }
        addComplexCharacter()
        blankOrphanedHalves(line: position.y, from: end, width: width)
    }

    /// Writes printable ASCII bytes (already checked) starting at `position`, clipped to `visible`.
    ///
    /// The cells are handed to ncurses as one `chtype` run (`mvwaddchnstr`), which
    /// copies them into the line without ncurses' per-character multibyte decoding
    /// and width look-up: the hot path of every frame.
    private func putASCII(_ text: String, at position: Point, visible: Range<Int>, width: Int, style: Style) {
        let start = max(position.x, visible.lowerBound)
        let end = min(position.x + text.utf8.count, visible.upperBound)
        guard start < end else { return }
        touch(position.y, height: Int(cnc_getmaxy(window)))
        splitWideCharacters(line: position.y, from: start, to: end, width: width)
        apply(style)
        let count = end - start
        guard lastPair <= Self.largestChtypePair else {
            putASCIIAsComplexCharacters(
                text, offset: start - position.x, count: count, at: Point(x: start, y: position.y))
            blankOrphanedHalves(line: position.y, from: end, width: width)
            return
        }
        if cellBuffer.count < count + 1 { cellBuffer = [chtype](repeating: 0, count: max(count + 1, 256)) }
        let cellBits = chtype(lastAttributes) | chtype(truncatingIfNeeded: COLOR_PAIR(Int32(lastPair)))
        Self.makeCells(&cellBuffer, from: text, offset: start - position.x, count: count, bits: cellBits)
        _ = mvwaddchnstr(window, Int32(position.y), Int32(start), &cellBuffer, Int32(count))
        blankOrphanedHalves(line: position.y, from: end, width: width)
    }

    /// Fills `cells` with `count` bytes of `text` from byte `offset`, each with `bits`, and a 0 after them.
    ///
    /// Nonisolated: a closure formed on the main actor and handed to the standard library (`withUTF8`)
    /// checks at run time that it runs there, once per call.
    nonisolated private static func makeCells(
        _ cells: inout [chtype], from text: String, offset: Int, count: Int, bits: chtype
    ) {
        var text = text
        text.withUTF8 { bytes in
            cells.withUnsafeMutableBufferPointer { cells in
                for i in 0..<count { cells[i] = chtype(bytes[offset + i]) | bits }
                cells[count] = 0
            }
        }
    }

    /// The largest colour pair a `chtype` holds (`A_COLOR` has 8 bits): ASCII runs in a later pair go as `cchar_t`s.
    static let largestChtypePair: Int16 = 255

    /// Writes `count` ASCII bytes of `text` from byte `offset` at `point` as complex characters, which carry a
    /// pair number of 16 bits: the slow path for pairs past ``largestChtypePair``.
    private func putASCIIAsComplexCharacters(_ text: String, offset: Int, count: Int, at point: Point) {
        var cells = [cchar_t](repeating: cchar_t(), count: count)
        var character: [wchar_t] = [0, 0]
        for (index, byte) in text.utf8.dropFirst(offset).prefix(count).enumerated() {
            character[0] = wchar_t(byte)
            _ = setcchar(&cells[index], character, lastAttributes, lastPair, nil)
        }
        _ = mvwadd_wchnstr(window, Int32(point.y), Int32(point.x), &cells, Int32(count))
    }

    /// Adds the character (a spacing code point and its marks) collected in `wideBuffer` at the cursor.
    private func addComplexCharacter() {
        guard !wideBuffer.isEmpty else { return }
        wideBuffer.append(0)
        var cchar = cchar_t()
        if setcchar(&cchar, wideBuffer, lastAttributes, lastPair, nil) != OK {
            // Not a valid complex character for ncurses: keep the column with the spacing character alone.
            let base = [wideBuffer[0], 0]
            _ = setcchar(&cchar, base, lastAttributes, lastPair, nil)
        }
        _ = wadd_wch(window, &cchar)
        wideBuffer.removeAll(keepingCapacity: true)
    }

    public func fill(_ rect: Rect, with character: Character, style: Style) {
        let area = rect.intersection(Rect(origin: .zero, size: size))
        guard !area.isEmpty else { return }
        let line: String
        if character == " " {
            // Blank runs (cleared rows, padding) are cut from one cached line of spaces.
            if blankLine.utf8.count < area.width { blankLine = String(repeating: " ", count: max(area.width, 256)) }
            line = blankLine
        } else {
            let glyph =
                TerminalText.glyph(for: glyphs.substitute(character)) ?? TerminalText.Cluster(character: " ", width: 1)
            let count = area.width / max(1, glyph.width)
            var text = String(repeating: String(glyph.character), count: count)
            if count * glyph.width < area.width {
                text += String(repeating: " ", count: area.width - count * glyph.width)
            }
            line = text
        }
        let screenWidth = Int(cnc_getmaxx(window))
        let ascii = character == " " || TerminalText.isPlainASCII(line)
        if ascii {
            for y in area.minY..<area.maxY {
                putASCII(
                    line, at: Point(x: area.minX, y: y), visible: area.minX..<area.maxX, width: screenWidth,
                    style: style)
            }
        } else {
            for y in area.minY..<area.maxY {
                put(line, at: Point(x: area.minX, y: y), clippedTo: area.minX..<area.maxX, style: style)
            }
        }
    }

    public func lineVersion(_ y: Int) -> Int? {
        let height = Int(cnc_getmaxy(window))
        guard y >= 0, y < height else { return nil }
        if lineVersions.count != height || versionsWidth != Int(cnc_getmaxx(window)) {
            resetLineVersions(height: height)
        }
        return lineVersions[y]
    }

    func touch(_ y: Int, height: Int) {
        if lineVersions.count != height || versionsWidth != Int(cnc_getmaxx(window)) {
            resetLineVersions(height: height)
        }
        nextVersion += 1
        lineVersions[y] = nextVersion
        drawnSinceFlush = true
    }

    /// After a size change every line counts as written.
    private func resetLineVersions(height: Int) {
        versionsWidth = Int(cnc_getmaxx(window))
        lineVersions = (0..<height).map { _ in
            nextVersion += 1
            return nextVersion
        }
    }

    public func flush() {
        // A frame that scrolled parks a hidden cursor at the bottom left, where a list's scroll starts, so
        // the next frame can scroll the terminal itself with no cursor move (`scroll(_:by:)`). Other frames
        // leave it where drawing ended: parking costs a cursor move a frame, and its place is then unknown.
        let height = Int32(cnc_getmaxy(window))
        let width = Int32(cnc_getmaxx(window))
        let parks = shownCursor != nil || (scrollsDirectly && scrolledSinceFlush)
        if parks {
            let row = Int32(clamping: shownCursor?.y ?? Int(height - 1))
            let column = Int32(clamping: shownCursor?.x ?? 0)
            let parked = (row: min(max(0, row), height - 1), column: min(max(0, column), width - 1))
            leaveok(window, false)
            wmove(window, parked.row, parked.column)
            parkedCursor = parked
        } else {
            leaveok(window, true)
            parkedCursor = nil
        }
        wnoutrefresh(window)
        doupdate()
        drawnSinceFlush = false
        scrolledSinceFlush = false
    }

    public func setCursor(_ position: Point?) {
        shownCursor = position
        drawnSinceFlush = true
        if let position {
            wmove(window, Int32(position.y), Int32(position.x))
            curs_set(1)
        } else {
            curs_set(0)
        }
    }

    /// Before a read: ncurses refreshes a changed window before it reads a key, which moves the cursor, so a
    /// cursor parked after the last flush is no longer where it was left.
    func forgetParkedCursorIfDrawn() {
        if drawnSinceFlush { parkedCursor = nil }
    }

    // MARK: Styles

    func apply(_ style: Style) {
        if style != lastStyle {
            lastStyle = style
            var attributes = cnc_A_NORMAL()
            let a = style.attributes
            if a.contains(.bold) { attributes |= cnc_A_BOLD() }
            if a.contains(.dim) { attributes |= cnc_A_DIM() }
            if a.contains(.italic) { attributes |= cnc_A_ITALIC() }
            if a.contains(.underline) { attributes |= cnc_A_UNDERLINE() }
            if a.contains(.reverse) { attributes |= cnc_A_REVERSE() }
            if a.contains(.blink), drawsBlink { attributes |= cnc_A_BLINK() }
            lastAttributes = attributes
            lastPair = pair(for: style)
        }
        wattr_set(window, lastAttributes, lastPair, nil)
    }

    private func pair(for style: Style) -> Int16 {
        guard colorsEnabled, style.foreground != .default || style.background != .default else { return 0 }
        let key = PairKey(foreground: colorNumber(style.foreground), background: colorNumber(style.background))
        if let pair = pairs[key] { return pair }
        let next = pairs.count + 1
        guard next < Int(cnc_color_pairs()), next <= Self.largestPair else { return 0 }
        // Extended pairs take colour numbers past 32767: a direct-colour entry's packed RGB values.
        _ = cnc_init_pair(Int32(next), Int32(key.foreground), Int32(key.background))
        pairs[key] = Int16(next)
        return Int16(next)
    }

}
