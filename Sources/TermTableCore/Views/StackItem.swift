/// One child of a ``VStack`` or an ``HStack``: a view and how its length along the stack is chosen.
///
/// Made with ``StackElement/fixed(_:height:)``, ``StackElement/fitting(_:)`` or
/// ``StackElement/fill(_:weight:)``; a view given to a stack as it is counts as `.fixed(view)`.
@MainActor
public struct StackItem: StackElement {
    /// How a child's height is chosen.
    public enum Height: Equatable, Sendable {
        /// Exactly this many lines (fewer when the stack has no room).
        case lines(Int)
        /// What the view asks for with ``View/sizeThatFits(_:)`` at the stack's width.
        case fitting
        /// A share of the lines left after the other children, in proportion to `weight`.
        case fill(weight: Int)
    }

    /// The child view.
    public var view: View
    /// How its length along the stack is chosen: its height in a ``VStack``, its width in an ``HStack``.
    public var height: Height
    /// The length a filling child gets at least, while the stack has room for every filling child's minimum
    /// (see ``minimum(_:)``); 0 for none.
    public var minimumLength = 0
    /// The stack's length (columns of an ``HStack``, lines of a ``VStack``) below which the child is hidden
    /// and takes no room (see ``hidden(below:)``); nil to show it at every size.
    public var hiddenBelow: Int?
    /// True when the length was taken from the view when the item was made (`.fixed(view)`): an ``HStack``
    /// takes the view's width instead of its height.
    package var lengthFromView = false
    /// True while the stack hides the view because it is shorter than ``hiddenBelow`` (it shows it again).
    package var hiddenByStack = false

    /// Creates an item; see also the shorter ``StackElement/fill(_:weight:)`` and its siblings.
    public init(view: View, height: Height) {
        self.view = view
        self.height = height
    }

    /// The item with a minimum length: a filling child gets at least `length` (columns in an ``HStack``)
    /// before the rest is shared by weight, as long as the stack has room for every filling child's minimum.
    ///
    /// ```swift
    /// HStack([.fill(list).minimum(30), .fill(article, weight: 2)])
    /// ```
    public func minimum(_ length: Int) -> StackItem {
        var item = self
        item.minimumLength = max(0, length)
        return item
    }

    /// The item hidden, taking no room, while the stack is shorter than `length` (narrower, in an ``HStack``).
    ///
    /// ```swift
    /// HStack([.fill(parent), .fill(current, weight: 2), .fill(preview, weight: 3).hidden(below: 60)])
    /// ```
    public func hidden(below length: Int) -> StackItem {
        var item = self
        item.hiddenBelow = length
        return item
    }

    /// True when the child takes room in `stack` at `length` along its axis.
    package func isShown(in stack: View, length: Int) -> Bool {
        guard !view.isHidden || hiddenByStack, view.superview === stack else { return false }
        if let hiddenBelow, length < hiddenBelow { return false }
        return true
    }

    /// The item itself.
    public var stackItem: StackItem { self }
}
