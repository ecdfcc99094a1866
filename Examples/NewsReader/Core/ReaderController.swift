import Foundation
import NewsKit
import TermTable

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

    private let unreadTitleStyle: [String: Style]
    private let readTitleStyle: [String: Style]

    /// Creates a controller; `library` gives the title styles that read articles tone down.
    public init(model: ReaderModel, library: LayoutLibrary, now: @escaping @Sendable () -> Date) {
        self.model = model
        self.now = now
        var unread: [String: Style] = [:], read: [String: Style] = [:]
        for identifier in [ReaderCells.article, ReaderCells.compact] {
            let style = ReaderCells.templateStyle(library, identifier, tag: ReaderCells.ArticleTag.title)
            unread[identifier] = style
            read[identifier] = ReaderController.readStyle(from: style)
        }
        unreadTitleStyle = unread
        readTitleStyle = read
    }

    /// A read title: the template's style without bold, dimmed.
    static func readStyle(from style: Style) -> Style {
        var style = style
        style.attributes.remove(.bold)
        style.attributes.insert(.dim)
        return style
    }

    /// The cell identifier for a row.
    public func identifier(for row: ReaderRow) -> String {
        switch row {
        case .article(let article, _):
            return isCompact || article.summary.isEmpty ? ReaderCells.compact : ReaderCells.article
        case .loading, .notice: return ReaderCells.notice
        case .error: return ReaderCells.error
        }
    }

    // MARK: TableViewDataSource

    public func numberOfSections(in tableView: TableView) -> Int { model.sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        model.sections.indices.contains(section) ? model.sections[section].rows.count : 0
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = model.row(at: indexPath) ?? .notice("")
        let identifier = identifier(for: row)
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        switch row {
        case .article(let article, let isRead):
            configure(cell, identifier: identifier, article: article, isRead: isRead)
        case .loading:
            cell.viewWithTag(ReaderCells.NoticeTag.text, as: Label.self)?.text = "loading…"
        case .notice(let text):
            cell.viewWithTag(ReaderCells.NoticeTag.text, as: Label.self)?.text = text
        case .error(let reason):
            cell.viewWithTag(ReaderCells.ErrorTag.reason, as: Label.self)?.text = reason
        }
        return cell
    }

    private func configure(_ cell: TableViewCell, identifier: String, article: Article, isRead: Bool) {
        cell.viewWithTag(ReaderCells.ArticleTag.mark)?.isHidden = isRead
        if let title = cell.viewWithTag(ReaderCells.ArticleTag.title, as: Label.self) {
            title.text = article.title
            title.textStyle = (isRead ? readTitleStyle[identifier] : unreadTitleStyle[identifier]) ?? .plain
        }
        cell.viewWithTag(ReaderCells.ArticleTag.age, as: Label.self)?.text = RelativeAge.string(from: article.published, now: now())
        cell.viewWithTag(ReaderCells.ArticleTag.summary, as: Label.self)?.text = ReaderController.oneLine(article.summary)
    }

    /// The summary's paragraphs joined on one line.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewCell? {
        guard model.sections.indices.contains(section) else { return nil }
        let info = model.sections[section]
        let cell = tableView.dequeueReusableCell(withIdentifier: ReaderCells.section, for: IndexPath(row: 0, section: section))
        cell.viewWithTag(ReaderCells.SectionTag.title, as: Label.self)?.text = info.title
        cell.viewWithTag(ReaderCells.SectionTag.counts, as: Label.self)?.text = info.countsText
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
