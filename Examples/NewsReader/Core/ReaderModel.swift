import Foundation
import NewsKit
import TermTable

/// The reader's state as plain values: the feeds and the read marks, and the sections they make.
///
/// Everything the list holds is computed here, without a terminal: the
/// sections and their rows, the counts, the position of a row among the
/// articles, and where the next unread article is. The filter is not here: it
/// is the table's (``ReaderController/setFilter(_:)``), over these sections.
/// Changing the feeds or the whole set of read marks rebuilds the sections; marking one
/// article (`setRead(_:_:)`) only patches its rows and the counts, so it costs
/// the same with sixty thousand articles as with sixty.
public struct ReaderModel: Sendable {
    /// The feeds, one group per source given (an OPML list becomes several feeds).
    public var groups: [[FeedSlot]] { didSet { if !isPatching { rebuild() } } }
    /// The ids of the articles marked read.
    public var readIDs: Set<String> { didSet { if !isPatching { rebuild() } } }
    /// The sections, one per feed (or one note when there is no feed).
    public private(set) var sections: [ReaderSection] = []
    /// Counts over every loaded feed.
    public private(set) var counts = ReaderCounts()
    /// Where the articles are, in list order.
    public private(set) var articlePaths: [IndexPath] = []

    /// The rows showing each article id.
    private var rowsByID: [String: [IndexPath]] = [:]
    /// How many times each article id occurs in the loaded feeds.
    private var occurrences: [String: Int] = [:]
    private var isPatching = false

    /// Creates a model.
    public init(groups: [[FeedSlot]] = [], readIDs: Set<String> = []) {
        self.groups = groups
        self.readIDs = readIDs
        rebuild()
    }

    /// Every feed, in order.
    public var slots: [FeedSlot] { groups.flatMap { $0 } }

    private mutating func rebuild() {
        let slots = self.slots
        sections = ReaderModel.sections(slots: slots, readIDs: readIDs)
        var counts = ReaderCounts()
        var occurrences: [String: Int] = [:]
        for slot in slots {
            counts.feeds += 1
            switch slot {
            case .loading: counts.loading += 1
            case .failed: counts.failed += 1
            case .loaded(let feed):
                counts.articles += feed.items.count
                for item in feed.items {
                    occurrences[item.id, default: 0] += 1
                    if !readIDs.contains(item.id) { counts.unread += 1 }
                }
            }
        }
        self.counts = counts
        self.occurrences = occurrences
        var paths: [IndexPath] = []
        var rowsByID: [String: [IndexPath]] = [:]
        for (s, section) in sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                guard let article = row.article else { continue }
                let path = IndexPath(row: r, section: s)
                paths.append(path)
                rowsByID[article.id, default: []].append(path)
            }
        }
        articlePaths = paths
        self.rowsByID = rowsByID
    }

    /// Makes several changes (feeds, marks) and rebuilds the sections once.
    public mutating func batch(_ changes: (inout ReaderModel) -> Void) {
        isPatching = true
        changes(&self)
        isPatching = false
        rebuild()
    }

    /// Marks one article read or unread, patching its rows, its sections' counts and the totals.
    public mutating func setRead(_ id: String, _ isRead: Bool) {
        guard readIDs.contains(id) != isRead else { return }
        isPatching = true
        if isRead { readIDs.insert(id) } else { readIDs.remove(id) }
        isPatching = false
        counts.unread += (isRead ? -1 : 1) * (occurrences[id] ?? 0)
        for path in rowsByID[id] ?? [] {
            guard case .article(let article, _) = sections[path.section].rows[path.row] else { continue }
            sections[path.section].rows[path.row] = .article(article, isRead: isRead)
            if case .articles(let unread, let total) = sections[path.section].status {
                sections[path.section].status = .articles(unread: unread + (isRead ? -1 : 1), total: total)
            }
        }
    }

    /// The sections for `slots`: a feed's articles, a loading or error row, or a note.
    public static func sections(slots: [FeedSlot], readIDs: Set<String>) -> [ReaderSection] {
        var sections: [ReaderSection] = []
        for slot in slots {
            switch slot {
            case .loading:
                sections.append(ReaderSection(title: slot.title, status: .loading, rows: [.loading]))
            case .failed(_, let reason):
                sections.append(ReaderSection(title: slot.title, status: .failed, rows: [.error(reason)]))
            case .loaded(let feed):
                guard !feed.items.isEmpty else {
                    sections.append(
                        ReaderSection(
                            title: slot.title, status: .articles(unread: 0, total: 0),
                            rows: [.notice("no articles in this feed")]))
                    continue
                }
                let rows = feed.items.map { ReaderRow.article($0, isRead: readIDs.contains($0.id)) }
                let unread = rows.filter { if case .article(_, false) = $0 { true } else { false } }.count
                sections.append(
                    ReaderSection(
                        title: slot.title, status: .articles(unread: unread, total: rows.count),
                        rows: rows))
            }
        }
        if sections.isEmpty {
            sections.append(ReaderSection(title: "news", status: .note, rows: [.notice("no feeds to show")]))
        }
        return sections
    }

    // MARK: Rows

    /// The row at `indexPath`, nil outside the sections.
    public func row(at indexPath: IndexPath) -> ReaderRow? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].rows.indices.contains(indexPath.row)
        else { return nil }
        return sections[indexPath.section].rows[indexPath.row]
    }

    /// The article at `indexPath`, nil for other rows.
    public func article(at indexPath: IndexPath) -> Article? {
        row(at: indexPath)?.article
    }

    /// The first article row.
    public var firstArticle: IndexPath? { articlePaths.first }

    /// The row showing the article with `id` (the first, when two feeds share it).
    public func indexPath(ofArticle id: String) -> IndexPath? {
        rowsByID[id]?.first
    }

    /// Every row showing the article with `id`, in list order.
    public func indexPaths(ofArticle id: String) -> [IndexPath] {
        rowsByID[id] ?? []
    }

    /// The next unread article after `start` in list order for which `isShown` is true, wrapping to the top; nil
    /// when none is.
    ///
    /// The article at `start` itself is found last, after wrapping all the way round.
    public func nextUnread(after start: IndexPath?, where isShown: (IndexPath) -> Bool = { _ in true }) -> IndexPath? {
        let paths = articlePaths
        guard !paths.isEmpty else { return nil }
        let begin = start.map { s in paths.firstIndex { $0 > s } ?? paths.count } ?? 0
        for offset in 0..<paths.count {
            let path = paths[(begin + offset) % paths.count]
            if case .article(_, false)? = row(at: path), isShown(path) { return path }
        }
        return nil
    }

    /// The 1-based position of the article at `indexPath` among the articles shown, and their number.
    public func position(of indexPath: IndexPath?) -> (index: Int, count: Int) {
        let paths = articlePaths
        guard let indexPath else { return (0, paths.count) }
        // The paths are in order: a binary search.
        var low = 0
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < indexPath { low = middle + 1 } else { high = middle }
        }
        guard low < paths.count, paths[low] == indexPath else { return (0, paths.count) }
        return (low + 1, paths.count)
    }

}

/// How many feeds and articles the reader holds.
public struct ReaderCounts: Sendable, Hashable {
    /// Feeds given (loaded, loading or failed).
    public var feeds = 0
    /// Feeds still loading.
    public var loading = 0
    /// Feeds that failed.
    public var failed = 0
    /// Articles in the loaded feeds.
    public var articles = 0
    /// Of those, the unread ones.
    public var unread = 0

    /// Creates zeroed counts.
    public init() {}
}
