import LogKit
import TermTable

extension LogViewer {
    /// The column an entry's message starts at in the `entry` template, as laid out 100 columns or wider (time,
    /// level and component before it).
    nonisolated public static let messageColumn = 52

    /// The widest message the rows are laid out for when scrolling sideways: a longer one is cut there.
    nonisolated public static let widestMessage = 4096

    /// Columns ← and → scroll by.
    nonisolated public static let horizontalStep = 8

    /// Turns on the table's sideways scrolling, as `less -S` does: ←/→ by ``horizontalStep`` columns, 0 and $
    /// to the start and the end; the column titles move with the rows. Not h and l (the toolkit's default):
    /// letters no key takes jump to a component (`h` to `http.server`).
    func setUpHorizontalScrolling() {
        table.allowsHorizontalScrolling = true
        table.horizontalStep = Self.horizontalStep
        table.horizontalScrollKeyBindings = HorizontalScrollCommand.defaultKeyBindings.filter { key, _ in
            key != Key("h") && key != Key("l")
        }
        table.horizontalContentWidth = Self.messageColumn
    }

    /// The columns the message gets in a row `width` columns wide, as Logs.layout lays it out: what the time,
    /// level and component leave; the component hidden below 60 columns, the time below 48.
    nonisolated public static func messageWidth(inRowOf width: Int) -> Int {
        let before = width >= 60 ? messageColumn : width >= 48 ? messageColumn - 19 : messageColumn - 19 - 25
        return max(0, width - before)
    }

    /// Lays the rows out as wide as the longest message on screen needs (at most ``widestMessage`` columns),
    /// the time, level and component shown before it: the table's
    /// ``/TermTable/TableView/horizontalContentWidth``, set before each frame. When every message on screen fits
    /// the view, the rows are laid out at its width, as without sideways scrolling (on a narrow screen the time
    /// and component hidden).
    func updateHorizontalContentWidth() {
        guard openRow == nil else { return }
        // The frames of this frame first (after a resize the table's width is new).
        root.layoutIfNeeded()
        var widest = 0
        for indexPath in table.indexPathsForVisibleRows where indexPath.row < rowCount {
            let message = shownMessage(ofRow: indexPath.row)
            // A message of more bytes than four times the cap is wider than the cap: not measured.
            let width =
                message.utf8.count > 4 * Self.widestMessage ? Self.widestMessage : TerminalText.width(of: message)
            widest = max(widest, width)
        }
        let view = table.contentWidth
        let fits = widest <= Self.messageWidth(inRowOf: view)
        let width = fits ? view : Self.messageColumn + min(widest, Self.widestMessage)
        if table.horizontalContentWidth != width { table.horizontalContentWidth = width }
    }
}
