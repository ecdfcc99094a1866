import TermTableCore
import TermTableLayout

/// A scrolling list of rows in sections, built from reusable cells: UIKit's table view in the terminal.
///
/// The table asks its ``dataSource`` for counts when it loads and for cells
/// only for rows about to appear; cells that scroll away wait in a reuse queue
/// per identifier (see ``dequeueReusableCell(withIdentifier:for:)``), so the
/// number of cells ever made stays at the visible rows plus a small constant
/// however far one scrolls, and a frame's work does not grow with the number
/// of rows. ``statistics`` counts cells made, reused and cloned.
///
/// The scroll position is the item at the top (and a line offset inside it), so
/// rows of any height scroll without measuring rows off screen. A row taller than
/// the view scrolls by line under j/k, the wheel and PgUp/PgDn until its far edge
/// shows; ``scrollPadding`` keeps lines of context around the cursor's row. The
/// current section's header stays at the top while its rows scroll (``stickyHeaders``).
///
/// The cursor row (under the reverse-video bar) and the selected set are
/// separate: in ``SelectionMode/single`` the selection follows the cursor, in
/// ``SelectionMode/multiple`` Space toggles rows, in ``SelectionMode/none``
/// the keys scroll. Keys are a table the app can change (``keyBindings``).
///
/// A ``columnHeader`` (column titles declared once with `heading=` in the
/// rows' template) stays above the rows, aligned to their fields at every width.
///
/// ```swift
/// let table = TableView(frame: Rect(x: 0, y: 0, width: 80, height: 24))
/// try table.registerCells(from: library)      // every cell of a layout file
/// table.dataSource = model
/// table.delegate = controller
/// ```
open class TableView: View, CopyableView {
    /// How rows are selected.
    public enum SelectionMode: Sendable {
        /// No selection: the keys scroll the view.
        case none
        /// One row: the selection follows the cursor.
        case single
        /// Any number of rows: Space, a Ctrl-click or a click in the mark column toggles a row (a plain click
        /// only moves the cursor).
        case multiple
    }

    /// The object that supplies sections, rows and cells (held weakly).
    ///
    /// Keep a strong reference to it, as in UIKit: a data source that is released
    /// while the table shows its rows is reported on the table's first line,
    /// never ignored silently. (A ``TableViewDiffableDataSource`` is kept by its table.)
    public weak var dataSource: TableViewDataSource? {
        didSet {
            expectsDataSource = dataSource != nil
            if ownedDataSource !== dataSource { ownedDataSource = nil }
            reloadData()
        }
    }
    /// A data source the table keeps alive (a diffable one).
    var ownedDataSource: AnyObject? {
        get { dataSourceHold.owned }
        set { dataSourceHold.owned = newValue }
    }
    /// True while a data source was set and not removed on purpose.
    var expectsDataSource: Bool {
        get { dataSourceHold.expected }
        set { dataSourceHold.expected = newValue }
    }
    /// The data source kept alive and whether one is expected.
    private var dataSourceHold = TableDataSourceHold()
    /// True when the data source was released while set: the table shows why it is empty.
    public var dataSourceWasReleased: Bool { expectsDataSource && dataSource == nil }
    /// The object that hears selection and display events and decides heights (held weakly).
    public weak var delegate: TableViewDelegate?
    /// The table's configuration, in one store a copy takes whole: read for every row placed, measured and drawn.
    struct Configured {
        var selectionMode: SelectionMode = .single
        var stickyHeaders = true
        var showsScrollIndicator = true
        var markStyle = Style(role: .mark)
        var focusedCursorStyle: SelectionStyle?
        var unfocusedCursorStyle: SelectionStyle? = .custom(Style(role: .inactiveCursor))
        var showsMarkColumn = false
        var rowHeight: Int?
        var scrollPadding = 0
        var headerStyle = Style(role: .header, attributes: .underline)
        var scrollIndicatorStyle = Style(role: .dim)
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every row placed, measured and drawn
    #endif
    private var configured = Configured()
    /// How rows are selected (default single).
    public var selectionMode: SelectionMode {
        get { configured.selectionMode }
        set {
            updateLaidOut(&configured.selectionMode, to: newValue)
            if newValue == .none { setCursor(nil, notify: false) }
        }
    }
    /// Keep the current section's header at the top while its rows scroll.
    public var stickyHeaders: Bool {
        get { configured.stickyHeaders }
        set { updateLaidOut(&configured.stickyHeaders, to: newValue) }
    }
    /// Keep the last column for a scroll indicator, drawn when the rows do not fit (cells are laid out one column narrower).
    public var showsScrollIndicator: Bool {
        get { configured.showsScrollIndicator }
        set { if updateLaidOut(&configured.showsScrollIndicator, to: newValue) { painter.forgetRows() } }
    }
    /// The style laid over marked rows (the selection in ``SelectionMode/multiple``), distinct from the cursor's
    /// look: by default the theme's `mark` role (``/TermTableCore/Theme/Role/mark``).
    public var markStyle: Style {
        get { configured.markStyle }
        set { updateLaidOut(&configured.markStyle, to: newValue) }
    }
    /// How the cursor's row looks while the table has the focus, or while no view has it; nil: the cell's own
    /// ``TableViewCell/selectionStyle`` (reverse video unless its template says otherwise).
    public var focusedCursorStyle: SelectionStyle? {
        get { configured.focusedCursorStyle }
        set { updateLaidOut(&configured.focusedCursorStyle, to: newValue) }
    }
    /// How the cursor's row looks while another view has the focus: the theme's `inactive-cursor` role by default
    /// (underlined in the default themes), so that of several
    /// tables only the focused one shows the full bar; nil: as when focused. Rows whose cell has selection
    /// style `.none` show no cursor either way.
    public var unfocusedCursorStyle: SelectionStyle? {
        get { configured.unfocusedCursorStyle }
        set { updateLaidOut(&configured.unfocusedCursorStyle, to: newValue) }
    }
    /// Show a two-column check column (`✓`) at the left of every row in multiple selection.
    public var showsMarkColumn: Bool {
        get { configured.showsMarkColumn }
        set { updateLaidOut(&configured.showsMarkColumn, to: newValue) }
    }
    /// A height for every row, skipping per-row heights (nil: the delegate's or the cell's height).
    public var rowHeight: Int? {
        get { configured.rowHeight }
        set {
            guard updateLaidOut(&configured.rowHeight, to: newValue) else { return }
            measurements.forgetHeights()
            needsReveal = true
        }
    }
    /// Lines of context kept above and below the cursor's row when it moves, as the rows allow (vim's
    /// `scrolloff`; default 0).
    ///
    /// Counted in lines, not rows: with padding 2 and a tall row above the cursor, the view shows that row's
    /// last two lines. Less is kept when the view is too short for the row and both paddings, and none at
    /// the ends of the table.
    public var scrollPadding: Int {
        get { configured.scrollPadding }
        set { if updateLaidOut(&configured.scrollPadding, to: newValue) { needsReveal = true } }
    }
    /// The style of title headers (``TableViewDataSource/tableView(_:titleForHeaderInSection:)``): the theme's
    /// `header` role, underlined, by default.
    public var headerStyle: Style {
        get { configured.headerStyle }
        set { if updateDrawn(&configured.headerStyle, to: newValue) { reloadData() } }
    }
    /// The style of the scroll indicator (the theme's `dim` role by default).
    public var scrollIndicatorStyle: Style {
        get { configured.scrollIndicatorStyle }
        set { if updateDrawn(&configured.scrollIndicatorStyle, to: newValue) { painter.forgetRows() } }
    }
    /// A row of column titles shown above the rows, not scrolled with them up and down, but sideways with them
    /// (``allowsHorizontalScrolling``) (nil: none).
    ///
    /// Make it from the cell template of the rows (``ColumnHeaderView/init(template:)``):
    /// its titles stay over their fields at every width. A click on a title
    /// calls ``TableViewDelegate/tableView(_:didSelectColumn:)``; when the data source sorts (a diffable one with a
    /// ``TableViewDiffableDataSource/sortKey``) it first cycles ``sortDescriptors`` (not sorted by the column,
    /// its ``TableColumn/sortDescriptorPrototype``'s direction; sorted by it, reversed).
    public var columnHeader: ColumnHeaderView? {
        didSet {
            guard columnHeader !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let columnHeader { addSubview(columnHeader) }
            painter.forgetDrawing()
            needsReveal = true
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    /// The order of the rows, first level first (NSTableView's): the ``columnHeader`` shows `▲`/`▼` on the first
    /// level's column; a ``TableViewDiffableDataSource`` with a ``TableViewDiffableDataSource/sortKey`` keeps its
    /// items in this order, and the delegate hears every change
    /// (``TableViewDelegate/tableView(_:sortDescriptorsDidChange:)``). Empty (the default): the data's own order.
    public var sortDescriptors: [TableSortDescriptor] = [] {
        didSet { sortDescriptorsChanged(from: oldValue) }
    }

    /// Typed letters that no key binding takes move the cursor to the next row starting with them (nil: off).
    public var typeToJump: TypeToJump?

    /// Scroll position, cursor and selection (usable from the diffable data source's inlinable `apply`).
    @usableFromInline package internal(set) var state: TableViewState {
        get { storedState }
        _modify { yield &storedState }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every row placed, drawn and moved to, every frame
    #endif
    private var storedState: TableViewState = TableViewState()
    /// Rows per section and header heights, as loaded by the last ``reloadData()``.
    package internal(set) var metrics: TableMetrics {
        get { storedMetrics }
        _modify { yield &storedMetrics }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every item placed and measured, every frame
    #endif
    private var storedMetrics: TableMetrics = TableMetrics(rowCounts: [])
    /// The items on screen after the last layout, top to bottom.
    package internal(set) var placedItems: [PlacedItem] {
        get { storedRows.placedItems }
        _modify { yield &storedRows.placedItems }
    }

    // The coordinator's own state: the result of the last layout pass (`placedItems`, `onScreen`, `visibleCells`:
    // the same items, cells in one of them are in the other and in the view tree, and nowhere in `reuse`) and the
    // requests for the next one. `needsReload` is set by reloadData (and a released data source) and cleared by
    // `loadMetrics`; `needsReveal` by anything that may move the cursor's row off screen, cleared by the pass that
    // reveals it; `cursorWasCleared` by setting the cursor to nil, so a reload does not put it back;
    // `pendingCursorLine` by a diffable apply, taken by the next pass.

    /// Cells on screen, sorted by item (as `placedItems`).
    var onScreen: [(item: TableItem, cell: TableViewCell)] {
        get { storedRows.onScreen }
        _modify { yield &storedRows.onScreen }
    }
    /// Cells on screen, by item (the same cells as `onScreen`).
    var visibleCells: [TableItem: TableViewCell] {
        get { storedRows.visibleCells }
        _modify { yield &storedRows.visibleCells }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // rebuilt by every layout pass, walked by every draw, searched for every item placed
    #endif
    private var storedRows = TableRowsOnScreen()
    /// Counts and header heights must be read again from the data source before they are used.
    var needsReload: Bool {
        get { requests.needsReload }
        set { requests.needsReload = newValue }
    }
    /// The next layout pass moves the scroll position so the cursor's row shows.
    var needsReveal: Bool {
        get { requests.needsReveal }
        set { requests.needsReveal = newValue }
    }
    /// The cursor was set to nil on purpose: a reload does not put it on the first row.
    var cursorWasCleared: Bool {
        get { requests.cursorWasCleared }
        set { requests.cursorWasCleared = newValue }
    }
    /// The line to put the cursor's row on at the next layout (after a diffable apply).
    var pendingCursorLine: Int? {
        get { requests.pendingCursorLine }
        set { requests.pendingCursorLine = newValue }
    }
    /// The requests for the next layout pass.
    private var requests = TableLayoutRequests()

    var actionHandlers: [String: @MainActor (ViewAction, TableViewCell, IndexPath) -> Void] = [:]
    /// Draw only the rows that changed since the last frame, moving the others with a screen scroll.
    ///
    /// Rows whose cell, position and drawing (``/TermTableCore/View/drawVersion``) are unchanged,
    /// and whose lines nothing else wrote over since (``/TermTableCore/Screen/lineVersion(_:)``),
    /// are not drawn again; when the rows moved by a few lines the screen scrolls
    /// them (`wscrl` on ncurses, which the terminal turns into a scroll). Custom
    /// cell views must call ``/TermTableCore/View/setNeedsDisplay()`` when their drawing changes,
    /// as the built-in views do; turn this off to draw every row every frame.
    public var redrawsOnlyChangedRows = true

    // The frame machinery's parts, each owning its state (their comments say what they own, what they keep
    // true and what resets them); the table coordinates them in `layoutSubviews` and `renderRows`.
    /// Registrations, reuse queues, cells kept from measuring, and the reuse statistics.
    let reuse: CellReuseQueue
    /// Heights, selectability, unmeasured headers and stale rows learnt since the last reload.
    let measurements = ItemMeasurements()
    /// The last frame drawn and the last marks given: what the next frame may skip.
    let painter = RowPainter()
    /// Following the end: the switch, the rows appended while away, a resize to answer.
    let follower = TableEndFollowing()
    /// Scrolling sideways: the switch, the offset, the rows' width, the step and the keys.
    let horizontal = TableHorizontalScrolling()
    /// The columns (``tableColumns``), their scrolling and the cursor's shape and column.
    let columnModel = TableColumnModel()
    /// Rows not at hand: the prefetch data source, the placeholder, the requests outstanding.
    let prefetcher = TablePrefetching()

    /// Counters of cells made, reused and cloned, for tests and benchmarks.
    public var statistics: ReuseStatistics { reuse.statistics }

    /// The keys the table answers and what they do; change it to rebind.
    public var keyBindings: [Key: TableCommand] = TableView.defaultKeyBindings
    /// The commands a ``KeyHintBar`` shows, with their short text (see ``keyHelp``); the rest are in the help box only.
    public var commandHints: [TableCommand: String] = TableView.defaultCommandHints

    /// Creates an empty table.
    public override init(frame: Rect = .zero) {
        reuse = CellReuseQueue()
        super.init(frame: frame)
    }

    /// Copies a table's configuration (not its data source, delegate, cells, scroll position or selection).
    ///
    /// The copy shares the registered templates (factories whose prototypes are
    /// never handed out) and the action handlers (closures cannot be copied).
    public required override init(copying other: View) {
        let other = other as! TableView
        configured = other.configured
        redrawsOnlyChangedRows = other.redrawsOnlyChangedRows
        reuse = CellReuseQueue(copying: other.reuse)
        actionHandlers = other.actionHandlers
        keyBindings = other.keyBindings
        commandHints = other.commandHints
        sortDescriptors = other.sortDescriptors
        super.init(copying: other)
        measurements.estimatedRowHeight = other.estimatedRowHeight
        follower.isOn = other.followsEnd
        horizontal.takeConfiguration(of: other.horizontal)
        columnModel.takeConfiguration(of: other.columnModel)
        prefetcher.placeholderIdentifier = other.prefetcher.placeholderIdentifier
    }

    /// The copied column header becomes the copy's ``columnHeader``.
    open override func didCopy(from original: View) {
        super.didCopy(from: original)
        guard let original = original as? TableView, let header = original.columnHeader else { return }
        let copied = counterpart(of: header, in: original)
        if header === original.columnModel.ownHeader { columnModel.ownHeader = copied }
        columnHeader = copied
    }

    /// The table's own parts (the column header), not the row cells it shows.
    open override var subviewsForCopy: [View] { subviews.filter { !($0 is TableViewCell) } }

    open override var acceptsFocus: Bool { true }

    /// The cursor's row takes its focused look again (``focusedCursorStyle``); overrides call `super`.
    open override func didBecomeFocused() { setNeedsLayout() }

    /// The cursor's row takes its unfocused look (``unfocusedCursorStyle``); overrides call `super`.
    open override func didResignFocus() { setNeedsLayout() }

    /// True when the cursor's row shows its focused look: the table has the focus, or no view has it.
    var showsFocusedCursor: Bool { isFocused || host?.focusedView == nil }

    isolated deinit {
        for cell in visibleCells.values { cell.tableView = nil }
    }

    open override func frameDidChange(from oldFrame: Rect) {
        super.frameDidChange(from: oldFrame)
        // After a resize the cursor's row is brought back into view.
        if frame.size != oldFrame.size {
            needsReveal = true
            noteResizeForFollowing(from: oldFrame)
            measurements.forgetHeights()
        }
    }

    open override func handleKey(_ key: Key) -> Bool { handleTableKey(key) }

    open override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool { handleTableMouse(event, at: point) }

    // MARK: Layout

    /// The columns cells get: the width less the scroll indicator's column.
    public var contentWidth: Int {
        showsScrollIndicator && frame.width > 1 ? frame.width - 1 : max(0, frame.width)
    }

    /// The lines above the rows taken by the ``columnHeader`` (0 or 1).
    public var rowsTop: Int {
        guard let columnHeader, !columnHeader.isHidden else { return 0 }
        return min(1, max(0, frame.height))
    }

    /// The lines the rows scroll in: the height less the ``columnHeader``'s line.
    public var rowsHeight: Int { max(0, frame.height - rowsTop) }

    /// Places the rows from the scroll position and gives them cells (the layout pass, in `TableView+Layout.swift`).
    open override func layoutSubviews() { layOutRows() }

    // MARK: Drawing

    /// The table draws its rows, the empty lines below them and its scroll indicator in ``renderSubviews(in:)``.
    open override func drawOverlay(in context: DrawContext) {}

    open override func renderSubviews(in context: DrawContext) { renderRows(in: context) }
}

/// The result of a table's last layout pass: the items placed and their cells, as a sorted list and by item
/// (the same items; a cell in one is in the other and in the view tree, and nowhere in the reuse queues).
struct TableRowsOnScreen {
    /// The items on screen, top to bottom.
    var placedItems: [PlacedItem] = []
    /// Cells on screen, sorted by item.
    var onScreen: [(item: TableItem, cell: TableViewCell)] = []
    /// Cells on screen, by item.
    var visibleCells: [TableItem: TableViewCell] = [:]
}

/// What a table's next layout pass is asked to do (see the table's comment on its coordinator state).
struct TableLayoutRequests {
    /// Counts and header heights must be read again from the data source.
    var needsReload = true
    /// Move the scroll position so the cursor's row shows.
    var needsReveal = false
    /// The cursor was set to nil on purpose: a reload does not put it on the first row.
    var cursorWasCleared = false
    /// The line to put the cursor's row on (after a diffable apply).
    var pendingCursorLine: Int?
}

/// The data source a table keeps alive (a diffable one) and whether one is expected (set and not removed).
struct TableDataSourceHold {
    /// The data source kept alive.
    var owned: AnyObject?
    /// True while a data source was set and not removed on purpose.
    var expected = false
}
