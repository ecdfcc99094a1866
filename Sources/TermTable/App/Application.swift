import Dispatch
import TermTableCore

/// Runs a root view on a screen: reads input, routes it, redraws, runs timers and overlays.
///
/// Keys go to the focused view first, then up its superviews to the top screen's view (at each view, the
/// actions bound to it with ``addAction(_:to:)`` before the view's own keys), then Esc goes back on a pushed
/// screen (``push(_:)``), then the app's actions and ``keyBindings``; Tab and Shift-Tab that none of them took
/// move the focus (``moveFocus(forward:)``); mouse events go to the view under the pointer and up
/// its superviews. While an overlay (a help box, a prompt line) is shown, it
/// takes all input. The screen is redrawn after anything changes.
///
/// The run loop is event-driven: between events it sleeps until a key or a
/// resize arrives (``/TermTableCore/Screen/notifyWhenInputArrives(_:)``), a timer is due, or
/// main-actor work asks for a frame, so an app at rest is not scheduled at all.
/// Work finished in the background reaches the screen without waiting for a
/// key: a download's `await MainActor.run { ... app.setNeedsDisplay() }` runs
/// while the loop sleeps and wakes it. The loop itself runs in turns on the main queue and
/// never goes through the default executor, so an app at rest has no wake-ups at all; background
/// work that runs on a ``WorkerPool`` keeps it so (the default executor's libdispatch pool wakes
/// every second once used).
///
/// ```swift
/// let screen = try CursesScreen()
/// defer { screen.close() }
/// let app = Application(screen: screen, rootView: table)
/// app.bind(Key("q")) { app.quit() }
/// await app.run()
/// ```
@MainActor
public final class Application: ViewHost {
    /// A shown overlay.
    struct Overlay {
        var view: View
        var previousFocus: View?
        var dismissOnAnyKey: Bool
        var onDismiss: (@MainActor () -> Void)?
        var placement: OverlayPlacement = .centred
    }

    /// A scheduled timer.
    struct Timer {
        var id: Int
        var due: ContinuousClock.Instant
        var interval: Duration?
        var action: @MainActor () -> Void
    }

    /// The screen drawn on.
    public let screen: Screen
    /// The view filling the screen: the root screen's (``rootScreen``), under the screens pushed over it.
    public let rootView: View
    /// The view that receives keys first.
    public private(set) var focusedView: View?
    /// App-wide keys, tried after the focused view and its superviews and before Tab's and Shift-Tab's focus move
    /// (binding Tab takes it over; Shift-Tab, unless bound too, still moves the focus, backwards).
    public var keyBindings: [Key: @MainActor () -> Void] = [:]
    /// Called with the screen's size before the first frame is drawn, and again after the screen changed size: a
    /// rule that depends on the size ("hide the hint bar below 10 rows") is applied from the start.
    public var onResize: (@MainActor (Size) -> Void)?
    /// The user's keys for the actions, over their defaults (by action name): what key dispatch, the help box and
    /// the hint bar use (see ``KeyMap``, ``keyMapProblems``).
    public var keyMap = KeyMap() {
        didSet { setNeedsDisplay() }
    }
    /// The colours every view draws in, by role (``/TermTableCore/Theme``): the toolkit's cursor rows, marks,
    /// headers, help box, palette, hint bar and prompts, and every style that names a role (`style=accent`).
    /// Setting another theme clears the screen and redraws all of it in the new one. See ``loadTheme(forApp:environment:)``.
    public var theme: Theme = .dark {
        didSet {
            guard theme != oldValue else { return }
            drawnScreens = []
            setNeedsDisplay()
        }
    }
    /// The keys that open the command palette (``showCommandPalette()``) when no view or action took them: Ctrl-P
    /// and `:`. Empty: the palette opens only when the app calls it.
    public var commandPaletteKeys: [Key] = [Key.ctrl("p"), Key(":")]
    /// Called before each frame is drawn (to refresh a status line, say).
    public var willRender: (@MainActor () -> Void)?
    /// Called with every input event before it is routed (keys, mouse, pastes, resizes), overlays shown or not:
    /// to clear a transient notice on any key, say, or to record input. Return true to consume the event (no view,
    /// binding or overlay sees it), false to let it go on. A resize is always applied: what this returns for one
    /// is ignored.
    ///
    /// Typed characters are keys here, one event each, also when they arrive together (fast typing, keys sent by
    /// tmux, a paste the terminal did not mark) and go to a text field as one edit: each passes here before the
    /// field gets it, and one consumed is left out of the edit. A paste the terminal marked (bracketed paste) is
    /// one ``/TermTableCore/InputEvent/paste(_:)`` event with its text, not keys (a long one comes in parts).
    public var willHandle: (@MainActor (InputEvent) -> Bool)?
    /// How often the loop polls a screen that cannot notify it of input (``/TermTableCore/Screen/notifyWhenInputArrives(_:)`` returns false).
    public var pollInterval: Duration = .milliseconds(50)
    /// True while ``run()`` is looping.
    public private(set) var isRunning = false
    /// How many frames were drawn.
    public private(set) var frameCount = 0
    /// How ``copy(_:)-(String)`` reaches the clipboard: OSC 52, wrapped for the tmux or GNU screen the app was
    /// started in (``TerminalClipboard/init(environment:)``).
    public var clipboard = TerminalClipboard.current
    /// The screen-reader mode: after each frame in which no view showed the text cursor (a focused text field
    /// shows its own), the hardware cursor is shown on the focused table's cursor row, at its first column (in
    /// cell shape, at the cursor's cell), so a screen reader or braille display that follows the terminal's
    /// cursor follows the table's (over a help box or the palette, their first line or the palette's selected
    /// row; after ``announce(_:)``, the announcement's line until the next key). The screen draws box drawing as
    /// spaces and plain rules and no blinking text meanwhile (``/TermTableCore/Screen/setReaderMode(_:)``). Decided
    /// at start from `TERMTABLE_ACCESSIBLE` (``isAccessibleMode(environment:)``); an app may set it too, at any time
    /// (the screen is drawn again, its tables' rows configured again for an outline's guides).
    public var isAccessible = Application.isAccessibleInEnvironment {
        didSet {
            guard isAccessible != oldValue else { return }
            readerModeChanged()
        }
    }
    /// The view ``announce(_:)`` shows its messages in: the app's status line. A `Label` gets the message as its
    /// text; another view (an app's own status line) shows it as the app puts it there.
    public weak var announcementView: View?
    /// The announcement the reader cursor is on, until the next key.
    var announcement: Announcement?

    var overlays: [Overlay] = []
    /// The help of the app's keys, in the order they were bound (see `bind(_ binding:_:)`).
    var boundKeyHelp: [KeyBinding] = []
    var timers: [Timer] = []
    var nextTimerID = 1
    var actionHandlers: [String: @MainActor (ViewAction) -> Void] = [:]
    /// The screens shown, the root's first (see ``push(_:)``).
    var screenStack: [AppScreen] = []
    /// The actions bound to views, by the view's identity (see ``addAction(_:to:)``).
    var scopedActions: [ObjectIdentifier: ScopedActions] = [:]
    /// The app's own actions, in the order they were added.
    var appActions: [AppAction] = []
    /// The key sequence begun, waiting for its next key (see ``pendingKeys``).
    var pendingSequence: PendingSequence?
    /// What runs once a second, and the timer that runs it (see ``addTickHandler(_:)``).
    var tickHandlers: [(id: Int, run: @MainActor () -> Void)] = []
    var tickTimer: Int?
    /// The palette's commands with an argument (see ``addPaletteCommand(_:)``).
    var paletteCommandList: [PaletteCommand] = []
    /// The screens the last frame drew (a push or a pop clears the screen before the next one).
    var drawnScreens: [ObjectIdentifier] = []
    /// True once ``onResize`` was told the screen's size (the first frame, or a resize before it).
    var reportedSize = false
    var needsDisplay = true
    let clock = ContinuousClock()
    /// True while the run loop sleeps: ``wakeUp()`` then queues its next turn on the main queue.
    var isSleeping = false
    /// True while a turn of the run loop is queued on the main queue and has not started.
    var turnQueued = false
    /// A wake-up that came while the loop was busy: its next wait returns at once.
    var wakePending = false
    /// The main-queue timer that wakes the sleeping loop when the next timer is due.
    var alarm: DispatchWorkItem?
    /// ``run()``, waiting for the loop to end; resumed once, after ``quit()``.
    var runEnded: CheckedContinuation<Void, Never>?
    /// True while drawing a frame that was asked for by the frame before (see ``render()``).
    var drawingFollowUp = false
    /// True while ``render()`` lays the views out: their redraw requests are drawn by this frame.
    var isLayingOut = false
    /// How many times the run loop went round (a test's measure of idling).
    private(set) var loopTurns = 0
    /// Called after the focus moved, with the view that had it and the view that has it (``focus(_:)``).
    public var onFocusChange: (@MainActor (_ old: View?, _ new: View?) -> Void)?
    /// The view the focus goes to when the focused view leaves the screen (hidden or removed); nil: its neighbour.
    public weak var preferredFocus: View?
    /// Where the focused view stood when it got the focus: its subview indices from ``focusPathRoot``.
    var focusPath: [Int] = []
    /// The root the ``focusPath`` starts at.
    weak var focusPathRoot: View?

    /// Creates an app showing `rootView` on `screen`; the first view that accepts focus gets it.
    public init(screen: Screen, rootView: View) {
        self.screen = screen
        self.rootView = rootView
        screenStack = [AppScreen(rootView, title: "")]
        rootView.frame = Rect(origin: .zero, size: screen.size)
        focusedView = Application.firstFocusable(in: rootView)
        focusedView?.isFocused = true
        rootView.host = self
        rememberFocusPath()
        focusedView?.didBecomeFocused()
        if isAccessible { screen.setReaderMode(true) }
    }

    static func firstFocusable(in view: View) -> View? {
        if view.acceptsFocus && !view.isHidden { return view }
        for child in view.subviews where !child.isHidden {
            if let found = firstFocusable(in: child) { return found }
        }
        return nil
    }

    // MARK: Configuration

    /// Runs `action` when `key` reaches the app (no focused view used it); the key has no help
    /// (``bind(_:help:_:)`` gives it some), and help an earlier binding gave the key is dropped.
    public func bind(_ key: Key, _ action: @escaping @MainActor () -> Void) {
        keyBindings[key] = action
        forgetKeyHelp(for: [key])
    }

    /// Runs `handler` when a view sends the action `name` and no view or table handled it.
    public func onAction(_ name: String, _ handler: @escaping @MainActor (ViewAction) -> Void) {
        actionHandlers[name] = handler
    }

    /// Gives `view` the keyboard focus; the old and new views hear it (``/TermTableCore/View/didResignFocus()``,
    /// ``/TermTableCore/View/didBecomeFocused()``), then ``onFocusChange``.
    public func focus(_ view: View?) {
        let old = focusedView
        guard view !== old else { return }
        old?.isFocused = false
        focusedView = view
        view?.isFocused = true
        rememberFocusPath()
        old?.didResignFocus()
        view?.didBecomeFocused()
        if (old == nil) != (view == nil) { focusPresenceChanged() }
        onFocusChange?(old, view)
        setNeedsDisplay()
    }

    /// Stops ``run()`` after the current event.
    public func quit() {
        isRunning = false
        wakeUp()
    }

    // MARK: ViewHost

    /// What ``screen`` can draw (``/TermTableCore/Screen/glyphs``).
    public var glyphs: ScreenGlyphs { screen.glyphs }

    /// Runs the handler registered for the action with ``onAction(_:_:)``, then redraws.
    public func deliver(_ action: ViewAction) {
        actionHandlers[action.name]?(action)
        setNeedsDisplay()
    }

    /// Draws the screen again at the next turn of the run loop.
    ///
    /// Requests made while the frame is being laid out (cells configured for
    /// the rows coming into view) are part of that frame and ask for nothing more.
    public func setNeedsDisplay() {
        if isLayingOut { return }
        needsDisplay = true
        wakeUp()
    }

    /// Wakes the run loop if it sleeps; if it is busy, its next wait returns at once.
    func wakeUp() {
        if isSleeping {
            isSleeping = false
            queueTurn()
        } else {
            wakePending = true
        }
    }

    // MARK: Running

    /// Draws the root view and overlays if anything changed, then flushes.
    public func renderIfNeeded() {
        if needsDisplay { render() }
    }

    /// Draws the root view and overlays and flushes the screen.
    ///
    /// A redraw asked for while drawing is honoured with one more frame; if
    /// that frame asks again, the request is dropped, so a view that asks for
    /// a redraw every time it draws cannot keep the loop busy.
    public func render() {
        let followUp = drawingFollowUp
        drawingFollowUp = false
        needsDisplay = false
        if !reportedSize {
            reportedSize = true
            onResize?(screen.size)
        }
        willRender?()
        let shown = shownScreens
        placeScreens(shown, resized: false)
        screen.setCursor(nil)
        isLayingOut = true
        for shownScreen in shown { shownScreen.view.layoutIfNeeded() }
        repairFocus()
        isLayingOut = false
        // A screen pushed or popped since the last frame (or another theme): what was drawn before is cleared first.
        let shownIDs = shown.map { ObjectIdentifier($0) }
        if shownIDs != drawnScreens {
            drawnScreens = shownIDs
            if frameCount > 0 { screen.clear() }
        }
        for shownScreen in shown { shownScreen.view.render(on: screen, theme: theme) }
        placeOverlays(resized: false)
        for overlay in overlays { overlay.view.render(on: screen, theme: theme) }
        if isAccessible { showReaderCursor() }
        screen.flush()
        frameCount += 1
        if needsDisplay {
            if followUp { needsDisplay = false } else { drawingFollowUp = true }
        }
    }

    /// Reads and handles input until ``quit()``; redraws after changes; runs timers and background work.
    ///
    /// The loop runs in turns on the main queue (the main actor's executor): a turn handles what is
    /// waiting, draws, and returns to sleep, leaving the input watch and a main-queue timer to queue the
    /// next one. No continuation is resumed while the app runs: resuming one sends the task through the
    /// global executor, whose libdispatch pool, once started, wakes the process every second for good.
    /// So an app at rest is not scheduled whatever its executors; the one resumption is the return from
    /// `run()` after ``quit()``.
    public func run() async {
        isRunning = true
        render()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            runEnded = continuation
            turn()
        }
    }

    /// Queues a turn of the loop on the main queue, after the main-actor work already queued (`after`: once that passed).
    private func queueTurn(after delay: Duration? = nil) {
        guard !turnQueued else { return }
        turnQueued = true
        let next: @Sendable () -> Void = { [weak self] in
            MainActor.assumeIsolated {
                self?.turnQueued = false
                self?.turn()
            }
        }
        if let delay {
            DispatchQueue.main.asyncAfter(deadline: .now() + Application.dispatchInterval(delay), execute: next)
        } else {
            DispatchQueue.main.async(execute: next)
        }
    }

    /// One turn of the loop: reads the waiting input, runs the due timers (each once) and draws. While that did
    /// something it queues the next turn on the main queue; else it sleeps (returns with the next turn left to
    /// the input watch, the alarm or ``wakeUp()``) or, after ``quit()``, ends ``run()``.
    private func turn() {
        alarm?.cancel()
        alarm = nil
        isSleeping = false
        while isRunning {
            loopTurns += 1
            wakePending = false
            renderIfNeeded()
            // Every turn reads the input, whatever else is due: a timer whose work outlasts its interval is
            // due again at once, and a loop that read keys only when nothing needed drawing never read them.
            // Take everything that is waiting before drawing, so held keys do not queue up frames and a
            // paste is one edit (see `handle(_:)` for a batch); a batch ends after `batchTime` so the screen
            // keeps up with input that does not stop.
            var batch: [InputEvent] = []
            let batchStart = clock.now
            while isRunning, let event = screen.nextEvent(timeout: .zero) {
                batch.append(event)
                if batch.count % 1024 == 0, clock.now - batchStart > Application.batchTime { break }
            }
            if !batch.isEmpty { handle(batch) }
            guard isRunning else { break }
            // Each due timer runs once a turn, and the frame after it is drawn before any timer runs again.
            fireTimers()
            guard isRunning else { break }
            if !batch.isEmpty || needsDisplay {
                renderIfNeeded()
                // Let main-actor work that queued up meanwhile run before the next keys and timers.
                queueTurn()
                return
            }
            let timeout = timers.map(\.due).min().map { max(.zero, $0 - clock.now) }
            if timeout == .zero { continue }
            guard screen.notifyWhenInputArrives({ [weak self] in self?.wakeUp() }) else {
                poll(upTo: timeout)
                return
            }
            if wakePending { continue }  // input was waiting, or a wake-up came meanwhile
            sleep(upTo: timeout)
            return
        }
        screen.cancelInputNotification()
        alarm?.cancel()
        alarm = nil
        isSleeping = false
        let ended = runEnded
        runEnded = nil
        ended?.resume()
    }

    /// Sleeps until ``wakeUp()`` (input, work, a new timer, quit) or until `timeout` passed.
    ///
    /// The alarm is a main-queue timer, not `Task.sleep`: that would wake a worker of libdispatch's
    /// global pool, and once the pool has a thread it wakes the process every second for good.
    private func sleep(upTo timeout: Duration?) {
        isSleeping = true
        guard let timeout else { return }
        let item = DispatchWorkItem { [weak self] in MainActor.assumeIsolated { self?.wakeUp() } }
        alarm = item
        DispatchQueue.main.asyncAfter(deadline: .now() + Application.dispatchInterval(timeout), execute: item)
    }

    /// `duration` for a dispatch deadline: whole nanoseconds, rounded up (a timer must not fire early), at most a day.
    static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        guard seconds < 86_400 else { return .seconds(86_400) }
        guard seconds >= 0, attoseconds >= 0 else { return .nanoseconds(0) }
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int((attoseconds + 999_999_999) / 1_000_000_000))
    }

    /// Waits for input in ``/TermTableCore/Screen/nextEvent(timeout:)`` at most ``pollInterval`` (a screen that cannot
    /// notify), then queues the next turn.
    private func poll(upTo timeout: Duration?) {
        let wait = timeout.map { min($0, pollInterval) } ?? pollInterval
        let waitStart = clock.now
        if let event = screen.nextEvent(timeout: wait) {
            handle(event)
            queueTurn()
        } else if clock.now - waitStart < wait / 2 {
            // A screen that does not wait for input: sleep instead of spinning.
            queueTurn(after: min(wait, .milliseconds(10)))
        } else {
            queueTurn()
        }
    }

    // MARK: Events

    /// Handles one input event (the run loop calls it; tests call it directly).
    public func handle(_ event: InputEvent) {
        if case .resize = event {} else { announcement = nil }
        if let willHandle, willHandle(event) {
            consumed(event)
            return
        }
        route(event)
    }

    /// What is left to do for an event ``willHandle`` consumed: a resize is still applied.
    func consumed(_ event: InputEvent) {
        if case .resize(let size) = event { handleResize(size) }
        repairFocus()
        setNeedsDisplay()
    }

    /// Routes an event that passed ``willHandle`` to the overlay, the views and the app's bindings.
    func route(_ event: InputEvent) {
        switch event {
        case .key(let key): handleKey(key)
        case .mouse(let mouse):
            cancelPendingKeys()
            handleMouse(mouse)
        case .resize(let size): handleResize(size)
        case .paste(let text):
            cancelPendingKeys()
            _ = textTarget()?.handleText(text)
        }
        repairFocus()
        setNeedsDisplay()
    }

    /// Moves the focus back onto the screen when the focused view left it (hidden, its cell recycled, removed by the
    /// app): to ``preferredFocus`` when that is shown, else to its nearest neighbour in focus order.
    func repairFocus() {
        guard let focused = focusedView else { return }
        let root = overlays.last?.view ?? topScreen.view
        var shown = focused.rootView === root
        var view: View? = focused
        while shown, let v = view {
            if v.isHidden { shown = false }
            view = v.superview
        }
        if !shown { focus(replacementFocus(in: root)) }
    }

    private func handleResize(_ size: Size) {
        placeScreens(screenStack, resized: true, size: size)
        placeOverlays(resized: true)
        reportedSize = true
        onResize?(size)
    }

    private func handleKey(_ key: Key) {
        if let overlay = overlays.last {
            cancelPendingKeys()
            if overlay.dismissOnAnyKey {
                // The box may take a key first (a help box too short for its lines scrolls); any other closes it.
                if !overlay.view.handleKey(key) { dismissOverlay() }
                return
            }
            if deliver(key, from: focusedView, within: overlay.view) { return }
            if key == .escape {
                dismissOverlay()
            } else if key == .tab || key == .backTab {
                moveFocus(forward: key == .tab)  // among the overlay's views
            }
            return
        }
        if continuePendingSequence(with: key) { return }
        let top = topScreen
        if deliverToViews(key, from: focusedView, within: top.view) { return }
        // Esc goes back on a pushed screen unless a view of it took Esc; then the app's actions and bindings, which
        // come before the focus move, so an app can give Tab (or Shift-Tab) a job of its own.
        if key == .escape, screenStack.count > 1 {
            popScreen()
        } else if !top.isModal, deliverToApp(key) {
            return
        } else if opensCommandPalette(key) {
            showCommandPalette()
        } else if key == .tab || key == .backTab {
            moveFocus(forward: key == .tab)
        } else {
            typeToJump(key)
        }
    }

    /// A key no binding took goes to the focused table's ``TableView/typeToJump`` (the nearest table above the focus).
    private func typeToJump(_ key: Key) {
        var view = focusedView
        while let current = view {
            if let table = current as? TableView {
                table.handleTypeToJump(key)
                return
            }
            view = current.superview
        }
    }

    /// Offers a key to `view` and its superviews (stopping at `boundary`'s superview).
    private func deliver(_ key: Key, from view: View?, within boundary: View?) -> Bool {
        var current = view
        while let v = current {
            if v.handleKey(key) { return true }
            if v === boundary { break }
            current = v.superview
        }
        return false
    }

    private func handleMouse(_ event: MouseEvent) {
        let root = overlays.last?.view ?? topScreen.view
        guard let hit = root.superview == nil ? root.hitTest(event.position) : nil else {
            if overlays.last?.dismissOnAnyKey == true, event.kind == .press { dismissOverlay() }
            return
        }
        // A click anywhere in a focusable view focuses it: a table's row hits the row's label, not the table.
        if event.kind == .press, let target = Application.focusTarget(of: hit, within: root), target !== focusedView {
            focus(target)
        }
        var current: View? = hit
        while let v = current {
            let origin = v.convertToScreen(.zero)
            let local = Point(x: event.position.x - origin.x, y: event.position.y - origin.y)
            if v.handleMouse(event, at: local) { return }
            if v === root { break }
            current = v.superview
        }
    }

    /// Moves the focus to the next (or previous) view that accepts it.
    public func moveFocus(forward: Bool) {
        var all: [View] = []
        func collect(_ view: View) {
            if view.isHidden { return }
            if view.acceptsFocus { all.append(view) }
            view.subviews.forEach(collect)
        }
        collect(overlays.last?.view ?? topScreen.view)
        guard !all.isEmpty else { return }
        let index = all.firstIndex { $0 === focusedView } ?? -1
        let next = forward ? (index + 1) % all.count : (index - 1 + all.count) % all.count
        focus(all[next])
    }
}
