/// What a key of the log viewer asks for.
public enum LogCommand: Sendable, Equatable {
    /// `/`: filter as you type.
    case filter
    /// `n`: the next error below.
    case nextError
    /// `N`: the previous error above.
    case previousError
    /// Esc: close the entry view.
    case closeEntry
    /// Space: expand the entry under the cursor into its lines (or back).
    case expand
    /// `?`: the keys.
    case help
    /// `q`: quit (in the entry view: back).
    case back
}
