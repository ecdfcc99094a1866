import ProcessKit
import TermTable

extension ProcessViewer {
    /// How the filter's matched letters look in a command.
    static let matchStyle = Style(role: .highlight)

    /// A `proc` row for `id`.
    func cell(for id: ProcessID, at indexPath: IndexPath, in table: TableView) -> TableViewCell {
        let cell = table.dequeueReusableCell(withIdentifier: "proc", for: indexPath)
        guard let entry = list[id] else { return cell }
        func set(_ tag: Int, _ text: String) { cell.viewWithTag(tag, as: Label.self)?.text = text }
        set(1, String(entry.pid))
        set(2, String(entry.state))
        set(3, ProcessFormat.percent(entry.cpuPercent))
        set(4, ProcessFormat.bytes(entry.residentBytes))
        set(5, String(entry.threads))
        // Untrusted text: the label sanitises control characters when it draws. The filter's matches in the
        // command are underlined (the filter text starts with the command; ranges past it are dropped).
        // In the tree the command comes after its guides and disclosure mark (`├─▾ `).
        let match = isTreeMode ? outline?.filterMatch(for: id) : dataSource.filterMatch(for: id)
        let guides = isTreeMode ? outline?.prefix(for: id) ?? "" : ""
        if let match, let label = cell.viewWithTag(6, as: Label.self) {
            label.styledText =
                StyledText(guides)
                + StyledText(entry.command, highlighting: match.ranges, style: ProcessViewer.matchStyle)
        } else {
            set(6, guides + entry.command)
        }
        return cell
    }

    /// A `user` header for `user`'s section.
    func header(for user: String, in table: TableView) -> TableViewCell? {
        let cell = table.dequeueReusableCell(withIdentifier: "user", for: IndexPath(row: 0, section: 0))
        cell.viewWithTag(1, as: Label.self)?.text = user
        cell.viewWithTag(2, as: Label.self)?.text = sectionSummaries[user] ?? ""
        return cell
    }
}
