import TermTableCore

/// Where an overlay goes, and goes again when the screen changes size.
enum OverlayPlacement: Equatable {
    /// Centred at the size the view asks for (``/TermTableCore/View/sizeThatFits(_:)`` at the screen's size).
    case centred
    /// The bottom line, full width (a prompt).
    case bottomLine
    /// The frame the view had when presented, moved and cut to stay on the screen.
    case frame(Rect)
}

extension Application {
    /// Shows `view` over the screen, taking all input until dismissed (Esc dismisses it).
    ///
    /// A view with a zero frame is centred at its preferred size
    /// (``/TermTableCore/View/sizeThatFits(_:)`` at the screen's size: a ``/TermTableCore/Box`` fits its title
    /// and subviews), and centred again whenever the screen or the view's
    /// preferred size changes. A view with a frame is placed where its frame
    /// says, and moved (or cut) to stay on a screen that became smaller.
    /// `dismissOnAnyKey` closes it on any key the view does not handle, or a click outside it (a help box). The first
    /// view inside that accepts focus gets it; the focus goes back when it closes.
    public func present(_ view: View, dismissOnAnyKey: Bool = false, onDismiss: (@MainActor () -> Void)? = nil) {
        let placement: OverlayPlacement
        if view is PromptLine {
            placement = .bottomLine
        } else if view.frame == .zero {
            placement = .centred
        } else {
            placement = .frame(view.frame)
        }
        let overlay = Overlay(
            view: view, previousFocus: focusedView, dismissOnAnyKey: dismissOnAnyKey,
            onDismiss: onDismiss, placement: placement)
        overlays.append(overlay)
        view.host = self
        placeOverlay(overlay)
        focus(Application.firstFocusable(in: view))
        setNeedsDisplay()
    }

    /// Closes the top overlay and gives the focus back.
    public func dismissOverlay() {
        guard let overlay = overlays.popLast() else { return }
        if overlay.view.host === self { overlay.view.host = nil }
        focus(overlay.previousFocus)
        overlay.onDismiss?()
        setNeedsDisplay()
    }

    /// True while an overlay is shown.
    public var isShowingOverlay: Bool { !overlays.isEmpty }

    /// The top overlay's view.
    public var topOverlay: View? { overlays.last?.view }

    /// Places the overlays again: all of them after a resize, else the centred ones (their content may have grown).
    func placeOverlays(resized: Bool) {
        for overlay in overlays where resized || overlay.placement == .centred { placeOverlay(overlay) }
    }

    /// Sets an overlay's frame from its placement and the screen's size.
    func placeOverlay(_ overlay: Overlay) {
        place(overlay.view, overlay.placement, on: screen.size)
    }

    /// Sets `view`'s frame from `placement` and the screen's size.
    func place(_ view: View, _ placement: OverlayPlacement, on size: Size) {
        let screenSize = Size(width: max(0, size.width), height: max(0, size.height))
        switch placement {
        case .centred:
            let fitted = view.sizeThatFits(screenSize)
            let width = max(0, min(screenSize.width, fitted.width))
            let height = max(0, min(screenSize.height, fitted.height))
            view.frame = Rect(
                x: (screenSize.width - width) / 2, y: (screenSize.height - height) / 2,
                width: width, height: height)
        case .bottomLine:
            view.frame = Rect(
                x: 0, y: max(0, screenSize.height - 1), width: screenSize.width,
                height: min(1, screenSize.height))
        case .frame(let requested):
            let width = max(0, min(requested.width, screenSize.width))
            let height = max(0, min(requested.height, screenSize.height))
            let x = max(0, min(requested.x, screenSize.width - width))
            let y = max(0, min(requested.y, screenSize.height - height))
            view.frame = Rect(x: x, y: y, width: width, height: height)
        }
    }

    /// Asks a yes/no question in a dialog centred over the screen; `answer` gets true only for yes.
    ///
    /// Only `y` (or a click on the confirm button) confirms; `n`, Esc, or
    /// closing the dialog any other way cancels. Enter presses the highlighted
    /// button, and the cancel button is highlighted first, so a stray Enter is
    /// always safe. See ``/TermTableCore/ConfirmDialog``.
    ///
    /// ```swift
    /// app.confirm("Send SIGTERM to 3 processes?") { confirmed in
    ///     if confirmed { sendSignals() }
    /// }
    /// ```
    @discardableResult
    public func confirm(
        _ message: String, title: String? = nil, confirmTitle: String = "Yes",
        cancelTitle: String = "No", _ answer: @escaping @MainActor (Bool) -> Void
    ) -> ConfirmDialog {
        let dialog = ConfirmDialog(message: message, title: title, confirmTitle: confirmTitle, cancelTitle: cancelTitle)
        dialog.onAnswer = { [weak self, weak dialog] confirmed in
            if let self, let dialog, self.topOverlay === dialog { self.dismissOverlay() }
            answer(confirmed)
        }
        // Closed without an answer (another overlay's code dismissed it): that is a no.
        present(dialog, onDismiss: { [weak dialog] in dialog?.answer(false) })
        return dialog
    }

    /// Shows a box listing keys and what they do; any key closes it, except those that scroll a box too short for
    /// its lines (``HelpBox``).
    public func showHelp(title: String = "Keys", entries: [(key: String, action: String)]) {
        let glyphs = self.glyphs
        let spelled = entries.map { (key: Key.spellingArrows(in: $0.key, for: glyphs), action: $0.action) }
        present(HelpBox(title: title, entries: spelled), dismissOnAnyKey: true)
    }

    /// Shows a one-line prompt at the bottom with an editable field.
    ///
    /// `onChange` runs after each edit (filter as you type; once for keys that
    /// arrived together, and once for a paste), `onSubmit` on Enter, `onCancel`
    /// on Esc; the prompt closes on Enter and Esc. The field takes at most
    /// `maxLength` characters (Unicode scalars, ``PromptLine/defaultMaxLength``:
    /// 4,096); input past that is dropped with a note on the prompt line.
    ///
    /// With `suggestions`, the prompt line shows those for the text typed: Tab completes their common prefix,
    /// then cycles through them, ↑/↓ pick among them. With a `history`, Enter adds the answer to it and ↑/↓ go
    /// through the earlier answers from an empty field or while no suggestion is shown
    /// (``PromptHistory/init(app:name:environment:)`` keeps them across runs).
    ///
    /// ```swift
    /// app.prompt(
    ///     "namespace: ", suggestions: .prefix(of: ["default", "kube-system"]),
    ///     history: PromptHistory(app: "kb", name: "namespace"), onSubmit: { browser.show(namespace: $0) })
    /// ```
    public func prompt(
        _ label: String, text: String = "", maxLength: Int? = PromptLine.defaultMaxLength,
        suggestions: PromptSuggestions? = nil, history: PromptHistory? = nil,
        onChange: (@MainActor (String) -> Void)? = nil,
        onSubmit: (@MainActor (String) -> Void)? = nil, onCancel: (@MainActor () -> Void)? = nil
    ) {
        let line = PromptLine(label: label, text: text, maxLength: maxLength)
        line.history = history
        line.suggestions = suggestions
        line.field.onChange = { [weak line] field in
            line?.updateSuggestions()
            onChange?(field.text)
        }
        line.onTextReplaced = { onChange?($0) }
        line.field.onSubmit = { [weak self] field in
            self?.dismissOverlay()
            history?.add(field.text)
            onSubmit?(field.text)
        }
        present(line, onDismiss: nil)
        line.onCancel = onCancel
    }
}
