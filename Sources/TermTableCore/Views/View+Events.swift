extension View {
    /// True when the view or one of its subviews has the keyboard focus.
    public var containsFocusedView: Bool {
        if isFocused { return true }
        for child in subviews where child.containsFocusedView { return true }
        return false
    }

    /// The deepest visible view under `point` (in the superview's coordinates).
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, frame.contains(point) else { return nil }
        let local = Point(x: point.x - frame.x, y: point.y - frame.y)
        for child in subviews.reversed() {
            if let hit = child.hitTest(local) { return hit }
        }
        return self
    }

    /// Sends the action named `name` up the superview chain until a view handles it.
    public func sendAction(_ name: String) {
        let action = ViewAction(name: name, sender: self)
        var view: View? = self
        while let v = view {
            if v.handleAction(action) { return }
            view = v.superview
        }
        host?.deliver(action)
    }
}
