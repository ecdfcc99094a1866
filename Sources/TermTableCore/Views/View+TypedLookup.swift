extension View {
    /// The view with `tag` as a `type`; nil when no view has the tag.
    ///
    /// A view with the tag that is of another class is a programmer error (a
    /// field's kind changed in the layout, a wrong class in the code): the
    /// terminal is restored and the program stops with a message naming the tag,
    /// the class asked for and the class found, instead of a silent nil.
    /// With ``view(named:as:)`` and the typed cells a layout generates, this is how an app finds
    /// a view; the untyped, throwing and by-class look-ups are the package's own.
    ///
    /// ```swift
    /// cell.viewWithTag(1, as: Label.self)?.text = article.title
    /// ```
    public func viewWithTag<T: View>(_ tag: Int, as type: T.Type) -> T? {
        do {
            return try checkedViewWithTag(tag, as: type)
        } catch {
            TerminalGuard.fail("\(error)")
        }
    }

    /// The view with `tag` as a `type`, nil when no view has the tag; throws when the view is of another class.
    package func checkedViewWithTag<T: View>(_ tag: Int, as type: T.Type) throws(ViewLookupError) -> T? {
        guard let view = viewWithTag(tag) else { return nil }
        guard let match = view as? T else {
            throw .wrongClassForTag(
                tag, expected: String(describing: T.self), found: String(describing: Swift.type(of: view)))
        }
        return match
    }

    /// The first view named `name` as a `type`; nil when no view has the name, a stop with a message when it is of another class.
    ///
    /// Like ``viewWithTag(_:as:)``: the wrong class is a programmer error, not
    /// a silent nil.
    public func view<T: View>(named name: String, as type: T.Type) -> T? {
        do {
            return try checkedView(named: name, as: type)
        } catch {
            TerminalGuard.fail("\(error)")
        }
    }

    /// The first view named `name` as a `type`, nil when none has the name; throws when it is of another class.
    package func checkedView<T: View>(named name: String, as type: T.Type) throws(ViewLookupError) -> T? {
        guard let view = view(named: name) else { return nil }
        guard let match = view as? T else {
            throw .wrongClassForName(
                name, expected: String(describing: T.self), found: String(describing: Swift.type(of: view)))
        }
        return match
    }

    /// The first view in this tree (depth first, itself included) named `name`.
    package func view(named name: String) -> View? {
        if self.name == name { return self }
        for child in subviews {
            if let found = child.view(named: name) { return found }
        }
        return nil
    }

    /// The first subview (depth first, not itself) of type `type`.
    package func firstSubview<T: View>(of type: T.Type) -> T? {
        for child in subviews {
            if let match = child as? T { return match }
            if let found = child.firstSubview(of: type) { return found }
        }
        return nil
    }

    /// Every subview (depth first, not itself) of type `type`, in drawing order.
    package func subviews<T: View>(of type: T.Type) -> [T] {
        var result: [T] = []
        for child in subviews {
            if let match = child as? T { result.append(match) }
            result += child.subviews(of: type)
        }
        return result
    }
}
