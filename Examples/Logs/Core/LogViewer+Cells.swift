import LogKit
import TermTable

extension LogViewer {
    /// How a level looks: errors red, warnings yellow, the rest quieter.
    nonisolated public static func style(of level: LogLevel) -> Style {
        switch level {
        case .fatal: Style(role: .error, attributes: [.bold, .reverse])
        case .error: Style(role: .error, attributes: .bold)
        case .warn: Style(role: .warning, attributes: .bold)
        case .info: Style(role: .success)
        case .debug: Style(role: .info)
        case .trace, .unknown: Style(attributes: .dim)
        }
    }

    /// How the filter's matched letters look in a message.
    static let matchStyle = Style(role: .highlight)

    /// An `entry` row for table row `row`: the entry's first line in parts; "+N" lines after a multi-line
    /// message.
    func cell(forRow row: Int, at indexPath: IndexPath, in table: TableView) -> TableViewCell {
        let expanded = expandedRows.contains(collectionRow(row))
        let cell = table.dequeueReusableCell(withIdentifier: expanded ? "expanded" : "entry", for: indexPath)
        func set(_ tag: Int, _ text: String) { cell.viewWithTag(tag, as: Label.self)?.text = text }
        if isGapRow(row) {
            // The bytes between the entries found from the start and those found from the end.
            set(1, "…")
            cell.viewWithTag(2, as: Label.self)?.text = ""
            set(3, "")
            set(4, shownMessage(ofRow: row))
            return cell
        }
        let entry = entry(atRow: row)
        set(1, entry.time)
        cell.viewWithTag(2, as: Label.self)?.styledText = StyledText(
            entry.level.name, style: Self.style(of: entry.level))
        set(3, entry.component)
        if expanded {
            // Untrusted text: the label sanitises control characters when it draws.
            let rest = entry.text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            cell.viewWithTag(5, as: Label.self)?.text = rest.joined(separator: "\n")
                .replacing("\t", with: "    ")
        }
        let message = shownMessage(ofRow: row)
        let label = cell.viewWithTag(4, as: Label.self)
        if !filterQuery.isEmpty, let match = FuzzyQuery(filterQuery).match(message) {
            label?.styledText = StyledText(message, highlighting: match.ranges, style: Self.matchStyle)
        } else {
            label?.text = message
        }
        return cell
    }

    /// True when table row `row` stands for the bytes not indexed yet (a single file, not filtering).
    func isGapRow(_ row: Int) -> Bool {
        filteredRows == nil && !collection.isMerged && collection.files[0].gapRow == row
    }

    /// The message column of table row `row` as its row shows it: the first line (tabs as four spaces), "+N
    /// lines" after a multi-line entry not expanded, a note when cut; for the gap row, how much is not indexed.
    func shownMessage(ofRow row: Int) -> String {
        if isGapRow(row) {
            let megabytes = (collection.files[0].range(ofRow: row).length + (1 << 19)) >> 20
            return "\(megabytes) MB not indexed yet (the title says how far indexing is)"
        }
        let entry = entry(atRow: row)
        // Untrusted text: the label sanitises control characters when it draws.
        var message = entry.message
        if message.utf8.contains(0x09) { message = message.replacing("\t", with: "    ") }
        if entry.lineCount > 1, !expandedRows.contains(collectionRow(row)) {
            // A cut entry's lines are those of its first 64 KiB (all of them are counted when it is opened).
            let shown = entry.isCut ? " in the first \(LogFile.displayLimit / 1024) KiB" : ""
            message += "  (+\(entry.lineCount - 1) lines\(shown))"
        }
        if entry.isCut { message += "  (cut, \(entry.length) bytes)" }
        return message
    }

    /// Space: the cursor's entry expanded into its lines (one with continuation lines only), or back to one line.
    public func toggleExpansion() {
        guard openRow == nil, let row = cursorRow, row < rowCount else { return }
        let source = collectionRow(row)
        if expandedRows.remove(source) == nil {
            guard collection.files.count > 1 || collection.files[0].gapRow != source else { return }
            guard entry(atRow: row).lineCount > 1 else {
                message = "one line: nothing to expand"
                updateBars()
                return
            }
            expandedRows.insert(source)
        }
        table.reloadRows(at: [IndexPath(row: row, section: 0)])
        // The cursor's row grown: all of it shown, the bottom line if it is taller than the view.
        table.scrollToRow(at: IndexPath(row: row, section: 0))
        app?.setNeedsDisplay()
    }

    /// Type-to-jump's text of row `row`: its component (nil far from the cursor: each row looked at is a read).
    func jumpText(at row: Int) -> String? {
        if let cursorRow, abs(row - cursorRow) > Self.typeToJumpReach { return nil }
        return entry(atRow: row).component
    }
}
