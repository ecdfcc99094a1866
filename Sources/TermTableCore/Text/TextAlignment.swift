/// Where text sits in a field wider than the text.
public enum TextAlignment: String, Sendable, CaseIterable {
    /// Against the left edge.
    case left
    /// Centred, an odd spare column going to the right.
    case center
    /// Against the right edge.
    case right
}
