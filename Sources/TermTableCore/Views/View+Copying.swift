extension View {
    /// The view of this copy that stands where `view` stands in `original`'s tree (`original` itself gives `self`).
    ///
    /// For ``didCopy(from:)``: the copy's subviews are copies of the original's
    /// ``subviewsForCopy``, level by level, so a view is found by its position.
    /// Nil when `view` is not in `original`'s copied tree or the copy's tree
    /// has changed shape.
    public func counterpart<T: View>(of view: T, in original: View) -> T? {
        var path: [Int] = []
        var node: View = view
        while node !== original {
            guard let parent = node.superview,
                let index = parent.subviewsForCopy.firstIndex(where: { $0 === node })
            else { return nil }
            path.append(index)
            node = parent
        }
        var found: View = self
        for index in path.reversed() {
            let children = found.subviewsForCopy
            guard index < children.count else { return nil }
            found = children[index]
        }
        return found as? T
    }
}
