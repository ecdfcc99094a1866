import TermTableCore
import TermTableLayout

extension TableView {
    /// Moves the cursor for a printable key no binding took, when the table has ``typeToJump``; true when the key
    /// was a letter it used (whether or not a row matched).
    ///
    /// The application calls it for the focused table after its own key bindings;
    /// call it yourself when the table is hosted some other way. In cell and column shape
    /// (``cursorShape``) with a ``TableViewColumnDataSource``, the rows are found by the text of the cursor's
    /// column; other tables use ``TypeToJump/text`` (the table cannot read one column of an arbitrary cell).
    @discardableResult
    public func handleTypeToJump(_ key: Key) -> Bool {
        guard let typeToJump, selectionMode != .none, key.modifiers.isEmpty, case .character(let character) = key.code,
            let scalar = character.unicodeScalars.first, scalar.value > 0x20, scalar.value != 0x7F,
            !(0x80..<0xA0).contains(scalar.value)
        else { return false }
        let (prefix, afterCursor) = typeToJump.type(character)
        if needsReload { loadMetrics() }
        let total = metrics.totalRows
        guard total > 0 else { return true }
        // Every row once, from the cursor's row (or the one after it) round to the one before.
        let first = state.cursor.map { metrics.globalRow(of: $0) + (afterCursor ? 1 : 0) } ?? 0
        // In cell and column shape, a column data source's text of the cursor's column is searched instead.
        let columnText = cursorColumnText()
        for offset in 0..<total {
            guard let indexPath = metrics.indexPath(forGlobalRow: (first + offset) % total) else { continue }
            let text = columnText.map { $0(indexPath) } ?? typeToJump.text(indexPath)
            if let text, text.lowercased().hasPrefix(prefix), isHighlightable(indexPath) {
                setCursor(indexPath)
                return true
            }
        }
        return true
    }

    /// The text of the cursor's column per row, from a column data source (nil in row shape or without one).
    private func cursorColumnText() -> ((IndexPath) -> String?)? {
        guard let index = cursorColumn, let source = columnDataSource else { return nil }
        let column = columnModel.columns[index]
        return { [unowned self] indexPath in source.tableView(self, textFor: column, at: indexPath).string }
    }
}
