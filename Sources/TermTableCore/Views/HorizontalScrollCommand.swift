/// What a key does to a one-line text scrolled sideways (``/TermTableCore/Label/horizontalOffset``).
public enum HorizontalScrollCommand: String, Sendable, CaseIterable {
    /// Scroll left by the step.
    case left
    /// Scroll right by the step.
    case right
    /// Show the start of the text.
    case start
    /// Show the end of the text at the right edge.
    case end

    /// What the command does, as the help box says it (`"scroll left"`).
    public var help: String {
        switch self {
        case .left: return "scroll left"
        case .right: return "scroll right"
        case .start: return "line start"
        case .end: return "line end"
        }
    }

    /// The keys of `less -S` and vi: ←/h and →/l by a step, 0 and $ to the ends.
    public static let defaultKeyBindings: [Key: HorizontalScrollCommand] = [
        .left: .left, Key("h"): .left,
        .right: .right, Key("l"): .right,
        Key("0"): .start, Key("$"): .end,
    ]
}
