/// What a key does in a ``TextView`` (see ``TextView/keyBindings``).
public enum TextViewCommand: String, Sendable, CaseIterable {
    /// Scroll up a line.
    case lineUp
    /// Scroll down a line.
    case lineDown
    /// Scroll up a page (the view's height less one line, kept for context).
    case pageUp
    /// Scroll down a page.
    case pageDown
    /// Show the beginning.
    case top
    /// Show the end.
    case bottom

    /// What the command does, as the help box says it (`"down"`).
    public var help: String {
        switch self {
        case .lineUp: return "up"
        case .lineDown: return "down"
        case .pageUp: return "page up"
        case .pageDown: return "page down"
        case .top: return "beginning"
        case .bottom: return "end"
        }
    }
}
