import LogKit
import TermTable

extension LogViewer {
    /// Enter: pushes the entry screen of table row `row` (its whole entry) over the list, which keeps its cursor,
    /// filter, following and scroll.
    public func openEntry(atRow row: Int) {
        guard let app, row < rowCount, app.topScreen !== entryScreen else { return }
        let source = collectionRow(row)
        openRow = source
        entryView.text = ""  // the same entry again starts at its top too
        let entry = collection.entry(atRow: source)
        let lines = entry.isCut ? collection.lineCount(ofRow: source) : (entry.lineCount, true)
        entryView.text = Self.displayText(of: entry, lines: lines)
        entryScreen.title = "entry \(source + 1)"
        openEntryStatus = "entry \(source + 1) · \(Self.lineText(lines)) · \(entry.length) bytes"
        entryScreen.onPop = { [unowned self] in self.entryClosed() }
        app.push(entryScreen)
        // The keys in force on the entry screen, with the user's (its actions', Esc's, the text view's, the app's).
        entryHints = KeyHintBar.text(
            for: app.bindingsInForce.filter(\.showsInHintBar), width: Int.max / 2, separator: "  ")
        updateBars()
    }

    /// An entry's text for the entry view: tabs as four spaces, and a note when it was cut for display, with its
    /// lines shown of `lines` (all of them; the entry's own count when nil).
    nonisolated public static func displayText(of entry: LogEntry, lines: (count: Int, isExact: Bool)? = nil) -> String
    {
        var text = entry.text.replacing("\t", with: "    ")
        if entry.isCut {
            let all = lines ?? (entry.lineCount, true)
            text +=
                "\n… cut: \(LogFile.displayLimit / 1024) KiB shown of \(entry.length) bytes"
                + " (\(entry.lineCount) of \(lineText(all)))"
        }
        return text
    }

    /// "12 lines", or "at least 12 lines" when not all of them were counted.
    nonisolated static func lineText(_ lines: (count: Int, isExact: Bool)) -> String {
        (lines.isExact ? "" : "at least ") + "\(lines.count) \(lines.count == 1 ? "line" : "lines")"
    }

    /// q: back to the list (as Esc is).
    public func closeEntry() {
        guard let app, app.topScreen === entryScreen else { return }
        app.popScreen()
    }

    /// The entry screen was popped: the list is back as it was left, having gone on meanwhile as it does on screen
    /// (at the end it followed the entries appended; scrolled away, it counted them).
    func entryClosed() {
        openRow = nil
        updateBars()
    }

    /// The table row showing collection row `row`, nil when none does (filtered out, or gone).
    func tableRow(ofCollectionRow row: Int) -> Int? {
        guard let filteredRows else { return row < collection.count ? row : nil }
        var low = 0
        var high = filteredRows.count
        while low < high {
            let middle = (low + high) / 2
            if filteredRows[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low < filteredRows.count && filteredRows[low] == row ? low : nil
    }
}
