/// Stacks views from top to bottom at the stack's full width: bars of fixed height around views that take the rest.
///
/// The usual screen of a list app, a title bar, the table and a status line,
/// with no frames written by hand:
///
/// ```swift
/// let screen = VStack([titleBar, .fill(table), statusLine])
/// let app = Application(screen: terminal, rootView: screen)
/// ```
///
/// Fixed children (``StackElement/fixed(_:height:)``, or a view given as it is,
/// and ``StackElement/fitting(_:)``) get their heights first, from the top; the
/// filling children (``StackElement/fill(_:weight:)``) share what is left by
/// weight (cumulative rounding: each gets its share rounded down or up). When the stack is too short,
/// filling children get 0 lines and fixed children are cut from the bottom, so
/// at 1 line only the top bar shows and at 0 lines nothing does. No child ever
/// gets a negative height. Hidden children take no room (after hiding or
/// showing one, call ``View/setNeedsLayout()`` on the stack). A filling child
/// can have a minimum (`.fill(log).minimum(5)`) and any child can hide below a
/// stack height (`.hidden(below: 20)`), as in an ``HStack``, whose rule this is
/// turned sideways.
open class VStack: View, CopyableView {
    /// The children, top to bottom.
    public private(set) var items: [StackItem] = []

    /// Creates a stack of `elements`, top to bottom: views, or items such as `.fill(table)`.
    public init(_ elements: [any StackElement], frame: Rect = .zero) {
        super.init(frame: frame)
        setElements(elements)
    }

    public required override init(copying other: View) {
        super.init(copying: other)
        guard let other = other as? VStack else { return }
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
        for item in items where item.view.superview === self { item.view.removeFromSuperview() }
        items = elements.map(\.stackItem)
        for item in items { addSubview(item.view) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Changes how the child `view` takes its height (for example to show a panel taller).
    public func setHeight(_ height: StackItem.Height, for view: View) {
        guard let index = items.firstIndex(where: { $0.view === view }) else { return }
        items[index].height = height
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// The widest child's preferred width, and the fixed children's heights plus each filling child's preferred height.
    open override var preferredSize: Size {
        var width = 0
        var height = 0
        for item in items where !item.view.isHidden {
            let preferred = item.view.preferredSize
            width = max(width, preferred.width)
            if case .lines(let lines) = item.height { height += lines } else { height += preferred.height }
        }
        return Size(width: width, height: height)
    }

    /// The heights of the children at a stack of `size`, in the order of ``items`` (0 for hidden ones).
    public func heights(in size: Size) -> [Int] {
        StackLayout.lengths(of: items, in: self, length: size.height, gap: 0) { view, room in
            view.sizeThatFits(Size(width: max(0, size.width), height: room)).height
        }
    }

    /// Places the children top to bottom at the stack's width.
    open override func layoutSubviews() {
        StackLayout.applyHiding(to: &items, length: frame.height)
        let width = max(0, frame.width)
        var y = 0
        for (item, height) in zip(items, heights(in: frame.size)) where item.view.superview === self {
            item.view.frame = Rect(x: 0, y: y, width: width, height: height)
            y += height
        }
    }
}
