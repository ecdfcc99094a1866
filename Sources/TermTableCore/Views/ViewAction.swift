/// An action a view sent: its name (from the layout's `action=`) and the view that sent it.
@MainActor
public struct ViewAction {
    /// The action's name.
    public var name: String
    /// The view that sent it (a button, a slider, a text field).
    public var sender: View

    /// The nearest view of type `type` around the sender (itself included), e.g. its table cell.
    public func enclosing<T: View>(_ type: T.Type) -> T? {
        var view: View? = sender
        while let v = view {
            if let match = v as? T { return match }
            view = v.superview
        }
        return nil
    }
}
