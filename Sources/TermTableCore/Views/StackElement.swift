/// Anything a ``VStack`` or an ``HStack`` takes as a child: a view (as ``StackItem/fixed(_:height:)``) or a ``StackItem``.
///
/// ```swift
/// let screen = VStack([titleBar, .fill(table), statusLine])
/// ```
@MainActor
public protocol StackElement {
    /// The child and how its height is chosen.
    var stackItem: StackItem { get }
}

extension View: StackElement {
    /// The view at a fixed height: the height it has, or its preferred height when it has none yet.
    public var stackItem: StackItem { .fixed(self) }
}

extension StackElement where Self == StackItem {
    /// `view` at `height` lines; without `height`, the view's current height, or, when that is 0, its preferred height (a label's 1 line).
    public static func fixed(_ view: View, height: Int? = nil) -> StackItem {
        var item = StackItem(
            view: view,
            height: .lines(max(0, height ?? (view.frame.height > 0 ? view.frame.height : view.preferredSize.height))))
        item.lengthFromView = height == nil
        return item
    }

    /// `view` at `width` columns, in an ``HStack`` (a view given to an `HStack` as it is, or `.fixed(view)`,
    /// takes its current width, or, when that is 0, its preferred width).
    public static func fixed(_ view: View, width: Int) -> StackItem {
        StackItem(view: view, height: .lines(max(0, width)))
    }

    /// `view` at the height it asks for at each layout (``View/sizeThatFits(_:)`` at the stack's width): a label that wraps, a box;
    /// in an ``HStack``, at the width it asks for at the stack's height.
    public static func fitting(_ view: View) -> StackItem {
        StackItem(view: view, height: .fitting)
    }

    /// `view` taking the lines (in an ``HStack``, the columns) the fixed children leave, shared with the other
    /// filling children by `weight`.
    public static func fill(_ view: View, weight: Int = 1) -> StackItem {
        StackItem(view: view, height: .fill(weight: max(1, weight)))
    }
}
