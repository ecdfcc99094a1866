/// A rectangle of the screen that draws itself and its subviews: the building block of every cell.
///
/// A view has a ``frame`` in its superview's coordinates (character cells), a
/// ``tag`` and a ``name`` to find it by, a ``backgroundStyle``, and an
/// ``autoresizing`` mask that says how it follows its superview's size. Views
/// built from a layout template remember the frame they were designed with, so
/// a cell drawn at 60 columns lays out correctly at 30 or 200
/// (``AutoresizingLayout``).
///
/// Subclasses draw their content in ``draw(in:)``; drawing is always clipped to
/// the view's frame.
///
/// A view that is cloned (a cell made from a template, and every view inside
/// one) is deep-copied with ``copy()``: the copy keeps frames, tags, names,
/// styles, autoresizing, actions and content, and its subviews are copies too.
/// Handler closures (`onPress`, `onChange`, ...) are the one thing a copy
/// shares with the original: a closure cannot be copied, so both call the same
/// closure and whatever it captured. Copying is asked only of such views: a
/// class adopts ``CopyableView`` to be copied (the toolkit's views and cells
/// do, and so do their subclasses); a view that is never cloned, such as an
/// app's root view, writes no copy code, and copying it stops the program with
/// a message naming its class.
///
/// A copyable subclass that adds stored properties copies them in its
/// `required init(copying:)` and calls `super.init(copying:)`. A property that
/// points at a subview (an outlet) is re-pointed at the copy's own subview in
/// ``didCopy(from:)`` with ``CopyableView/repointOutlets(_:from:)``:
///
/// ```swift
/// final class RowCell: TableViewCell {
///     private(set) var title = Label()
///     override func didCopy(from original: View) {
///         super.didCopy(from: original)
///         repointOutlets(\.title, from: original)
///     }
/// }
/// ```
///
/// A cell class generated from a layout (see *Typed layouts*) does all of this
/// itself. `ViewCopyCheck` in TermTableTesting checks a view class's copy
/// property by property.
@MainActor
open class View {
    /// The properties a copy takes, in one store: read for every view laid out, drawn, hit-tested and copied.
    struct Stored {
        var frame: Rect
        var isHidden = false
        var backgroundStyle: Style?
        var autoresizing: Autoresizing = []
        var shrinkRule = ShrinkRule()
        var designFrame: Rect?
        var designSuperviewSize: Size?
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every view laid out, drawn and hit-tested, every frame
    #endif
    private var stored: Stored

    /// The view's rectangle in its superview's coordinates.
    public var frame: Rect {
        get { stored.frame }
        set { setFrame(newValue, tellingSuperview: true) }
    }

    /// Sets ``frame``; a move that keeps the size tells the superview only when `tellingSuperview`.
    ///
    /// A container that places many subviews in one pass (a table moving its visible
    /// cells by a row) passes false and marks itself once, instead of once per subview.
    package func setFrame(_ newFrame: Rect, tellingSuperview: Bool) {
        let oldValue = stored.frame
        guard newFrame != oldValue else { return }
        stored.frame = newFrame
        // Moving changes what the superview shows; resizing changes this view's own drawing too.
        if newFrame.size != oldValue.size {
            needsLayout = true
            setNeedsDisplay()
        } else if tellingSuperview {
            superview?.setNeedsDisplay()
        }
        frameDidChange(from: oldValue)
    }

    /// Called after ``frame`` changed (not when set to the same value); overrides call `super`.
    open func frameDidChange(from oldFrame: Rect) {}
    /// An integer to find the view by with ``viewWithTag(_:as:)``; 0 means none.
    public var tag: Int {
        didSet { if tag != oldValue { invalidateTagIndex() } }
    }
    /// A name to find the view by with ``view(named:as:)``.
    public var name: String?
    /// A hidden view and its subviews are not drawn and receive no mouse events.
    public var isHidden: Bool {
        get { stored.isHidden }
        set {
            guard newValue != stored.isHidden else { return }
            stored.isHidden = newValue
            superview?.setNeedsDisplay()
        }
    }
    /// The style the view's background is filled with; nil leaves what is behind it.
    public var backgroundStyle: Style? {
        get { stored.backgroundStyle }
        set { updateDrawn(&stored.backgroundStyle, to: newValue) }
    }
    /// How the view follows its superview's size.
    public var autoresizing: Autoresizing {
        get { stored.autoresizing }
        set { stored.autoresizing = newValue }
    }
    /// How the view gives way when its superview is narrower than the design (`min-width=`, `shrink=`, `hide-below=`).
    public var shrinkRule: ShrinkRule {
        get { stored.shrinkRule }
        set { stored.shrinkRule = newValue }
    }
    /// The frame the view was designed with, in a superview of ``designSuperviewSize``.
    public var designFrame: Rect? {
        get { stored.designFrame }
        set { stored.designFrame = newValue }
    }
    /// The size of the superview the ``designFrame`` was designed in.
    public var designSuperviewSize: Size? {
        get { stored.designSuperviewSize }
        set { stored.designSuperviewSize = newValue }
    }
    /// What ``host`` stores on a root view (a copy does not take it: no app shows the copy yet).
    private weak var hostOfRoot: ViewHost?

    /// The views inside this one, drawn in order (later ones on top).
    public var subviews: [View] { storedSubviews }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // walked by every layout and draw pass, every frame
    #endif
    private var storedSubviews: [View] = []
    /// The view this one is inside.
    ///
    /// Not a `weak` reference: a weakly referenced object pays for every retain
    /// and release through a side table, which showed up as a fifth of a frame's
    /// time. A superview clears its subviews' pointer when it goes away
    /// (`deinit`), so the pointer never dangles.
    public var superview: View? { parentPointer }
    private unowned(unsafe) var parentPointer: View?

    /// A cache of `viewWithTag(_:)`: a typed cell looks its outlets up each time it is configured.
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read by every outlet look-up of a cell being configured
    #endif
    private var tagIndex: [Int: View]?
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read and set by every layout pass, every frame
    #endif
    private var needsLayout = true {
        didSet { if needsLayout { markLayoutPath() } }
    }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read by every layout pass, every frame
    #endif
    private var laidOutSize: Size?
    /// True when this view or one below it needs layout; every ancestor of a marked view is marked too,
    /// so ``layoutIfNeeded()`` skips clean subtrees instead of visiting every view each frame.
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // read for every view by every layout pass, every frame
    #endif
    private var subtreeNeedsLayout = true

    /// Creates a view with a frame.
    public init(frame: Rect = .zero) {
        self.stored = Stored(frame: frame)
        self.tag = 0
    }

    /// Creates a deep copy of `other` and its subviews, for a ``CopyableView`` (its `required init(copying:)`
    /// copies its own properties and calls this).
    public init(copying other: View) {
        stored = other.stored
        tag = other.tag
        name = other.name
        for child in other.subviewsForCopy { addSubview(child.copy()) }
        didCopy(from: other)
    }

    /// Called at the end of ``init(copying:)``, once the subviews are copied: re-attach outlets here.
    ///
    /// `original` is the view copied. A subclass that keeps properties pointing
    /// at its subviews sets them to the copy's own subviews here (see
    /// ``counterpart(of:in:)``); the default does nothing. Call `super`.
    open func didCopy(from original: View) {}

    /// The subviews a copy gets copies of, in order; default all of them.
    ///
    /// A container whose subviews are partly content it makes while running (a
    /// table's row cells) returns only the parts that belong to its configuration.
    open var subviewsForCopy: [View] { subviews }

    isolated deinit {
        for child in subviews { child.parentPointer = nil }
    }

    /// A deep copy of the view and its subviews.
    ///
    /// Only a view whose class adopts ``CopyableView`` (or is `View` itself) can be copied: copying
    /// another is a programmer error, and the program stops with a message naming the class.
    public func copy() -> Self {
        let type = Swift.type(of: self)
        let copy: View? =
            if let copyable = type as? any CopyableView.Type {
                copyable.init(copying: self)
            } else if type == View.self {
                View(copying: self)
            } else {
                nil
            }
        if let copy = copy as? Self { return copy }
        TerminalGuard.fail(View.copyRefusal(type) ?? "\(type) could not be copied")
    }

    /// Why a view of `type` cannot be copied, nil when it can.
    package static func copyRefusal(_ type: View.Type) -> String? {
        guard type != View.self, !(type is any CopyableView.Type) else { return nil }
        return "\(type) was copied (as a cell made from a template, or a subview of a copied view), "
            + "but it does not adopt CopyableView: adopt it, with a required init(copying:), "
            + "or do not put the view where it is copied"
    }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews, removing it from its former superview.
    public func addSubview(_ view: View) {
        addSubview(view, relayout: true)
    }

    /// Adds `view` on top; `relayout` false when the caller places it itself (a table adding a cell
    /// while it lays out its rows), so adding it does not ask for this view's layout once more.
    package func addSubview(_ view: View, relayout: Bool) {
        view.removeFromSuperview()
        storedSubviews.append(view)
        view.parentPointer = self
        if relayout { needsLayout = true }
        if view.subtreeNeedsLayout { markLayoutPath() }
        invalidateTagIndex()
        setNeedsDisplay()
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        // One index and one shift (a table takes a cell out every frame of a scroll).
        if let index = parent.subviews.firstIndex(where: { $0 === self }) { parent.storedSubviews.remove(at: index) }
        parentPointer = nil
        parent.invalidateTagIndex()
        parent.setNeedsDisplay()
    }

    /// The view's own rectangle, at its own origin.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The view's top ancestor (itself when it has no superview).
    public var rootView: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    // MARK: Layout

    /// Marks the subviews as needing layout before the next draw.
    public func setNeedsLayout() { needsLayout = true }

    /// Lays out the subviews now if the size changed or layout was requested.
    public func layoutIfNeeded() {
        // A view whose size changed or that asked for layout marked itself and its ancestors
        // (`markLayoutPath`), so a clean subtree is skipped without visiting its views.
        guard subtreeNeedsLayout else { return }
        subtreeNeedsLayout = false
        if needsLayout || laidOutSize != frame.size {
            needsLayout = false
            laidOutSize = frame.size
            layoutSubviews()
        }
        for child in subviews { child.layoutIfNeeded() }
        // Still marked only if something asked for layout again during this pass (checked after it,
        // as a later sibling's layout may change an earlier one); a second call is then a single test.
        subtreeNeedsLayout = needsLayout || anySubviewNeedsLayout
    }

    /// True when a subview's subtree still needs layout.
    ///
    /// The hot paths of a frame use loops, not closures: a closure formed on the main actor and handed to
    /// the standard library (`contains(where:)`, `filter`) checks at run time that it runs on the main
    /// actor, which was 8% of an in-memory frame (see DECISIONS.md).
    private var anySubviewNeedsLayout: Bool {
        for child in subviews where child.subtreeNeedsLayout { return true }
        return false
    }

    /// Marks this view and its ancestors as holding a view that needs layout.
    private func markLayoutPath() {
        var view: View? = self
        while let v = view, !v.subtreeNeedsLayout {
            v.subtreeNeedsLayout = true
            view = v.superview
        }
    }

    /// Places the subviews; the default applies each subview's ``View/autoresizing`` to its design frame.
    open func layoutSubviews() {
        // Most containers (a table and its cells) have no designed subviews: an empty array allocates nothing.
        var designed: [View] = []
        for child in subviews where child.designFrame != nil && child.designSuperviewSize != nil {
            designed.append(child)
        }
        guard !designed.isEmpty else { return }
        // Children designed together are solved together, so they cannot overlap.
        var groups: [Size: [View]] = [:]
        for child in designed { groups[child.designSuperviewSize!, default: []].append(child) }
        for (designSize, children) in groups {
            var items: [AutoresizingLayout.Item] = []
            items.reserveCapacity(children.count)
            for child in children {
                items.append(
                    AutoresizingLayout.Item(
                        frame: child.designFrame!, mask: child.autoresizing, shrink: child.shrinkRule))
            }
            let frames = AutoresizingLayout.frames(for: items, designSize: designSize, size: frame.size)
            for (child, newFrame) in zip(children, frames) { child.frame = newFrame }
        }
    }

    /// The size the view would like to have: what fits its content, or its frame's size when it has no content to measure.
    ///
    /// `Application.present(_:dismissOnAnyKey:onDismiss:)` centres a view
    /// with a zero frame at this size, and ``VStack`` gives a fixed child this
    /// height. A ``Label`` measures its text, a ``Box`` its title and subviews.
    open var preferredSize: Size { frame.size }

    /// The size the view would like within `size`: its ``preferredSize`` cut to `size`.
    ///
    /// Views whose content wraps (a ``ConfirmDialog``'s message) override it to
    /// grow taller when they are narrower.
    open func sizeThatFits(_ size: Size) -> Size {
        let preferred = preferredSize
        return Size(width: max(0, min(preferred.width, size.width)), height: max(0, min(preferred.height, size.height)))
    }

    /// Records the current frame and superview size as the design the autoresizing works from.
    public func captureDesign(in superviewSize: Size) {
        designFrame = frame
        designSuperviewSize = superviewSize
    }

    // MARK: Drawing

    /// Draws the view's own content; the default fills the background when ``View/backgroundStyle`` is set.
    open func draw(in context: DrawContext) {
        if let backgroundStyle { context.fill(bounds, style: backgroundStyle) }
    }

    /// Lays out, then draws the view and its subviews on `screen` with `context` as the view's own context.
    public func render(in context: DrawContext) {
        guard !isHidden, !context.clip.isEmpty else { return }
        layoutIfNeeded()
        renderLaidOut(in: context)
    }

    private func renderLaidOut(in context: DrawContext) {
        draw(in: context)
        renderSubviews(in: context)
        drawOverlay(in: context)
    }

    /// Draws the subviews, in order; containers that know which subviews changed (a table) override it.
    open func renderSubviews(in context: DrawContext) {
        for child in subviews where !child.isHidden { renderSubview(child, in: context) }
    }

    /// Draws one subview (already laid out) in this view's `context`.
    public func renderSubview(_ child: View, in context: DrawContext) {
        var childContext = context.child(frame: child.frame)
        if let style = child.contentBaseStyle { childContext = childContext.with(baseStyle: style) }
        if let style = child.contentOverlayStyle { childContext = childContext.with(overlayStyle: style) }
        if !childContext.clip.isEmpty { child.renderLaidOut(in: childContext) }
    }

    /// True when ``draw(in:)`` writes every cell of the frame, so whatever is behind need not be cleared first.
    ///
    /// A table cell clears only the parts of its row no opaque subview covers,
    /// which halves the characters written per frame.
    open var isOpaque: Bool { backgroundStyle != nil }

    /// A style merged under everything the view and its subviews draw (a marked row's mark style).
    open var contentBaseStyle: Style? { nil }

    /// A style merged over everything the view and its subviews draw (a selected cell's selection style).
    open var contentOverlayStyle: Style? { nil }

    /// Draws over the subviews after they are drawn (a scroll indicator, a focus mark); default nothing.
    open func drawOverlay(in context: DrawContext) {}

    /// Draws the view at its frame on `screen` (a root view), with `baseStyle` merged under every style and the
    /// roles of the styles drawn looked up in `theme`.
    public func render(on screen: Screen, baseStyle: Style = .plain, theme: Theme = .dark) {
        let screenRect = Rect(origin: .zero, size: screen.size)
        let context = DrawContext(
            screen: screen, origin: frame.origin, clip: frame.intersection(screenRect),
            baseStyle: baseStyle, theme: theme)
        render(in: context)
    }

    // MARK: Tags

    fileprivate func invalidateTagIndex() {
        var view: View? = self
        while let v = view {
            v.tagIndex = nil
            view = v.superview
        }
    }

    /// The view with `tag` in this view's tree (itself included), found through a cached index.
    ///
    /// The index is built on the first look-up and kept until a subview is added,
    /// removed or re-tagged, so looking up tags in every frame of a scroll costs a
    /// dictionary access, not a walk of the tree.
    package func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        if tagIndex == nil {
            var index: [Int: View] = [:]
            func visit(_ view: View) {
                for child in view.subviews {
                    if child.tag != 0 && index[child.tag] == nil { index[child.tag] = child }
                    visit(child)
                }
            }
            visit(self)
            tagIndex = index
        }
        return tagIndex?[tag]
    }

    // MARK: Events

    /// True when the view takes keyboard focus (text fields, buttons, sliders, tables).
    open var acceptsFocus: Bool { false }

    /// True while the view has keyboard focus; set by the app.
    public package(set) var isFocused = false {
        didSet { if isFocused != oldValue { setNeedsDisplay() } }
    }

    /// Called by the app after the view got the keyboard focus (``isFocused`` is true); the default does nothing.
    open func didBecomeFocused() {}

    /// Called by the app after the view lost the keyboard focus (``isFocused`` is false); the default does nothing.
    open func didResignFocus() {}

    /// Handles a key; return true when it was used. Unused keys go to the superview.
    open func handleKey(_ key: Key) -> Bool { false }

    /// True when the view takes text as well as keys (a text field): the app then hands it typed keys that
    /// arrived together, and pasted text, in one ``handleText(_:)`` call.
    open var acceptsText: Bool { false }

    /// Handles text typed (character keys that arrived together) or pasted; return true when it was used.
    ///
    /// The app offers text only to a focused view whose ``acceptsText`` is true; a paste that no view
    /// takes is dropped, so pasted text never runs as key commands.
    open func handleText(_ text: String) -> Bool { false }

    /// Handles a mouse event at `point` in the view's coordinates; return true when it was used.
    open func handleMouse(_ event: MouseEvent, at point: Point) -> Bool { false }

    /// Receives an action sent by this view or a view inside it; return true to stop it there.
    open func handleAction(_ action: ViewAction) -> Bool { false }

    /// Marks this view's drawing as changed and asks the app showing it to draw again.
    ///
    /// The one way to invalidate a view: custom views call it when a property
    /// that changes their drawing changes; the built-in views do it themselves.
    /// It marks the view and every view around it (a table draws again only the
    /// rows whose cells changed, see `TableView.redrawsOnlyChangedRows`) and
    /// tells the ``host`` of the tree, if any; it costs one walk up the tree.
    public func setNeedsDisplay() {
        var view: View? = self
        var top: View = self
        while let v = view {
            v.storedDrawVersion &+= 1
            top = v
            view = v.superview
        }
        top.hostOfRoot?.setNeedsDisplay()
    }

    /// The app (or test driver) that shows this view's tree: the host of its root view.
    ///
    /// `Application` sets itself as the host of its root view and of the
    /// overlays it presents; actions no view handled (``sendAction(_:)``) and
    /// redraw requests (``setNeedsDisplay()``) go to it. Nil for a tree no app shows.
    public var host: ViewHost? {
        get { rootView.hostOfRoot }
        set { rootView.hostOfRoot = newValue }
    }

    /// A number that changes whenever the drawing of this view or of a view inside it changes.
    ///
    /// A table compares it with the value it saw when it last drew a cell, and
    /// draws again only the rows whose cells changed (see `TableView.redrawsOnlyChangedRows`).
    public var drawVersion: Int { storedDrawVersion }
    #if !TERMTABLE_CHECKED_ACCESS
        @exclusivity(unchecked)  // bumped up the tree by every change and compared for every row, every frame
    #endif
    private var storedDrawVersion = 0
}
