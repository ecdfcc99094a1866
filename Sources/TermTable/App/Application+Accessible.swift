import FoundationEssentials
import TermTableCore

extension Application {
    /// An announcement shown (``announce(_:)``): the view it is in, and whether its line was sent whole yet.
    struct Announcement {
        weak var view: View?
        var written = false
    }

    /// True when `environment` asks for the screen-reader mode (``isAccessible``): `TERMTABLE_ACCESSIBLE` set to
    /// `1`, `yes`, `true` or `on` (any case).
    public nonisolated static func isAccessibleMode(environment: [String: String]) -> Bool {
        guard let value = environment["TERMTABLE_ACCESSIBLE"]?.lowercased() else { return false }
        return ["1", "yes", "true", "on"].contains(value)
    }

    /// Whether the process's environment asks for the screen-reader mode.
    nonisolated static var isAccessibleInEnvironment: Bool {
        isAccessibleMode(environment: ProcessInfo.processInfo.environment)
    }

    /// ``isAccessible`` changed: the screen draws in the mode's glyphs or its own, everything is drawn again, and
    /// the tables' rows are configured again when the glyphs changed (an outline's guides are in its rows' text).
    func readerModeChanged() {
        let glyphs = screen.glyphs
        screen.setReaderMode(isAccessible)
        if screen.glyphs != glyphs {
            for shown in screenStack { Self.reloadTables(in: shown.view) }
            for overlay in overlays { Self.reloadTables(in: overlay.view) }
        }
        drawnScreens = []
        setNeedsDisplay()
    }

    /// Reloads every table in `view` and its subviews (cursor, selection and position kept).
    static func reloadTables(in view: View) {
        if let table = view as? TableView { table.reloadData() }
        for child in view.subviews { reloadTables(in: child) }
    }

    /// Tells the user `message` (a copy done or refused, a filter's count, an error), as
    /// `UIAccessibility.post(notification: .announcement, argument:)` does: it is shown in
    /// ``announcementView`` (the status line: a `Label`'s text is set to it), and in the screen-reader mode (``isAccessible``) the next frame
    /// sends that view's lines whole (``/TermTableCore/Screen/rewriteLine(_:)``, not only the cells that changed) with the
    /// terminal's cursor at its start, where it stays until the next key or click, so a screen reader speaks the
    /// whole message; then the cursor goes back to the table's row. Without an ``announcementView`` the message
    /// is not shown.
    ///
    /// An app that builds its status line from parts each frame (in ``willRender``), or draws a status view of its
    /// own, puts `message` among them: the line announced is the view's line as drawn.
    public func announce(_ message: String) {
        guard let view = announcementView else { return }
        if let label = view as? Label { label.text = message }
        announcement = Announcement(view: view)
        setNeedsDisplay()
    }

    /// Shows the hardware cursor where a screen reader should read: the line of an announcement not yet passed
    /// by a key, when it is on the top screen and no overlay covers it; else over an overlay, its focused element (``readerCursorPoint(in:)``); else the command palette's
    /// selected row; else the focused table's
    /// cursor row (or cell), unless the focused view is not a table (a text field places its own cursor) or the
    /// row is off screen.
    func showReaderCursor() {
        if let view = announcement?.view, !view.isHidden, view.frame.width > 0, view.frame.height > 0,
            overlays.isEmpty, shownScreens.last?.view === view.rootView
        {
            let origin = view.convertToScreen(.zero)
            if announcement?.written == false {
                for y in origin.y..<(origin.y + view.frame.height) { screen.rewriteLine(y) }
                announcement?.written = true
            }
            screen.setCursor(origin)
            return
        }
        if let overlay = overlays.last?.view {
            if let point = readerCursorPoint(in: overlay) { screen.setCursor(point) }
            return
        }
        if let palette = topScreen.view as? CommandPalette {  // a modal screen: its field has the focus
            if let point = palette.readerCursorPoint { screen.setCursor(point) }
            return
        }
        guard let table = focusedView as? TableView, let point = table.readerCursorPoint else { return }
        screen.setCursor(point)
    }

    /// Where the reader cursor goes while `overlay` covers the screen: a table's cursor
    /// row, nothing over a focused text field (a prompt line: the field shows its own cursor), else the overlay's
    /// first line inside its border (a dialog), or a help box's first entry.
    func readerCursorPoint(in overlay: View) -> Point? {
        if let table = focusedView as? TableView ?? Self.firstTable(in: overlay) { return table.readerCursorPoint }
        if focusedView is TextField { return nil }
        guard overlay.frame.width > 0, overlay.frame.height > 0 else { return nil }
        // A help box: its first entry shown (the line inside the border is blank).
        if let help = overlay as? HelpBox, !help.entries.isEmpty, overlay.frame.height > HelpBox.firstEntryOrigin.y {
            return overlay.convertToScreen(HelpBox.firstEntryOrigin)
        }
        let inset = overlay is Box && overlay.frame.width > 2 && overlay.frame.height > 2 ? 1 : 0
        return overlay.convertToScreen(Point(x: inset, y: inset))
    }

    /// The first table in `view` or its shown subviews, depth first.
    static func firstTable(in view: View) -> TableView? {
        if let table = view as? TableView { return table }
        for child in view.subviews where !child.isHidden {
            if let table = firstTable(in: child) { return table }
        }
        return nil
    }
}
