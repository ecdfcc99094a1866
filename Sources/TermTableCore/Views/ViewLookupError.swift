/// A view found by tag or name is not of the class the code asked for.
package enum ViewLookupError: Error, CustomStringConvertible, Equatable {
    /// The view with `tag` is a `found`, not the `expected` class.
    case wrongClassForTag(Int, expected: String, found: String)
    /// The view named `name` is a `found`, not the `expected` class.
    case wrongClassForName(String, expected: String, found: String)

    /// A sentence naming the tag or name, the class asked for and the class found.
    public var description: String {
        switch self {
        case .wrongClassForTag(let tag, let expected, let found):
            return
                "viewWithTag(\(tag), as: \(expected).self): the view with tag \(tag) is a \(found), not a \(expected)"
                + " (check the field's kind in the layout, or the class asked for)"
        case .wrongClassForName(let name, let expected, let found):
            return
                "view(named: \"\(name)\", as: \(expected).self): the view named \"\(name)\" is a \(found), not a \(expected)"
                + " (check the field's kind in the layout, or the class asked for)"
        }
    }
}
