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

    /// The view of this copy that stands where `view` stands in `original`'s copied tree; for
    /// ``didCopy(from:)``, where an outlet that `init(copying:)` took from the original is pointed at the copy's
    /// own view: `contentView = copiedView(of: contentView, in: original)`.
    ///
    /// Cheaper than ``CopyableView/repointOutlets(_:from:)`` (no key paths), for a class copied per row
    /// shown. A view not in the copied tree is a programmer error: the program stops with a message.
    public func copiedView<T: View>(of view: T, in original: View) -> T {
        guard let copied = counterpart(of: view, in: original) else {
            TerminalGuard.fail("\(Swift.type(of: self)): an outlet holds a view that is not among the copied subviews")
        }
        return copied
    }
}

/// A view that can be copied with ``View/copy()``: a cell cloned from a template, and every view a cloned or
/// copied view contains.
///
/// The toolkit's views and cells adopt it, and so do their subclasses. A class of an app adopts it only when
/// its views are cloned (a cell built in code that a table copies, a view inside one): its
/// `required init(copying:)` copies the properties the class adds and calls `super.init(copying:)`, and
/// ``View/didCopy(from:)`` re-points its outlets with ``repointOutlets(_:from:)``. An app's root views, shown
/// once, adopt nothing and write no copy code.
@MainActor
public protocol CopyableView: View {
    /// A deep copy of `other`, a view of this class.
    init(copying other: View)
}

extension CopyableView {
    /// Points each outlet (a property holding one of this view's subviews) at the copy's own subview that
    /// stands where the original's does; for ``View/didCopy(from:)``, with the `original` it is given.
    ///
    /// ```swift
    /// override func didCopy(from original: View) {
    ///     super.didCopy(from: original)
    ///     repointOutlets(\.title, \.date, from: original)
    /// }
    /// ```
    ///
    /// An outlet that is not in the original's copied tree is a programmer error: the program stops with a
    /// message naming the class.
    public func repointOutlets<each Outlet: View>(
        _ outlets: repeat ReferenceWritableKeyPath<Self, each Outlet>, from original: View
    ) {
        guard let original = original as? Self else { return }
        func repoint<Kind: View>(_ outlet: ReferenceWritableKeyPath<Self, Kind>) {
            self[keyPath: outlet] = copiedView(of: original[keyPath: outlet], in: original)
        }
        repeat repoint(each outlets)
    }
}
