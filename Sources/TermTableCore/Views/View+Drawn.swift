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
    @inlinable @inline(__always)
    public func updateDrawn<Value: Equatable>(_ storage: inout Value, to value: Value) {
        guard storage != value else { return }
        storage = value
        setNeedsDisplay()
    }
}
