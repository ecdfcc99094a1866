/// How a view gives way when its superview is narrower than the design: the layout format's `min-width=`, `shrink=` and `hide-below=`.
///
/// When the views of a line no longer fit, ``AutoresizingLayout`` takes the
/// missing columns from them in rising ``priority``: first it narrows views
/// down to their ``minimumWidth`` (views of one priority share the loss), then,
/// if the line still does not fit, it hides whole views, again in rising
/// priority (the rightmost first among equals). A view hidden this way or by
/// ``hiddenBelowWidth`` takes no room: its width is 0 and the gap after it
/// goes too, so it never cuts its neighbours.
public struct ShrinkRule: Hashable, Sendable {
    /// The fewest columns the view may be narrowed to before it is hidden (`min-width=N`).
    ///
    /// Nil: 1 for a view with a flexible width, its design width for any other
    /// view (it is hidden whole rather than narrowed). Values below 1 count as 1:
    /// a view is never drawn 0 columns wide without being hidden.
    public var minimumWidth: Int?
    /// The order in which views give way, lowest first (`shrink=N`, 0 to 99).
    ///
    /// Nil: 0 for a view with a flexible width, ``ShrinkRule/lastPriority`` for
    /// any other view (after every numbered one).
    public var priority: Int?
    /// The superview width below which the view is hidden and takes no room (`hide-below=N`).
    public var hiddenBelowWidth: Int?

    /// The priority of a view that does not stretch and has no `shrink=`: it gives way last.
    public static let lastPriority = 100
    /// The largest width `min-width=` and `hide-below=` take in a layout file.
    public static let widestField = 10_000

    /// Creates a rule; nil values take the defaults described on each property.
    public init(minimumWidth: Int? = nil, priority: Int? = nil, hiddenBelowWidth: Int? = nil) {
        self.minimumWidth = minimumWidth
        self.priority = priority
        self.hiddenBelowWidth = hiddenBelowWidth
    }

    /// The minimum width a view of `designWidth` gets under this rule.
    public func effectiveMinimumWidth(designWidth: Int, stretches: Bool) -> Int {
        max(1, min(designWidth, minimumWidth ?? (stretches ? 1 : designWidth)))
    }

    /// The priority a view gets under this rule.
    public func effectivePriority(stretches: Bool) -> Int {
        priority ?? (stretches ? 0 : ShrinkRule.lastPriority)
    }
}
