import TermTableCore

extension TableView: HorizontallyScrollable {
    /// Rows wider than the view scroll sideways, as `less -S` does (off by default).
    ///
    /// Cells are then laid out at ``horizontalContentWidth`` (by default the widest registered template's
    /// design width) when that is wider than the view, and drawn from column ``horizontalOffset``; the
    /// ``columnHeader`` moves with them. ←/h and →/l scroll by ``horizontalStep`` columns, 0 and $ go to
    /// the ends (``horizontalScrollKeyBindings``, listed in the help). Off by default because those keys
    /// are letters an app, or type-to-jump, may want.
    public var allowsHorizontalScrolling: Bool {
        get { horizontal.isOn }
        set {
            guard newValue != horizontal.isOn else { return }
            horizontal.isOn = newValue
            horizontalScrollingChanged()
        }
    }

    /// Columns of the rows scrolled out at the left (0: their start shows). Never negative; drawn at most
    /// ``maximumHorizontalOffset``.
    public var horizontalOffset: Int {
        get { horizontal.offset }
        set {
            let value = max(0, newValue)
            guard value != horizontal.offset else { return }
            horizontal.offset = value
            painter.forgetDrawing()
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    /// The width rows are laid out at while ``allowsHorizontalScrolling`` is on (nil: the widest registered
    /// template's design width; a view wider than it lays rows out at its own width).
    public var horizontalContentWidth: Int? {
        get { horizontal.rowWidth }
        set {
            horizontal.rowWidth = newValue.map { max(0, $0) }
            horizontalScrollingChanged()
        }
    }

    /// The columns ←/→ (``/TermTableCore/HorizontalScrollCommand/left``, ``/TermTableCore/HorizontalScrollCommand/right``) scroll by (default 8).
    public var horizontalStep: Int {
        get { horizontal.step }
        set { horizontal.step = max(1, newValue) }
    }

    /// The keys that scroll sideways while ``allowsHorizontalScrolling`` is on, after ``keyBindings`` (a key
    /// bound there wins): ←/h, →/l, 0 and $ by default.
    public var horizontalScrollKeyBindings: [Key: HorizontalScrollCommand] {
        get { horizontal.keyBindings }
        set { horizontal.keyBindings = newValue }
    }

    /// The most columns the rows can be scrolled: their end then touches the right edge (0 when they fit).
    public var maximumHorizontalOffset: Int { max(0, cellWidth - contentWidth) }

    // MARK: The table's hooks

    /// The width cells are laid out at: the view's ``contentWidth``, or wider while scrolling sideways.
    var cellWidth: Int {
        let width = contentWidth
        // A table with columns scrolls by column (`TableView+ColumnScrolling.swift`), never by character.
        guard horizontal.isOn, columnModel.columns.isEmpty else { return width }
        let rows = horizontal.rowWidth ?? reuse.templates.values.reduce(0) { max($0, $1.spec.width) }
        return max(width, rows)
    }

    /// The columns scrolled out at the left as drawn: the offset, at most ``maximumHorizontalOffset``.
    var drawnHorizontalOffset: Int {
        guard horizontal.isOn, horizontal.offset > 0 else { return 0 }
        return min(horizontal.offset, maximumHorizontalOffset)
    }

    /// Runs the sideways command bound to `key`, if scrolling sideways is on.
    func handleHorizontalScrollKey(_ key: Key) -> Bool {
        guard horizontal.isOn, let command = horizontal.keyBindings[key] else { return false }
        perform(command)
        return true
    }

    /// The sideways keys with their help, when scrolling sideways is on.
    var horizontalKeyHelp: [KeyBinding] {
        guard horizontal.isOn else { return [] }
        var keysByCommand: [HorizontalScrollCommand: [Key]] = [:]
        // A key bound in `keyBindings` wins, unless it is a column command of a table without columns.
        let noColumns = columnModel.columns.isEmpty
        for (key, command) in horizontal.keyBindings
        where keyBindings[key].map({ $0.isColumnCommand && noColumns }) ?? true {
            keysByCommand[command, default: []].append(key)
        }
        return HorizontalScrollCommand.allCases.compactMap { command in
            guard let keys = keysByCommand[command] else { return nil }
            let ordered = keys.sorted { ($0.helpOrder, $0.helpName) < ($1.helpOrder, $1.helpName) }
            return KeyBinding(ordered, help: command.help)
        }
    }

    /// Draws a row's cell (or the column header): as a subview, or, scrolled sideways, clipped to the rows'
    /// columns (not the scroll indicator's). A wide character cut by an edge shows as a blank, as the screens
    /// draw clusters cut by a clip (``/TermTableCore/TerminalText/visibleClusters(of:from:in:)``).
    func renderRow(_ view: View, in context: DrawContext) {
        guard horizontal.isOn, view.frame.x != 0 || view.frame.width > contentWidth else {
            renderSubview(view, in: context)
            return
        }
        var narrowed = context
        narrowed.clip = context.clip.intersection(
            Rect(x: context.origin.x, y: context.clip.y, width: contentWidth, height: context.clip.height))
        renderSubview(view, in: narrowed)
    }

    private func horizontalScrollingChanged() {
        painter.forgetDrawing()
        measurements.forgetHeights()
        setNeedsLayout()
        setNeedsDisplay()
    }
}
