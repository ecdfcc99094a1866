extension View {
    /// Converts a point in this view's coordinates to the screen's.
    public func convertToScreen(_ point: Point) -> Point {
        var p = Point(x: point.x + frame.x, y: point.y + frame.y)
        var view = superview
        while let v = view {
            p.x += v.frame.x
            p.y += v.frame.y
            view = v.superview
        }
        return p
    }

    /// True when `self` is `view` or one of its ancestors.
    public func isAncestor(of view: View) -> Bool {
        var current: View? = view
        while let v = current {
            if v === self { return true }
            current = v.superview
        }
        return false
    }
}
