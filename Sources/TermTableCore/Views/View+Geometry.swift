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
}
