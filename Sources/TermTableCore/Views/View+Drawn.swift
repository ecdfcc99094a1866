extension View {
    /// Sets `storage` to `value` and, when that changes it, asks for a redraw: the setter of a property that
    /// changes what the view draws.
    ///
    /// ```swift
    /// public var alignment: TextAlignment {
    ///     get { drawn.alignment }
    ///     set { updateDrawn(&drawn.alignment, to: newValue) }
    /// }
    /// ```
    ///
    /// Inlined, so a setter costs what the hand-written comparison did; the storage keeps its own
    /// `@exclusivity(unchecked)` (one struct of a view's drawn properties needs one `#if`).
    /// Returns whether it changed, for a setter that does more on a change.
    @inlinable @inline(__always) @discardableResult
    public func updateDrawn<Value: Equatable>(_ storage: inout Value, to value: Value) -> Bool {
        guard storage != value else { return false }
        storage = value
        setNeedsDisplay()
        return true
    }

    /// Sets `storage` to `value` and, when that changes it, asks for a layout and a redraw: the setter of a
    /// property that changes where the view's subviews go (an indentation, an accessory's width).
    /// Returns whether it changed.
    @inlinable @inline(__always) @discardableResult
    public func updateLaidOut<Value: Equatable>(_ storage: inout Value, to value: Value) -> Bool {
        guard storage != value else { return false }
        storage = value
        setNeedsLayout()
        setNeedsDisplay()
        return true
    }
}
