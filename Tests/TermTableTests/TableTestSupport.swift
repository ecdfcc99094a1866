import Foundation

@testable import TermTable

/// A data source of sections of numbered rows, with optional headers, built from code cells or templates.
@MainActor
final class NumbersSource: TableViewDataSource, TableViewDelegate {
    var sections: [[String]]
    var titles: [String?]
    var identifier: (IndexPath) -> String = { _ in "basic" }
    var events: [String] = []
    var heights: [IndexPath: Int] = [:]
    var unselectable: Set<IndexPath> = []

    init(sections: [[String]], titles: [String?] = []) {
        self.sections = sections
        self.titles = titles
    }

    convenience init(rows: Int) {
        self.init(sections: [(0..<rows).map { "Row \($0)" }])
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section < titles.count ? titles[section] : nil
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier(indexPath), for: indexPath)
        let text = sections[indexPath.section][indexPath.row]
        if let basic = cell as? BasicCell {
            basic.textLabel.text = text
            basic.detailTextLabel.text = ""
        } else {
            cell.viewWithTag(1, as: Label.self)?.text = text
            cell.viewWithTag(2, as: Label.self)?.text = "#\(indexPath.row)"
        }
        cell.isSelectable = !unselectable.contains(indexPath)
        return cell
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight {
        heights[indexPath].map(RowHeight.lines) ?? .template
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { events.append("select \(indexPath)") }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        events.append("deselect \(indexPath)")
    }
    func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        events.append("activate \(indexPath)")
    }
    func tableViewDidClearSelection(_ tableView: TableView) { events.append("cleared") }
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
        events.append("accessory \(indexPath)")
    }
}

/// A two-field template: a stretching title (tag 1) and a right-pinned 4-column field (tag 2), designed at 30 columns.
@MainActor
func rowTemplate(identifier: String = "row", height: Int = 1, accessory: CellAccessory = .none) -> CellTemplate {
    let location = LayoutLocation(file: "test", line: 1, column: 1)
    var views = [
        ViewSpec(
            tag: 1, name: "title", kind: .label, frame: Rect(x: 0, y: 0, width: 25, height: 1),
            autoresizing: .flexibleWidth, location: location),
        ViewSpec(
            tag: 2, name: "detail", kind: .label, frame: Rect(x: 26, y: 0, width: 4, height: 1),
            autoresizing: .flexibleLeftMargin, location: location),
    ]
    views[1].properties.alignment = .right
    return CellTemplate(
        spec: CellSpec(
            identifier: identifier, width: 30, height: height, accessory: accessory,
            views: views, location: location))
}

/// A table of `width` x `height` over `source`, with the `basic` class and `row` template registered.
@MainActor
func makeTable(_ source: NumbersSource, width: Int = 30, height: Int = 5) -> TableView {
    let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: height))
    table.showsScrollIndicator = false
    table.register(BasicCell.self, forCellReuseIdentifier: "basic")
    table.register(template: rowTemplate(), forCellReuseIdentifier: "row")
    table.delegate = source
    table.dataSource = source
    return table
}
