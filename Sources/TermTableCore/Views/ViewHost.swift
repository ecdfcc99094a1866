/// What shows a view tree and receives what its views send: actions no view handled, redraw requests, focus moves.
///
/// `Application` is the host of its root view and of its overlays; a test
/// can host a tree with a recording object of its own. A view finds its host
/// through its root view (``View/host``), which holds it weakly.
@MainActor
public protocol ViewHost: AnyObject {
    /// An action that no view on the superview chain handled.
    func deliver(_ action: ViewAction)
    /// A view changed and the screen should be drawn again.
    func setNeedsDisplay()
    /// Gives `view` the keyboard focus (a table takes it back from a control in a cell that leaves the screen).
    func focus(_ view: View?)
    /// The view that has the keyboard focus, nil when none has (a table shows whether it is that view).
    var focusedView: View? { get }
    /// What the screen the tree is shown on can draw (an outline's guides follow it).
    var glyphs: ScreenGlyphs { get }
}

extension ViewHost {
    /// The default: the host has no focus to move.
    public func focus(_ view: View?) {}
    /// The default: no view has the focus.
    public var focusedView: View? { nil }
    /// The default: Unicode.
    public var glyphs: ScreenGlyphs { .unicode }
}
