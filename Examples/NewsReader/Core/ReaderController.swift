import Foundation
import NewsKit
import TermTable
import TermTableLayouts

/// The list's data source and delegate: turns the ``ReaderModel`` into cells from `News.layout`.
@MainActor
public final class ReaderController: TableViewDataSource, TableViewDelegate {
    /// The feeds, read marks and filter, and the sections they make.
    public var model: ReaderModel
    /// Every article on one line (`v`).
    public var isCompact = false
    /// The current time, for ages.
    public let now: @Sendable () -> Date
    /// Called for Enter or a double click on an article.
    public var onOpen: (@MainActor (IndexPath) -> Void)?
    /// Called when the user moved the table's cursor (keys, clicks, the wheel).
    public var onCursorMove: (@MainActor () -> Void)?

    private let titleStyles: TitleStyles

    /// The title's style in the two article cells, as the template draws it and toned down for read articles.
    struct TitleStyles {
        var news: Style
        var compact: Style
        var readNews: Style
        var readCompact: Style
    }

    /// Creates a controller; `library` gives the title styles that read articles tone down.
    public init(model: ReaderModel, library: LayoutLibrary, now: @escaping @Sendable () -> Date) {
        self.model = model
        self.now = now
        let news = (try? NewsLayout.news.makeCell(from: library))?.title.textStyle ?? .plain
        let compact = (try? NewsLayout.compact.makeCell(from: library))?.title.textStyle ?? .plain
        titleStyles = TitleStyles(
            news: news, compact: compact, readNews: ReaderController.readStyle(from: news),
            readCompact: ReaderController.readStyle(from: compact))
    }

    /// A read title: the template's style without bold, dimmed.
    static func readStyle(from style: Style) -> Style {
        var style = style
        style.attributes.remove(.bold)
        style.attributes.insert(.dim)
        return style
    }

    // MARK: TableViewDataSource

    public func numberOfSections(in tableView: TableView) -> Int { model.sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        model.sections.indices.contains(section) ? model.sections[section].rows.count : 0
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        switch model.row(at: indexPath) ?? .notice("") {
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
        if let match = model.filter.match(article.title) {
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

    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewCell? {
        guard model.sections.indices.contains(section) else { return nil }
        let info = model.sections[section]
        let cell = tableView.dequeueReusableCell(NewsLayout.section, for: IndexPath(row: 0, section: section))
        cell.feed.text = info.title
        cell.counts.text = info.countsText
        return cell
    }

    // MARK: TableViewDelegate

    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool? {
        model.row(at: indexPath)?.isSelectable ?? false
    }

    public func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {
        onCursorMove?()
    }

    public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        guard model.article(at: indexPath) != nil else { return }
        onOpen?(indexPath)
    }
}
