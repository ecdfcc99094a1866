import FoundationEssentials
import TermTableCore

extension Application {
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

    /// Shows the hardware cursor where a screen reader should read: the focused table's cursor row (or cell),
    /// unless the focused view is not a table (a text field places its own cursor) or the row is off screen.
    func showReaderCursor() {
        guard let table = focusedView as? TableView, let point = table.readerCursorPoint else { return }
        screen.setCursor(point)
    }
}
