import TermTable

/// Enter's sheet: a row as a record, `name : value` a line (names padded to the longest, at most 24), wrapped, on a
/// screen of its own (a breadcrumb, the record, a status line) pushed over a grid; Esc pops it back to the grid as
/// it was left. The CSV grid (``TableViewer``) and the SQLite grid (``SQLiteViewer``) both show their rows on one.
@MainActor
public final class RecordSheet {
    /// The record.
    public let textView = TextView()
    /// The bottom line.
    public let statusLine = Label()
    /// The screen pushed over the grid.
    public let screen: AppScreen

    /// An empty sheet.
    public init() {
        screen = AppScreen(VStack([Breadcrumb(), .fill(textView), statusLine]), title: "record")
        statusLine.textStyle = .dim
    }

    /// Pushes the sheet titled `title` showing `text` over the screen on top of `app`; `onPop` runs when Esc pops it.
    public func show(_ text: StyledText, title: String, in app: Application, onPop: @escaping @MainActor () -> Void) {
        textView.text = ""
        textView.styledText = text
        screen.title = title
        screen.onPop = onPop
        app.push(screen)
    }

    /// A record's text: `name : value` a line for each of `values` (a value may have runs of its own style: a dim
    /// `NULL`), names padded to the longest (at most 24); a value past `names` is named `(extra N)`, a name past
    /// `values` gets `(missing)`; then each of `notes` on a line of its own. Names are sanitised; values are the
    /// caller's (the text view makes controls visible).
    nonisolated public static func text(names: [String], values: [StyledText], notes: [String] = []) -> StyledText {
        let pad = min(24, names.map { TerminalText.width(of: TerminalText.sanitize($0)) }.max() ?? 0)
        var text = StyledText()
        for index in 0..<max(names.count, values.count) {
            if index > 0 { text.append("\n") }
            let name = index < names.count ? names[index] : "(extra \(index + 1 - names.count))"
            let shownName = TerminalText.sanitize(name)
            let padding = String(repeating: " ", count: max(0, pad - TerminalText.width(of: shownName)))
            text.append(shownName + padding + " : ")
            text.append(index < values.count ? values[index] : "(missing)")
        }
        for note in notes { text.append("\n" + note) }
        return text
    }
}
