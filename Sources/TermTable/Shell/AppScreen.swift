import TermTableCore

/// A screen of the app's screen stack: a view, a title, its own actions and the focus it had.
///
/// ``Application/push(_:)`` shows a screen over the one on top; ``Application/popScreen()`` (or Esc, when no
/// view of the screen takes it) goes back. The screen it covered is left as it was, views and all: its
/// table's cursor, filter and scroll, and its focus, are there again when it is back on top. The first
/// screen is the app's ``Application/rootView`` (``Application/rootScreen``), which is never popped.
///
/// A screen fills the terminal; a modal one (``isModal``) is drawn over the screens below it, centred at its
/// view's preferred size when its view has no frame, and the app's own actions are not in force while it is on
/// top (only its own, and Esc).
///
/// ```swift
/// let detail = AppScreen(VStack([Breadcrumb(), .fill(detailView)]), title: "sleep · pid 300")
/// detail.actions = [AppAction("detail.back", keys: [Key("q")], help: "back", hint: "back") { app.popScreen() }]
/// app.push(detail)
/// ```
@MainActor
public final class AppScreen {
    /// The screen's view: its frame is the terminal's (a modal screen's is its own).
    public let view: View
    /// The screen's title, as a ``Breadcrumb`` shows it.
    public var title: String {
        didSet { if title != oldValue { view.setNeedsDisplay() } }
    }
    /// True for a screen drawn over the screens below it, with the app's own actions out of force.
    public let isModal: Bool
    /// The screen's actions: in force while the focus is in its view, after those of the views nearer the focus.
    public var actions: [AppAction] = []
    /// Called after the screen was popped (by ``Application/popScreen()`` or Esc).
    public var onPop: (@MainActor () -> Void)?
    /// The view that had the focus when another screen covered this one; it gets it back when this one is on top again.
    public internal(set) weak var rememberedFocus: View?
    /// Where a modal screen goes (set when first placed).
    var placement: OverlayPlacement?

    /// A screen showing `view`, titled `title`; `isModal`: drawn over the screens below, the app's actions off.
    public init(_ view: View, title: String, isModal: Bool = false, actions: [AppAction] = []) {
        self.view = view
        self.title = title
        self.isModal = isModal
        self.actions = actions
    }
}
