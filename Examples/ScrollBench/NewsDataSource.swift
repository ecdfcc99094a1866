import TermTable

/// The `--workload news` rows: a news reader's list, made on demand from `News.layout`.
///
/// Sections of 50 articles, each under a sticky header cell (`section`, the
/// feed's name and counts); every third article has a summary and takes two
/// lines (`news`), the others one (`compact`); the mark, title and age are set
/// per row like the reader does. Heights come from the delegate in O(1), so
/// nothing is kept per row: only the table's per-section counts grow with N.
@MainActor
final class NewsDataSource: TableViewDataSource, TableViewDelegate {
    /// Articles per section.
    static let sectionLength = 50
    let rows: Int
    let sections: Int

    init(rows: Int, library: LayoutLibrary, table: TableView) throws {
        self.rows = rows
        sections = (rows + NewsDataSource.sectionLength - 1) / NewsDataSource.sectionLength
        try table.registerCells(from: library)
    }

    func numberOfSections(in tableView: TableView) -> Int { sections }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        min(NewsDataSource.sectionLength, rows - section * NewsDataSource.sectionLength)
    }

    /// The article number of a row across all sections.
    static func article(_ indexPath: IndexPath) -> Int { indexPath.section * sectionLength + indexPath.row }

    /// True when the article has a summary (two lines).
    static func hasSummary(_ article: Int) -> Bool { article % 3 == 0 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let article = NewsDataSource.article(indexPath)
        let twoLines = NewsDataSource.hasSummary(article)
        let cell = tableView.dequeueReusableCell(withIdentifier: twoLines ? "news" : "compact", for: indexPath)
        cell.viewWithTag(1)?.isHidden = article % 4 == 0  // read articles lose the unread mark
        cell.viewWithTag(2, as: Label.self)?.text = Workload.title(article)
        cell.viewWithTag(3, as: Label.self)?.text = "\(article % 23 + 1)h"
        if twoLines {
            cell.viewWithTag(4, as: Label.self)?.text = Workload.sentence(UInt32(truncatingIfNeeded: article &* 7 &+ 1))
        }
        return cell
    }

    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewCell? {
        let cell = tableView.dequeueReusableCell(withIdentifier: "section", for: IndexPath(row: 0, section: section))
        cell.viewWithTag(1, as: Label.self)?.text = NewsDataSource.feedName(section)
        let count = self.tableView(tableView, numberOfRowsInSection: section)
        cell.viewWithTag(2, as: Label.self)?.text = "\(count / 3) unread · \(count)"
        return cell
    }

    /// The feed's name shown in section `section`'s header.
    static func feedName(_ section: Int) -> String {
        "Feed \(section): " + Workload.words[section % 32] + " " + Workload.words[(section / 32) % 32]
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight {
        .lines(NewsDataSource.hasSummary(NewsDataSource.article(indexPath)) ? 2 : 1)
    }

    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Int? { 1 }
}
