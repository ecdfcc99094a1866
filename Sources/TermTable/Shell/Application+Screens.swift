import TermTableCore

extension Application {
    /// The screens shown, the root first and the top last (see ``push(_:)``).
    public var screens: [AppScreen] { screenStack }

    /// The first screen: the app's ``rootView``, never popped. Its ``AppScreen/title`` is the first a
    /// ``Breadcrumb`` shows (empty, the default: none).
    public var rootScreen: AppScreen { screenStack[0] }

    /// The screen on top: the one that takes the keys.
    public var topScreen: AppScreen { screenStack[screenStack.count - 1] }

    /// Shows `screen` over the one on top, which keeps its views as they are (cursor, filter, scroll) and the view
    /// that had the focus; the first view of `screen` that accepts focus gets it. A screen already in the stack
    /// is not pushed again.
    public func push(_ screen: AppScreen) {
        guard !screenStack.contains(where: { $0 === screen }) else { return }
        topScreen.rememberedFocus = focusedView
        screenStack.append(screen)
        screen.view.host = self
        placeScreens([screen], resized: true)
        focus(Application.firstFocusable(in: screen.view))
        setNeedsDisplay()
    }

    /// Takes the top screen away and shows the one below as it was left, the focus back on the view that had it;
    /// returns the screen popped, nil when only the root is left (it is never popped). Then the popped screen's
    /// ``AppScreen/onPop`` runs.
    @discardableResult
    public func popScreen() -> AppScreen? {
        guard screenStack.count > 1 else { return nil }
        let popped = screenStack.removeLast()
        if popped.view.host === self { popped.view.host = nil }
        let top = topScreen
        var restored = top.rememberedFocus
        if let view = restored, !(view.acceptsFocus && Application.isShown(view, in: top.view)) { restored = nil }
        top.rememberedFocus = nil
        placeScreens(shownScreens, resized: true)
        focus(restored ?? Application.firstFocusable(in: top.view))
        popped.onPop?()
        setNeedsDisplay()
        return popped
    }

    /// Pops screens until `screen` is on top (nothing when it is not in the stack).
    public func popToScreen(_ screen: AppScreen) {
        guard screenStack.contains(where: { $0 === screen }) else { return }
        while topScreen !== screen, popScreen() != nil {}
    }

    /// The screens drawn: the top one and, under a modal one, those below down to the first that is not modal.
    var shownScreens: ArraySlice<AppScreen> {
        let base = screenStack.lastIndex { !$0.isModal } ?? 0
        return screenStack[base...]
    }

    /// Gives screens their frames: the terminal's, or a modal one's centred size (or its own frame, kept on the
    /// screen). Only after a resize or a push (`resized`) are frames a modal screen set itself kept in place.
    func placeScreens<Screens: Sequence<AppScreen>>(_ screens: Screens, resized: Bool, size: Size? = nil) {
        let size = size ?? screen.size
        for shown in screens {
            if !shown.isModal {
                let full = Rect(origin: .zero, size: size)
                if shown.view.frame != full { shown.view.frame = full }
                continue
            }
            if shown.placement == nil {
                shown.placement = shown.view.frame == .zero ? .centred : .frame(shown.view.frame)
            }
            if let placement = shown.placement, resized || placement == .centred {
                place(shown.view, placement, on: size)
            }
        }
    }
}
