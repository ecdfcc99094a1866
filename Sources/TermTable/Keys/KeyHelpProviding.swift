/// A view that can list the keys it handles with their help (a table lists its ``TableView/keyBindings``).
///
/// ``Application/bindingsInForce`` asks the focused view and its superviews, so the help box and
/// the hint bar show the keys of whatever has the focus.
@MainActor
public protocol KeyHelpProviding: AnyObject {
    /// The keys the view handles now, with their help, each key once.
    var keyHelp: [KeyBinding] { get }
}
