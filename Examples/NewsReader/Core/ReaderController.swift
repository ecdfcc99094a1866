import Foundation
import NewsKit
import TermTable
import TermTableLayouts

/// The list's diffable data source and delegate: turns the ``ReaderModel`` into cells from `News.layout`, and
/// filters them with the table's fuzzy filter.
///
/// The table's rows are ``ReaderItem``s, places in the model's sections; the
/// filter (``setFilter(_:)``) is the data source's
/// ``TermTable/TableViewDiffableDataSource/setFilter(query:)`` over the article
/// titles, in list order. Loading, error and notice rows have no text to match,
/// so a filter hides them with the feeds that have no match: they show only
/// unfiltered. The methods taking a `row` take the table's index paths, which
/// differ from the model's while a filter hides rows.
@MainActor
public final class ReaderController: TableViewDelegate {
    /// The feeds and read marks, and the sections they make; ``apply()`` shows them.
    public var model: ReaderModel
    /// Every article on one line (`v`).
    public var isCompact = false
    /// The current time, for ages.
    public let now: @Sendable () -> Date
    /// Called for Enter or a double click on an article.
    public var onOpen: (@MainActor (IndexPath) -> Void)?
    /// Called when the user moved the table's cursor (keys, clicks, the wheel).
    public var onCursorMove: (@MainActor () -> Void)?
    /// The rows, by their place in the model.
    public private(set) var dataSource: TableViewDiffableDataSource<Int, ReaderItem>!
    /// The filter as typed after `/`, "" when none.
    public private(set) var filterText = ""

    /// The typed filter, to highlight the letters a title matches as written (nil: no filter).
    private var highlightQuery: FuzzyQuery?
    private let titleStyles: TitleStyles

    /// The title's style in the two article cells, as the template draws it and toned down for read articles.
    struct TitleStyles {
        var news: Style
        var compact: Style
        var readNews: Style
        var readCompact: Style
    }

    /// Creates a controller showing `model` in `tableView`; `library` gives the title styles that read articles
    /// tone down.
    public init(
        model: ReaderModel, tableView: TableView, library: LayoutLibrary, now: @escaping @Sendable () -> Date
    ) {
        self.model = model
        self.now = now
        let news = (try? NewsLayout.news.makeCell(from: library))?.title.textStyle ?? .plain
        let compact = (try? NewsLayout.compact.makeCell(from: library))?.title.textStyle ?? .plain
        titleStyles = TitleStyles(
            news: news, compact: compact, readNews: ReaderController.readStyle(from: news),
            readCompact: ReaderController.readStyle(from: compact))
        dataSource = TableViewDiffableDataSource(tableView: tableView) { [unowned self] table, indexPath, item in
            self.cell(for: item, at: indexPath, in: table)
        }
        dataSource.headerProvider = { [unowned self] table, index, section in
            self.header(for: section, at: index, in: table)
        }
        // Titles with their accents taken off (the query too), so `cafe` finds "Café"; other rows match nothing.
        dataSource.filterText = { [unowned self] item in
            guard let article = self.model.article(at: item.indexPath) else { return "" }
            return ReaderController.folded(article.title)
        }
        dataSource.filterOrder = .items
        tableView.delegate = self
        apply()
    }

    /// A read title: the template's style without bold, dimmed.
    static func readStyle(from style: Style) -> Style {
        var style = style
        style.attributes.remove(.bold)
        style.attributes.insert(.dim)
        return style
    }

    /// `text` without its accents.
    static func folded(_ text: String) -> String {
        text.folding(options: .diacriticInsensitive, locale: nil)
    }

    // MARK: Showing the model

    /// Shows the model's sections (the filter in force runs on them again); the cursor follows its row's place.
    public func apply() {
        var snapshot = TableSnapshot<Int, ReaderItem>()
        for (index, section) in model.sections.enumerated() {
            snapshot.appendSections([index])
            var items: [ReaderItem] = []
            items.reserveCapacity(section.rows.count)
            for row in section.rows.indices { items.append(ReaderItem(IndexPath(row: row, section: index))) }
            snapshot.appendItems(items, toSection: index)
        }
        dataSource.apply(snapshot, keepingCursorLine: true)
    }

    /// Shows only the articles whose title matches `text` as a ``/TermTableCore/FuzzyQuery`` (the letters in order,
    /// smart case, space-separated terms, accents ignored), in list order; "" shows every row again.
    ///
    /// The matched letters of a title that matches as written are underlined.
    public func setFilter(_ text: String) {
        let query = FuzzyQuery(text)
        // A query of spaces finds everything: no filter.
        let text = query.isEmpty ? "" : text
        guard text != filterText else { return }
        filterText = text
        highlightQuery = query.isEmpty ? nil : query
        if query.isEmpty {
            dataSource.clearFilter()
        } else {
            dataSource.setFilter(query: ReaderController.folded(text))
        }
    }

    /// True while a filter hides rows.
    public var isFiltering: Bool { dataSource.isFiltering }

    // MARK: Rows of the table

    /// The model's place of the table's `row`.
    public func modelPath(ofRow row: IndexPath) -> IndexPath? { dataSource.itemIdentifier(for: row)?.indexPath }

    /// The table's row showing the model's `path`, nil when the filter hides it.
    public func row(ofModelPath path: IndexPath) -> IndexPath? { dataSource.indexPath(for: ReaderItem(path)) }

    /// What the table's `row` shows.
    public func readerRow(at row: IndexPath) -> ReaderRow? { modelPath(ofRow: row).flatMap(model.row(at:)) }

    /// The article at the table's `row`, nil for other rows.
    public func article(at row: IndexPath) -> Article? { readerRow(at: row)?.article }

    /// The table's row showing the article with `id` (the first shown, when two feeds share it).
    public func row(ofArticle id: String) -> IndexPath? {
        for path in model.indexPaths(ofArticle: id) {
            if let row = row(ofModelPath: path) { return row }
        }
        return nil
    }

    /// The first article the table shows.
    public var firstArticleRow: IndexPath? {
        // Filtered, the table shows only articles; unfiltered, its rows are the model's.
        guard isFiltering else { return model.firstArticle }
        return dataSource.snapshot().numberOfItems > 0 ? IndexPath(row: 0, section: 0) : nil
    }

    /// How many articles the table shows.
    public var shownArticleCount: Int {
        isFiltering ? dataSource.snapshot().numberOfItems : model.articlePaths.count
    }

    /// The 1-based position of the article at the table's `row` among the articles shown, and their number.
    public func position(ofRow row: IndexPath?) -> (index: Int, count: Int) {
        guard isFiltering else { return model.position(of: row.flatMap(modelPath(ofRow:))) }
        let snapshot = dataSource.snapshot()
        let count = snapshot.numberOfItems
        guard let row, row.section < snapshot.numberOfSections, article(at: row) != nil else { return (0, count) }
        var index = row.row + 1
        for section in 0..<row.section { index += snapshot.itemsBySection[section].count }
        return (index, count)
    }

    /// The table's row of the next unread article shown after the table's `row`, wrapping to the top.
    public func nextUnread(afterRow row: IndexPath?) -> IndexPath? {
        let start = row.flatMap(modelPath(ofRow:))
        let next =
            isFiltering
            ? model.nextUnread(after: start) { self.row(ofModelPath: $0) != nil } : model.nextUnread(after: start)
        return next.flatMap(row(ofModelPath:))
    }

    // MARK: Cells

    /// The cell of `item`, at the table's `indexPath`.
    func cell(for item: ReaderItem, at indexPath: IndexPath, in tableView: TableView) -> TableViewCell {
        switch model.row(at: item.indexPath) ?? .notice("") {
        case .article(let article, let isRead) where isCompact || article.summary.isEmpty:
            let cell = tableView.dequeueReusableCell(NewsLayout.compact, for: indexPath)
            configure(
                mark: cell.mark, title: cell.title, age: cell.age, article: article, isRead: isRead,
                titleStyle: isRead ? titleStyles.readCompact : titleStyles.compact)
            return cell
        case .article(let article, let isRead):
            let cell = tableView.dequeueReusableCell(NewsLayout.news, for: indexPath)
            configure(
                mark: cell.mark, title: cell.title, age: cell.age, article: article, isRead: isRead,
                titleStyle: isRead ? titleStyles.readNews : titleStyles.news)
            cell.summary.text = ReaderController.oneLine(article.summary)
            return cell
        case .loading:
            let cell = tableView.dequeueReusableCell(NewsLayout.notice, for: indexPath)
            cell.text.text = "loading…"
            return cell
        case .notice(let text):
            let cell = tableView.dequeueReusableCell(NewsLayout.notice, for: indexPath)
            cell.text.text = text
            return cell
        case .error(let reason):
            let cell = tableView.dequeueReusableCell(NewsLayout.error, for: indexPath)
            cell.reason.text = reason
            return cell
        }
    }

    /// The fields an article row has in both of its cells.
    private func configure(mark: Glyph, title: Label, age: Label, article: Article, isRead: Bool, titleStyle: Style) {
        mark.isHidden = isRead
        if let match = highlightQuery?.match(article.title) {
            title.styledText = StyledText(article.title, highlighting: match.ranges, style: ReaderController.matchStyle)
        } else {
            title.text = article.title
        }
        title.textStyle = titleStyle
        age.text = RelativeAge.string(from: article.published, now: now())
    }

    /// How the filter's matched letters look in a title: underlined, over the title's own style.
    static let matchStyle = Style(attributes: .underline)

    /// The summary's paragraphs joined on one line.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The header of the model's `section`: the feed's title and counts (over all its articles, whatever the filter).
    func header(for section: Int, at index: Int, in tableView: TableView) -> TableViewCell? {
        guard model.sections.indices.contains(section) else { return nil }
        let info = model.sections[section]
        let cell = tableView.dequeueReusableCell(NewsLayout.section, for: IndexPath(row: 0, section: index))
        cell.feed.text = info.title
        cell.counts.text = info.countsText
        return cell
    }

    // MARK: TableViewDelegate

    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool? {
        readerRow(at: indexPath)?.isSelectable ?? false
    }

    public func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {
        onCursorMove?()
    }

    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        guard article(at: indexPath) != nil else { return }
        onOpen?(indexPath)
    }
}
