import Foundation
import NewsKit
import TermTable

/// The news reader: wires the list, the article views, the status lines, the actions and the feeds to an
/// ``Application``.
///
/// Every key is an ``/TermTable/AppAction`` (``appActions``, ``listActions``, ``articleActions``): the help box, the
/// hints, `news --keys`, a `keys.conf` and the command palette all work from them. Narrower than
/// ``ReaderView/splitWidth`` an article is read on a screen of its own (``articleScreen``), pushed over the list,
/// which keeps its cursor, scroll and filter until Esc pops it.
///
/// ```swift
/// let reader = try Reader(configuration: configuration, library: library)
/// let app = Application(screen: screen, rootView: reader.rootView)
/// reader.install(in: app)
/// let loading = Task { await reader.loadFeeds() }
/// await app.run()
/// ```
@MainActor
public final class Reader {
    /// The reader's inputs.
    public let configuration: ReaderConfiguration
    /// The root view.
    public let rootView: ReaderView
    /// The list's data source and delegate.
    public let controller: ReaderController
    /// The read marks.
    public let store: ReadStateStore
    /// The app, once installed.
    public private(set) var app: Application?
    /// The message shown in the status line, if any.
    public private(set) var message: String?
    /// A warning that stays in the status line until Esc dismisses it (read marks not saved, say).
    public private(set) var warning: String?
    /// The row of the article being read (beside the list, or on ``articleScreen``); nil in the list.
    public internal(set) var openArticle: IndexPath?
    /// The screen an article is read on, narrower than ``ReaderView/splitWidth``: pushed over the list.
    public let articleScreen: AppScreen
    /// The article screen's view: the article and a status line.
    public let articleScreenView = ArticleScreenView()
    /// The actions in force everywhere: the link, read marks, next unread, reload, help, quit.
    public private(set) var appActions: [AppAction] = []
    /// The list's actions: open, filter, compact.
    public private(set) var listActions: [AppAction] = []
    /// The article views' actions: back to the list.
    public private(set) var articleActions: [AppAction] = []

    private var messageTimer: Int?
    private var warningsShown = 0
    private var generation = 0
    private var reloadTask: Task<Void, Never>?
    private var currentLoad: Task<Void, Never>?
    var followsFirstArticle = true
    /// Feeds loaded but not shown yet (see `applyArrived`), with their position and read marks.
    private var arrived: [(index: Int, slots: [FeedSlot], read: [String])] = []
    /// When feeds that arrive may be applied again (see `applyArrived`); nil: at once.
    private var nextApplication: ContinuousClock.Instant?
    private var arrivalTimer: Int?
    private let clock = ContinuousClock()

    /// Creates the reader: registers the cells of `library` and opens the read marks.
    public init(configuration: ReaderConfiguration, library: LayoutLibrary) throws {
        try ReaderCells.validate(library)
        self.configuration = configuration
        store = ReadStateStore(directory: configuration.stateDirectory)
        rootView = ReaderView()
        try rootView.tableView.registerCells(from: library)
        let groups = configuration.sources.map { [FeedSlot.loading(source: $0.description)] }
        controller = ReaderController(
            model: ReaderModel(groups: groups), tableView: rootView.tableView, library: library,
            now: configuration.now)
        articleScreen = AppScreen(articleScreenView, title: "article")
        for detail in [rootView.detailView, articleScreenView.detailView] {
            detail.now = configuration.now
            detail.timeZone = configuration.timeZone
        }
        controller.onOpen = { [unowned self] indexPath in self.open(indexPath) }
        controller.onCursorMove = { [unowned self] in self.followsFirstArticle = false }
        articleScreen.onPop = { [unowned self] in self.articleScreenPopped() }
        appActions = makeAppActions()
        listActions = makeListActions()
        articleActions = makeArticleActions()
    }

    /// The list.
    public var tableView: TableView { rootView.tableView }
    /// The model behind the list.
    public var model: ReaderModel { controller.model }

    /// Binds the actions in `app` (the app's, the list's to the table, the article's to both article views), keeps
    /// the status lines current, and shows the store's warnings.
    public func install(in app: Application) {
        self.app = app
        app.rootScreen.title = "news"
        app.addActions(appActions)
        app.addActions(listActions, to: tableView)
        for view in [rootView.detailView, articleScreenView.detailView] { app.addActions(articleActions, to: view) }
        app.willRender = { [unowned self] in
            self.previewCursorArticle()
            self.updateStatus()
        }
        // Again once laid out: after a resize the article's percentage is that of its new size.
        rootView.willDrawSubviews = { [unowned self] in self.updateStatus() }
        articleScreenView.willDrawSubviews = { [unowned self] in self.updateStatus() }
        app.focus(tableView)
        app.onFocusChange = { [unowned self] _, new in self.focusMoved(to: new) }
        app.onResize = { [unowned self] _ in self.fitReadingToWidth() }
        showNewStoreWarnings()
        app.setNeedsDisplay()
    }

    // MARK: Feeds

    /// Loads every source again, filling each section as its feed arrives; returns when all are in.
    ///
    /// A load still running is cancelled first (its downloads stop, its feeds not yet parsed are
    /// skipped) and this one starts once it has wound down, so however many loads are asked
    /// for, at most one runs and one waits. Cancelling the calling task cancels the load.
    public func loadFeeds() async {
        let previous = currentLoad
        previous?.cancel()
        let load = Task { [weak self] in
            await previous?.value
            guard !Task.isCancelled else { return }
            await self?.performLoad()
        }
        currentLoad = load
        await withTaskCancellationHandler {
            await load.value
        } onCancel: {
            load.cancel()
        }
    }

    private func performLoad() async {
        generation += 1
        let current = generation
        arrived.removeAll()
        nextApplication = nil
        let sources = configuration.sources
        let load = configuration.load
        updateModel { $0.groups = sources.map { [FeedSlot.loading(source: $0.description)] } }
        await withTaskGroup(of: (Int, [FeedLoadResult]).self) { group in
            // A window of loads in list order: with all of them started at once, the feeds at the top
            // finished with the rest, and the first screen showed nothing but "loading…" until the end.
            var next = 0
            func startNext() {
                guard next < sources.count else { return }
                let index = next
                let source = sources[index]
                group.addTask { (index, await load(source)) }
                next += 1
            }
            for _ in 0..<max(1, configuration.maxConcurrentLoads) { startNext() }
            for await (index, results) in group {
                startNext()
                // A cancelled load (a newer one is waiting) leaves the list alone.
                guard current == generation, !Task.isCancelled else { continue }
                let slots =
                    results.isEmpty
                    ? [FeedSlot.failed(source: sources[index].description, reason: "no feeds found")]
                    : results.map(FeedSlot.init)
                // The model holds the marks of the articles it shows, not every stored one.
                let read = slots.lazy.compactMap(\.feed).flatMap(\.items).map(\.id).filter(store.isRead)
                arrived.append((index, slots, Array(read)))
                // The first feed shows at once; the next ones are applied together (each application rebuilds
                // the whole list) after a pause of `arrivalBatchInterval` or twice the last rebuild, whichever
                // is longer, so rebuilding takes at most a third of the loading time however many feeds come.
                if nextApplication.map({ clock.now >= $0 }) ?? true {
                    applyArrived()
                } else if arrivalTimer == nil, let due = nextApplication {
                    arrivalTimer = app?.schedule(after: max(.zero, due - clock.now)) { [weak self] in
                        self?.arrivalTimer = nil
                        self?.applyArrived()
                    }
                }
                // Let the run loop draw what arrived before the next result is taken.
                await Task.yield()
            }
        }
        if let arrivalTimer { app?.cancelTimer(arrivalTimer) }
        arrivalTimer = nil
        guard current == generation, !Task.isCancelled else {
            arrived.removeAll()
            return
        }
        applyArrived()
        // Keep the marks of the articles the feeds show; take in marks other readers saved.
        let revision = store.revision
        store.refresh()
        store.noteShown(model.slots.lazy.compactMap(\.feed).flatMap(\.items).map(\.id))
        if store.revision != revision { takeInStoredMarks() }
        showNewStoreWarnings()
        if configuration.sources.count > 0 {
            let counts = model.counts
            if counts.failed > 0 {
                show("\(counts.failed) of \(counts.feeds) feeds could not be read")
            }
        }
    }

    /// The shortest pause between two applications of arrived feeds (each rebuilds the list).
    static let arrivalBatchInterval: Duration = .milliseconds(100)

    /// Shows the feeds that arrived and are not shown yet, with one rebuild of the list.
    private func applyArrived() {
        guard !arrived.isEmpty else { return }
        let batch = arrived
        arrived.removeAll()
        let start = clock.now
        defer {
            let end = clock.now
            nextApplication = end + max(Reader.arrivalBatchInterval, (end - start) * 2)
        }
        updateModel { model in
            model.batch { model in
                for (index, slots, read) in batch {
                    model.groups[index] = slots
                    model.readIDs.formUnion(read)
                }
            }
        }
    }

    /// Applies a change to the model and shows it, keeping the cursor on the same article.
    ///
    /// `rebuild` false: the change kept every row in its place (a read mark), so the rows are only drawn again;
    /// true: the sections are applied to the table again (the filter in force runs on them).
    func updateModel(rebuild: Bool = true, _ change: (inout ReaderModel) -> Void) {
        // Until the user moves, the cursor stays on the first article (feeds arriving above do not push it down).
        let cursorArticle =
            followsFirstArticle ? nil : tableView.state.cursor.flatMap { controller.article(at: $0)?.id }
        let openID = openArticle.flatMap { controller.article(at: $0)?.id }
        change(&controller.model)
        if rebuild { controller.apply() } else { tableView.reloadData() }
        if let openID { openArticle = controller.row(ofArticle: openID) }
        if let target = cursorArticle.flatMap(controller.row(ofArticle:)) ?? controller.firstArticleRow {
            if target != tableView.state.cursor { tableView.setCursor(target, notify: false) }
        } else if let cursor = tableView.state.cursor, controller.article(at: cursor) == nil {
            tableView.setCursor(nil, notify: false)
        }
        app?.setNeedsDisplay()
    }

    // MARK: Commands

    /// `v`: one line per article, or two.
    func toggleCompact() {
        controller.isCompact.toggle()
        updateModel { _ in }
        show(controller.isCompact ? "one line per article" : "two lines per article")
    }

    /// Esc in the list: takes the warning off the status line, else clears the filter.
    func dismissWarningOrClearFilter() {
        if warning != nil {
            dismissWarning()
        } else if controller.isFiltering {
            setFilter("")
            clearMessage()
        }
    }

    /// `q`: clears the filter, else quits.
    func clearFilterOrQuit() {
        if controller.isFiltering {
            setFilter("")
            clearMessage()
        } else {
            app?.quit()
        }
    }

    /// The help box: the keys in force, what the mouse does, and Tab between the panes side by side.
    func showHelp() {
        let panes = rootView.isSplit ? Reader.paneHelp : []
        app?.showHelp(title: "news: keys", adding: Reader.pointerHelp + panes)
    }

    /// Side by side, the focus moved by Tab or a click: to the article view starts reading the article
    /// beside the list, to the list goes back to it.
    func focusMoved(to view: View?) {
        if view === rootView.detailView && !rootView.isShowingDetail {
            // Feeds arriving above no longer move the cursor (and so the article beside the list) to the first article.
            followsFirstArticle = false
            openArticle = tableView.state.cursor
            rootView.showDetail(true)
        } else if view === tableView && rootView.isShowingDetail {
            rootView.showDetail(false)
            openArticle = nil
        }
    }

    /// Side by side, the article view shows the article under the list's cursor (before each frame), or none.
    ///
    /// While reading too: a burst of input handled before one frame (a click on a row, then on the article
    /// beside it) or the wheel over the list (which keeps the cursor on screen) moves the cursor while the
    /// article has the keys. Before, the view kept the article of the last frame while the status line and
    /// `o` used the cursor's (issue 32).
    private func previewCursorArticle() {
        guard rootView.isSplit else { return }
        let detail = rootView.detailView
        guard let cursor = tableView.state.cursor, let article = controller.article(at: cursor) else {
            if rootView.isShowingDetail { openArticle = nil }
            if detail.article != nil { detail.clear() }
            return
        }
        openArticle = cursor
        if detail.article?.id != article.id { detail.show(article) }
    }

    /// Gives the model the stored marks of the articles it shows (after other readers saved some).
    private func takeInStoredMarks() {
        let read = model.slots.lazy.compactMap(\.feed).flatMap(\.items).map(\.id).filter(store.isRead)
        updateModel { $0.readIDs = Set(read) }
    }

    /// Marks an article and returns whether the mark was saved.
    @discardableResult
    func setRead(_ id: String, _ read: Bool) -> Bool {
        let revision = store.revision
        let saved = store.setRead(id, read)
        if store.revision != revision { takeInStoredMarks() }  // another reader's marks came in too
        updateModel(rebuild: false) { $0.setRead(id, read) }
        showNewStoreWarnings()
        return saved
    }

    func toggleRead() {
        guard let (article, _) = currentArticle else { return }
        let read = !store.isRead(article.id)
        let saved = setRead(article.id, read)
        show((read ? "marked read" : "marked unread") + (saved ? "" : " for this session only (not saved)"))
    }

    func nextUnread() {
        let start = isReading ? openArticle : tableView.state.cursor
        guard let next = controller.nextUnread(afterRow: start) else {
            show("no unread articles")
            return
        }
        followsFirstArticle = false
        if isReading { open(next) } else { tableView.setCursor(next, notify: false) }
    }

    func openLink() {
        guard let (article, _) = currentArticle else { return }
        guard let link = article.link else {
            show("this article has no link")
            return
        }
        if let refusal = LinkOpener.refusal(for: link) {
            show(refusal)
            return
        }
        let text = configuration.openLink(link) { [weak self] failure in self?.show(failure) }
        show(text)
    }

    /// Starts loading every source again (`loadFeeds` cancels a load still running).
    func reload() {
        show("reloading \(configuration.sources.count == 1 ? "1 source" : "\(configuration.sources.count) sources")…")
        reloadTask = Task { [weak self] in await self?.loadFeeds() }
    }

    /// The reload started by `r`, if any (tests wait on it).
    public var pendingReload: Task<Void, Never>? { reloadTask }

    // MARK: Filter

    func startFilter() {
        if isReading { closeArticle() }
        guard let app else { return }
        app.prompt(
            "/", text: controller.filterText,
            onChange: { [unowned self] text in self.setFilter(text) },
            onSubmit: { [unowned self] text in
                self.setFilter(text)
                if !text.isEmpty { self.show("\(self.controller.shownArticleCount) titles match “\(text)”") }
            },
            onCancel: { [unowned self] in
                self.setFilter("")
                self.clearMessage()
            })
    }

    /// Shows only the articles whose title matches `text` (the table's fuzzy filter,
    /// ``ReaderController/setFilter(_:)``); "" shows every row again, the cursor staying on its article.
    ///
    /// Each new query puts the cursor on its first match; the read marks and counts are the model's, whatever the
    /// filter hides.
    public func setFilter(_ text: String) {
        guard text != controller.filterText else { return }
        if !text.isEmpty { followsFirstArticle = false }
        let cursorArticle = tableView.state.cursor.flatMap { controller.article(at: $0)?.id }
        controller.setFilter(text)
        // Cleared, the list comes back on the article the cursor was on while filtering (the one found).
        if text.isEmpty, let target = cursorArticle.flatMap(controller.row(ofArticle:)) {
            tableView.setCursor(target, notify: false)
        }
        rootView.listPane.message = "no title contains “\(text)” (Esc clears the filter)"
        app?.setNeedsDisplay()
    }

    // MARK: Status line

    /// Shows `text` in the status line for a while, announced (``/TermTable/Application/announce(_:)``: a screen
    /// reader hears it).
    public func show(_ text: String, for duration: Duration? = nil) {
        message = text
        if let app {
            let onArticleScreen = app.topScreen === articleScreen
            app.announcementView = onArticleScreen ? articleScreenView.statusLine : rootView.statusLine
            app.announce(text)
        }
        if let messageTimer { app?.cancelTimer(messageTimer) }
        messageTimer = app?.schedule(after: duration ?? configuration.messageDuration) { [weak self] in
            self?.message = nil
            self?.messageTimer = nil
        }
        app?.setNeedsDisplay()
    }

    /// Shows, until dismissed, the store's newest warning if it has new ones.
    private func showNewStoreWarnings() {
        let warnings = store.warnings
        guard warnings.count > warningsShown else { return }
        warningsShown = warnings.count
        warning = warnings.last
        app?.setNeedsDisplay()
    }

    /// What to print on standard error once the screen is closed: read marks that were not saved, nil when all were.
    public var exitNotice: String? {
        let count = store.unsavedMarkCount
        guard count > 0 else { return nil }
        let marks = count == 1 ? "1 read mark was" : "\(count) read marks were"
        let reason = store.warnings.last.map { " (\($0.hasSuffix(".") ? String($0.dropLast()) : $0))" } ?? ""
        return "news: \(marks) not saved and \(count == 1 ? "is" : "are") lost\(reason)."
    }

    /// Takes the warning off the status line.
    public func dismissWarning() {
        warning = nil
        app?.setNeedsDisplay()
    }

    /// Clears the status line's message.
    public func clearMessage() {
        if let messageTimer { app?.cancelTimer(messageTimer) }
        messageTimer = nil
        message = nil
    }

    /// Puts the current position, counts and message in the status lines (the list's, or the article's beside it;
    /// the article screen's while it is pushed).
    public func updateStatus() {
        let model = self.model
        let message = warning.map { "Esc: dismiss · \($0)" } ?? self.message
        func detail(_ view: ArticleDetailView) -> StatusText? {
            guard let path = openArticle, let article = controller.article(at: path) else { return nil }
            return StatusText.detail(
                position: controller.position(ofRow: path), feed: article.feedTitle, percent: view.percent,
                message: message, hints: articleHints)
        }
        if isArticleScreenShown, let text = detail(articleScreenView.detailView) {
            articleScreenView.statusLine.text = text
        }
        if rootView.isShowingDetail, let text = detail(rootView.detailView) {
            rootView.statusLine.text = text
        } else {
            rootView.statusLine.text = StatusText.list(
                position: controller.position(ofRow: tableView.state.cursor),
                counts: model.counts, filter: controller.filterText, message: message, hints: listHints)
        }
    }
}
