/// What an ``HStack`` draws between its children.
public enum StackDivider: Equatable, Sendable {
    /// Nothing: the children touch.
    case none
    /// A vertical line (`│`) one column wide between every two shown children, in `style`.
    case line(Style)
    /// Bordered children (``Box``es, panes) share the border between them, `┌─ a ─┬─ b ─┐` rather than
    /// `┌─ a ─┐┌─ b ─┐`; the shared line takes the focused look of the box that contains the focus.
    case sharedBorders
}
