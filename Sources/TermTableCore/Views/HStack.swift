/// Lays out views from left to right at the stack's full height: the ``VStack`` rule turned sideways.
///
/// The usual screen of several lists, a list beside what it points at, the
/// article pane hidden on narrow terminals:
///
/// ```swift
/// let panes = HStack([.fill(list).minimum(30), .fill(article, weight: 2).hidden(below: 100)], divider: .line(.dim))
/// let screen = VStack([titleBar, .fill(panes), statusLine])
/// ```
///
/// Fixed children (``StackElement/fixed(_:width:)``, or a view given as it is,
/// at its width) and ``StackElement/fitting(_:)`` children get their widths
/// first, from the left; the filling children (``StackElement/fill(_:weight:)``)
/// share what is left by weight, each at least its ``StackItem/minimum(_:)``
/// while there is room for every minimum. A child marked
/// ``StackItem/hidden(below:)`` is hidden, taking no room, while the stack is
/// narrower than that. No child gets a negative width or leaves the stack; at
/// 0 columns nothing shows. Dividers (``divider``) take a column between shown
/// children, or, for bordered children, are the border they share. Hidden
/// children take no room (after hiding or showing one, call
/// ``View/setNeedsLayout()`` on the stack). Stacks nest in each other.
open class HStack: View, CopyableView {
    /// The children, left to right.
    public private(set) var items: [StackItem] = []
    /// What is drawn between the children (default nothing).
    public var divider: StackDivider = .none {
        didSet {
            if divider != oldValue {
                setNeedsLayout()
                setNeedsDisplay()
            }
        }
    }

    /// Creates a stack of `elements`, left to right: views (at their widths), or items such as `.fill(table)`.
    public init(_ elements: [any StackElement], divider: StackDivider = .none, frame: Rect = .zero) {
        self.divider = divider
        super.init(frame: frame)
        setElements(elements)
    }

    public required override init(copying other: View) {
        super.init(copying: other)
        guard let other = other as? HStack else { return }
        divider = other.divider
        // The copied subviews are in the original's order: map each item to its copy by position.
        items = other.items.compactMap { item in
            guard let index = other.subviews.firstIndex(where: { $0 === item.view }) else { return nil }
            var copied = item
            copied.view = subviews[index]
            return copied
        }
    }

    /// Replaces the children: the old ones are removed from the stack, the new ones added in order.
    public func setElements(_ elements: [any StackElement]) {
        for item in items where item.view.superview === self {
            (item.view as? Box)?.joinsLeftEdge = false
            item.view.removeFromSuperview()
        }
        items = elements.map(HStack.item(for:))
        for item in items { addSubview(item.view) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// The item for `element`: a view, or `.fixed(view)`, at the view's width rather than its height.
    static func item(for element: any StackElement) -> StackItem {
        if let view = element as? View { return .fixed(view, width: HStack.ownWidth(of: view)) }
        var item = element.stackItem
        if item.lengthFromView {
            item.height = .lines(HStack.ownWidth(of: item.view))
            item.lengthFromView = false
        }
        return item
    }

    /// The view's width, or, when that is 0, its preferred width.
    static func ownWidth(of view: View) -> Int {
        view.frame.width > 0 ? view.frame.width : view.preferredSize.width
    }

    /// Changes how the child `view` takes its width (for example to show a pane wider).
    public func setWidth(_ width: StackItem.Height, for view: View) {
        guard let index = items.firstIndex(where: { $0.view === view }) else { return }
        items[index].height = width
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Columns between two shown children.
    package var gap: Int {
        if case .line = divider { return 1 }
        return 0
    }

    /// The tallest child's preferred height, and the fixed children's widths plus each other child's preferred width.
    open override var preferredSize: Size {
        var width = 0
        var height = 0
        var shown = 0
        for item in items where !item.view.isHidden {
            let preferred = item.view.preferredSize
            height = max(height, preferred.height)
            if case .lines(let lines) = item.height { width += lines } else { width += preferred.width }
            shown += 1
        }
        return Size(width: width + max(0, shown - 1) * gap, height: height)
    }

    /// The widths of the children at a stack of `size`, in the order of ``items`` (0 for hidden ones).
    public func widths(in size: Size) -> [Int] {
        StackLayout.lengths(of: items, in: self, length: size.width, gap: gap) { view, room in
            view.sizeThatFits(Size(width: room, height: max(0, size.height))).width
        }
    }

    /// Places the children left to right at the stack's height, a divider column between shown ones.
    open override func layoutSubviews() {
        StackLayout.applyHiding(to: &items, length: frame.width)
        let width = max(0, frame.width)
        let height = max(0, frame.height)
        var x = 0
        var first = true
        var boxOnTheLeft = false
        for (item, childWidth) in zip(items, widths(in: frame.size)) where item.view.superview === self {
            let shown = item.isShown(in: self, length: width)
            if shown && !first { x = min(x + gap, width) }
            item.view.frame = Rect(x: min(x, width), y: 0, width: childWidth, height: height)
            if let box = item.view as? Box {
                box.joinsLeftEdge = shown && divider == .sharedBorders && boxOnTheLeft && childWidth > 0
            }
            if shown {
                first = false
                if childWidth > 0 { boxOnTheLeft = item.view is Box }
            }
            x += childWidth
        }
    }

    /// The shown children with columns, left to right.
    var shownChildren: [View] {
        var shown: [View] = []
        for item in items where item.isShown(in: self, length: frame.width) && item.view.frame.width > 0 {
            shown.append(item.view)
        }
        return shown
    }

    /// Draws the divider lines (``StackDivider/line(_:)``) between the shown children.
    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        guard case .line(let style) = divider else { return }
        let children = shownChildren
        for (left, _) in zip(children, children.dropFirst()) where left.frame.maxX < frame.width {
            context.fill(Rect(x: left.frame.maxX, y: 0, width: 1, height: frame.height), with: "│", style: style)
        }
    }

    /// Draws the borders shared by neighbouring boxes (``StackDivider/sharedBorders``): `┬`, `│` and `┴`.
    open override func drawOverlay(in context: DrawContext) {
        guard divider == .sharedBorders, frame.height >= 2 else { return }
        let children = shownChildren
        for (left, right) in zip(children, children.dropFirst()) {
            guard let leftBox = left as? Box, let rightBox = right as? Box, rightBox.joinsLeftEdge,
                leftBox.frame.width >= 2
            else { continue }
            let style = rightBox.showsFocusedLook ? rightBox.currentBorderStyle : leftBox.currentBorderStyle
            let x = leftBox.frame.maxX - 1
            context.put("┬", at: Point(x: x, y: 0), style: style)
            if frame.height > 2 {
                context.fill(Rect(x: x, y: 1, width: 1, height: frame.height - 2), with: "│", style: style)
            }
            context.put("┴", at: Point(x: x, y: frame.height - 1), style: style)
        }
    }
}
