import TermTable
import Testing

/// Draws `view` on a fresh in-memory screen of `size`, its styles' roles looked up in `theme`, and returns the screen.
///
/// The view is placed at the screen's origin and sized to fill it.
///
/// ```swift
/// let screen = render(cell, size: Size(width: 40, height: 2))
/// #expect(screen.lines == ["Title                              3h", "  summary                           "])
/// ```
@MainActor
public func render(_ view: View, size: Size, theme: Theme = .dark) -> BufferScreen {
    let screen = BufferScreen(size: size)
    view.frame = Rect(origin: .zero, size: size)
    view.render(on: screen, theme: theme)
    return screen
}

/// Drives an `Application` on a `BufferScreen` with key scripts, clicks and resizes, for tests.
///
/// Each input is handled as the run loop would, then the screen is drawn, so
/// ``lines`` is what a user would see after it.
///
/// ```swift
/// let driver = AppDriver(rootView: table, size: Size(width: 40, height: 10))
/// driver.press("j j j enter")
/// #expect(driver.lines[3].hasPrefix("Item 3"))
/// ```
@MainActor
public final class AppDriver {
    /// The in-memory screen.
    public let screen: BufferScreen
    /// The app under test.
    public let app: Application

    /// Creates an app on a new in-memory screen of `size` showing `rootView`, and draws the first frame.
    public init(rootView: View, size: Size) {
        screen = BufferScreen(size: size)
        app = Application(screen: screen, rootView: rootView)
        app.render()
    }

    /// Drives the app your code makes: `makeApplication` gets a new in-memory screen of `size` and returns the
    /// ``/TermTable/Application`` built on it (bindings, timers, hooks and all), whose first frame is then drawn.
    ///
    /// An app built as the *Build an app* article builds one, in a function that takes the screen, is tested
    /// as it runs:
    ///
    /// ```swift
    /// let tasks = try TasksApp()
    /// let driver = AppDriver(size: Size(width: 40, height: 8)) { screen in tasks.makeApplication(on: screen) }
    /// ```
    ///
    /// An application made on another screen is a mistake in the test: it is reported at the caller and the
    /// driver draws nothing on it.
    public init(
        size: Size, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column, _ makeApplication: (BufferScreen) throws -> Application
    ) rethrows {
        let screen = BufferScreen(size: size)
        self.screen = screen
        app = try makeApplication(screen)
        guard app.screen as AnyObject === screen else {
            Issue.record(
                "the application was made on another screen than the one AppDriver passed",
                sourceLocation: Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        app.render()
    }

    /// Drives `app`, made by the code under test on `screen`, and draws its first frame.
    public init(app: Application, screen: BufferScreen) {
        self.screen = screen
        self.app = app
        app.render()
    }

    /// The screen's lines.
    public var lines: [String] { screen.lines }

    /// Presses the keys of a script: names separated by spaces (`"j j ctrl-f G enter"`, see `Key.init(parsing:)`).
    ///
    /// A script with an unknown name fails the calling test (an issue recorded at
    /// the caller's line) and presses none of its keys; the test run goes on.
    /// The location is taken as `#fileID`, `#filePath`, `#line` and `#column`
    /// rather than Swift Testing's `#_sourceLocation`, which would make every
    /// file that calls `press` import Testing; a helper passes its own caller's.
    public func press(
        _ script: String, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        let sourceLocation = Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let names = script.split(separator: " ").map(String.init)
        let keys = names.map { Key(parsing: $0) }
        let unknown = zip(names, keys).filter { $0.1 == nil }.map { "'\($0.0)'" }
        guard unknown.isEmpty else {
            Issue.record(
                "unknown key name \(unknown.joined(separator: ", ")) in key script '\(script)'; no key was pressed",
                sourceLocation: sourceLocation)
            return
        }
        for key in keys.compactMap({ $0 }) { send(.key(key)) }
    }

    /// Types text character by character (spaces included).
    public func type(_ text: String) {
        for character in text { send(.key(Key(character))) }
    }

    /// Sends one event, then draws.
    public func send(_ event: InputEvent) {
        app.handle(event)
        app.fireTimers()
        app.renderIfNeeded()
    }

    /// Clicks (press and release) at a screen cell.
    public func click(x: Int, y: Int) {
        send(.mouse(MouseEvent(.press, at: Point(x: x, y: y))))
        send(.mouse(MouseEvent(.release, at: Point(x: x, y: y))))
    }

    /// Double-clicks at a screen cell.
    public func doubleClick(x: Int, y: Int) {
        send(.mouse(MouseEvent(.doubleClick, at: Point(x: x, y: y))))
    }

    /// Turns the wheel at a screen cell, `up` or down.
    public func wheel(up: Bool, x: Int = 0, y: Int = 0) {
        send(.mouse(MouseEvent(up ? .wheelUp : .wheelDown, button: .none, at: Point(x: x, y: y))))
    }

    /// Lets `duration` pass for the app's timers: runs those due by then (repeating ones once), then draws.
    ///
    /// Timers are due on the real clock (``/TermTable/Application/schedule(after:repeats:_:)``), so a test need not sleep:
    /// `driver.advanceTime(by: .seconds(5))` runs a five-second timer now.
    public func advanceTime(by duration: Duration) {
        app.fireTimers(now: ContinuousClock.now + duration)
        app.renderIfNeeded()
    }

    /// Resizes the screen as a terminal resize would, then draws.
    public func resize(to size: Size) {
        screen.resize(to: size)
        while let event = screen.nextEvent(timeout: .zero) { app.handle(event) }
        app.renderIfNeeded()
    }
}
