/// One child of a ``VStack``: a view and how its height is chosen.
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
    /// How its height is chosen.
    public var height: Height

    /// Creates an item; see also the shorter ``StackElement/fill(_:weight:)`` and its siblings.
    public init(view: View, height: Height) {
        self.view = view
        self.height = height
    }

    /// The item itself.
    public var stackItem: StackItem { self }
}
