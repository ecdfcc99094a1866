import TermTableCore

extension Application {
    /// The view a press on `hit` focuses: `hit` or its nearest ancestor (up to `root`) that accepts focus.
    static func focusTarget(of hit: View, within root: View) -> View? {
        var current: View? = hit
        while let view = current {
            if view.acceptsFocus { return view }
            if view === root { return nil }
            current = view.superview
        }
        return nil
    }

    /// The subview indices from `view`'s root down to `view`.
    static func indexPath(of view: View) -> [Int] {
        var path: [Int] = []
        var node = view
        while let parent = node.superview {
            guard let index = parent.subviews.firstIndex(where: { $0 === node }) else { break }
            path.append(index)
            node = parent
        }
        return path.reversed()
    }

    /// Records where the focused view stands, so the focus can go to its neighbour once it is gone.
    func rememberFocusPath() {
        guard let focusedView else { return }
        focusPath = Application.indexPath(of: focusedView)
        focusPathRoot = focusedView.rootView
    }

    /// Where the focus goes when the focused view left the screen: ``preferredFocus`` when it is shown in
    /// `root` and accepts focus, else the next view in focus order after where the focused view stood, else
    /// the one before it (so a pane that hides gives the focus to the pane beside it, not to the first one).
    func replacementFocus(in root: View) -> View? {
        if let preferred = preferredFocus, preferred.acceptsFocus, Application.isShown(preferred, in: root) {
            return preferred
        }
        let path: [Int]
        if let focusedView, focusedView.rootView === root {
            path = Application.indexPath(of: focusedView)
        } else if focusPathRoot === root {
            path = focusPath
        } else {
            return Application.firstFocusable(in: root)
        }
        var before: View?
        var after: View?
        func visit(_ view: View, at viewPath: [Int]) {
            guard after == nil, !view.isHidden else { return }
            if view.acceptsFocus && view !== focusedView {
                // A view at the very path took a removed view's place: it counts as the next one.
                if viewPath.lexicographicallyPrecedes(path) {
                    before = view
                } else {
                    after = view
                    return
                }
            }
            for (index, child) in view.subviews.enumerated() { visit(child, at: viewPath + [index]) }
        }
        visit(root, at: [])
        return after ?? before
    }

    /// True when `view` is in `root`'s tree with no hidden view on the way.
    static func isShown(_ view: View, in root: View) -> Bool {
        var current: View? = view
        while let v = current {
            if v.isHidden { return false }
            if v === root { return true }
            current = v.superview
        }
        return false
    }

    /// The focus appeared or went away: tables draw their cursor row as focused or not (see
    /// `TableView.unfocusedCursorStyle`) by whether another view has the focus, so they mark their rows again.
    func focusPresenceChanged() {
        for root in screenStack.map(\.view) + overlays.map(\.view) {
            for table in root.subviews(of: TableView.self) { table.setNeedsLayout() }
            (root as? TableView)?.setNeedsLayout()
        }
    }
}
