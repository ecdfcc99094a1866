internal import CNcursesw
import FoundationEssentials
import TermTableCore

extension CursesScreen {
    /// Turns the screen-reader mode's drawing on or off (``Application/isAccessible`` calls it): blinking text
    /// drawn steady, and the glyphs decided again with the mode
    /// (``/TermTableCore/ScreenGlyphs/init(environment:terminalHasLineDrawing:readerMode:)``: spaces and plain rules,
    /// unless ``Options/glyphs`` or `TERMTABLE_ASCII` chose them). Cells already drawn keep their glyphs until
    /// they are drawn again.
    public func setReaderMode(_ on: Bool) {
        var environment = ProcessInfo.processInfo.environment
        environment["TERMTABLE_ACCESSIBLE"] = nil  // the mode is `on`, whatever the environment said at start
        drawsBlink = !on
        glyphs =
            chosenGlyphs
            ?? ScreenGlyphs(environment: environment, terminalHasLineDrawing: terminalHasLineDrawing, readerMode: on)
        forgetLastStyle()
    }

    /// Makes the next ``flush()`` write line `y` whole (ncurses' `wredrawln`: the terminal's copy of the line is
    /// taken as lost, so it is cleared and every cell of it is sent again, not only the cells that changed), so a
    /// screen reader that speaks new text hears all of it (``Application/announce(_:)``).
    public func rewriteLine(_ y: Int) {
        guard y >= 0, y < size.height else { return }
        set_term(screen)
        wredrawln(window, Int32(y), 1)
    }
}
