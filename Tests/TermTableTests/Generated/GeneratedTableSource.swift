import Foundation
import TermTableTesting

@testable import TermTable

/// The data source and delegate of a generated case: sections of rows of several cell kinds, headers, heights, selectability.
@MainActor
final class GeneratedTableSource: TableViewDataSource, TableViewDelegate {
    let kinds: [GeneratedTableCase.Kind]
    let delegateHeights: Bool
    let selectableByDelegate: Bool
    /// The data as the app holds it.
    var sections: [GeneratedTableCase.Section]
    /// While filtered, every section shows no rows.
    var filtered = false
    var revision = 0
    /// Every cell object handed out or shown, by reuse identifier (kept alive so identities are not recycled).
    var seenCells: [String: [ObjectIdentifier: TableViewCell]] = [:]

    init(_ c: GeneratedTableCase) {
        kinds = c.kinds
        delegateHeights = c.delegateHeights
        selectableByDelegate = c.selectableByDelegate
        sections = c.sections
    }

    /// The rows the table is shown (none while filtered).
    func rows(_ section: Int) -> [GeneratedTableCase.Row] {
        filtered || section >= sections.count ? [] : sections[section].rows
    }

    func row(_ indexPath: IndexPath) -> GeneratedTableCase.Row? {
        let rows = rows(indexPath.section)
        return indexPath.row >= 0 && indexPath.row < rows.count ? rows[indexPath.row] : nil
    }

    /// Times each row (by id) was edited and reloaded alone (`reloadRow`): an auto-height row's text grows or shrinks.
    var edits: [Int: Int] = [:]
    /// The mapping of the scroll indicator hook (``GeneratedTableCase/Op/setExtent(_:)``), nil: counted.
    var extentMapping: Int?
    /// The width auto-height rows are measured at (the table's ``TableView/contentWidth``).
    var contentWidth = 0

    /// The text of an auto-height row: words of lengths from its id and edits, so rows wrap to many line counts.
    func autoText(_ row: GeneratedTableCase.Row) -> String {
        let edit = edits[row.id] ?? 0
        let count = (row.id &* 37 &+ edit &* 11) % 24
        let words = (0..<count).map {
            String(repeating: Array("abcdefgh")[(row.id + $0) % 8], count: 1 + (row.id + $0 * 3) % 9)
        }
        return (["r\(row.id)"] + words).joined(separator: " ")
    }

    /// The height the row should have on screen: the delegate's, else an auto kind's wrapped text (at least its
    /// canvas), else the kind's template height.
    func expectedHeight(_ row: GeneratedTableCase.Row) -> Int {
        if delegateHeights, let h = row.height { return h }
        let kind = kinds[row.kind]
        if kind.auto { return max(kind.height, TerminalText.wrap(autoText(row), width: contentWidth).count) }
        return kind.height
    }

    func record(_ cell: TableViewCell) {
        seenCells[cell.reuseIdentifier ?? "?", default: [:]][ObjectIdentifier(cell)] = cell
    }

    func numberOfSections(in tableView: TableView) -> Int { filtered ? sections.count : sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows(section).count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let row = row(indexPath) else {
            // The data changed under the table: a placeholder, as a defensive app would give.
            let cell = tableView.dequeueReusableCell(withIdentifier: "k0", for: indexPath)
            cell.viewWithTag(1, as: Label.self)?.text = "missing \(indexPath)"
            record(cell)
            return cell
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "k\(row.kind)", for: indexPath)
        cell.viewWithTag(1, as: Label.self)?.text =
            kinds[row.kind].auto
            ? autoText(row) : "r\(row.id) v\(revision) \(String(repeating: "x", count: row.id % 9))"
        cell.isSelectable = selectableByDelegate ? true : row.selectable
        record(cell)
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        guard section < sections.count, sections[section].header == .title else { return nil }
        return "Section \(section) " + String(repeating: "=", count: section * 3)
    }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewCell? {
        guard section < sections.count, case .custom(let height) = sections[section].header else { return nil }
        let cell = tableView.dequeueReusableCell(withIdentifier: "h\(height)", for: IndexPath(row: 0, section: section))
        cell.viewWithTag(1, as: Label.self)?.text = "Header \(section)"
        record(cell)
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight {
        (delegateHeights ? row(indexPath)?.height : nil).map(RowHeight.lines) ?? .template
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Int? {
        guard delegateHeights, section < sections.count else { return nil }
        switch sections[section].header {
        case .none: return 0
        case .title: return 1
        case .custom(let h): return h
        }
    }
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool? {
        selectableByDelegate ? (row(indexPath)?.selectable ?? true) : nil
    }
}
