import Foundation
import Synchronization
import Testing

/// A tmux server of its own (a unique socket) running one pane: drives a real terminal app end to end.
///
/// ```swift
/// let session = try TmuxSession(command: "\(try BuiltProducts.executable(named: "myapp"))", directory: temp)
/// defer { session.close() }
/// try session.waitFor(text: "Inbox")
/// try session.send("j", "Enter")
/// #expect(session.capture().contains("Re: lunch"))
/// ```
public final class TmuxSession {
    /// Why tmux or the app did not do what was expected.
    public struct Failure: Error, CustomStringConvertible {
        /// A sentence, with the pane's text where useful.
        public var description: String
        /// Creates a failure.
        public init(description: String) { self.description = description }
    }

    private static let counter = Counter()
    /// The tmux socket name (`tmux -L`), unique to this session.
    public let socket: String
    /// The folder the session works in (files the app writes, read by ``waitForFile(_:timeout:)``).
    public let directory: URL

    /// Starts a detached session of `width` x `height` running `command` through `sh -c` in `directory`.
    public init(width: Int = 100, height: Int = 30, command: String, directory: URL) throws {
        socket = "termtable-e2e-\(getpid())-\(TmuxSession.counter.next())"
        self.directory = directory
        try run([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "main",
            "-c", directory.path,
            "sh", "-c", command,
        ])
    }

    private var isClosed = false

    /// Stops the tmux server and everything in it.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        do {
            try run(["kill-server"])
        } catch {
            FileHandle.standardError.write(Data("tmux kill-server on \(socket): \(error)\n".utf8))
        }
    }

    deinit {
        close()
    }

    /// Runs tmux on this session's socket and returns what it printed.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        let result = try ChildProcess.run(["tmux", "-u", "-L", socket] + arguments, environment: environment)
        let text = result.output
        guard result.status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    /// The pane's text now.
    public func capture() -> String {
        (try? run(["capture-pane", "-p", "-t", "main"])) ?? ""
    }

    /// Sends keys (tmux key names: `j`, `Enter`, `Escape`, `C-c`, `/`).
    public func send(_ keys: String...) throws {
        try run(["send-keys", "-t", "main"] + keys)
    }

    /// Types text literally.
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", "main", "-l", text])
    }

    /// A pane format value, e.g. `#{alternate_on}`.
    public func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pane's hardware cursor: its column and line (from 0) and whether it is shown (tmux's `#{cursor_x}`,
    /// `#{cursor_y}`, `#{cursor_flag}`), which is where a screen reader reads (``/TermTable/Application/isAccessible``).
    public func cursorPosition() throws -> (x: Int, y: Int, isVisible: Bool) {
        let fields = try format("#{cursor_x},#{cursor_y},#{cursor_flag}").split(separator: ",").compactMap { Int($0) }
        guard fields.count == 3 else { throw Failure(description: "tmux reported no cursor position") }
        return (fields[0], fields[1], fields[2] == 1)
    }

    /// Waits until the cursor is shown on the pane's first line for which `isLine` holds (a screen reader's
    /// cursor on a row found by its text); returns the pane's text then, or fails with it and the cursor.
    @discardableResult
    public func waitForCursor(
        on what: String, timeout: Duration = TmuxSession.defaultTimeout, _ isLine: (Substring) -> Bool
    ) throws -> String {
        var last = "none"
        do {
            return try waitFor("the cursor on \(what)", timeout: timeout) { screen in
                guard let cursor = try? cursorPosition() else { return false }
                last = "\(cursor)"
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return cursor.isVisible && lines.firstIndex(where: isLine) == cursor.y
            }
        } catch let failure as Failure {
            throw Failure(description: "\(failure.description)\nthe cursor: \(last)")
        }
    }

    /// How long a wait lasts before it fails when the caller gives no timeout: 30 seconds. A deadline for a
    /// failure only (a wait returns as soon as the pane shows what it waits for), long enough for a program
    /// started while a loaded machine runs the rest of a test suite on every core.
    public static let defaultTimeout: Duration = .seconds(30)

    /// Polls the pane until `predicate` holds (at most `timeout`); returns the last capture or fails.
    @discardableResult
    public func waitFor(
        _ what: String, timeout: Duration = TmuxSession.defaultTimeout,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: (String) -> Bool
    ) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var screen = capture()
        while !predicate(screen) {
            if clock.now > deadline {
                throw Failure(description: "timed out after \(timeout) waiting for \(what); the pane shows:\n\(screen)")
            }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture()
        }
        return screen
    }

    /// Waits until the pane shows `text`.
    @discardableResult
    public func waitFor(text: String, timeout: Duration = TmuxSession.defaultTimeout) throws -> String {
        try waitFor("“\(text)”", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until a file exists in the session's directory and returns its contents.
    public func waitForFile(_ name: String, timeout: Duration = TmuxSession.defaultTimeout) throws -> String {
        let url = directory.appendingPathComponent(name)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if let text = try? String(contentsOf: url, encoding: .utf8), text.hasSuffix("\n") { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "\(name) did not appear within \(timeout); the pane shows:\n\(capture())")
    }
}

/// A thread-safe counter for unique socket names.
final class Counter: Sendable {
    private let state = Atomic(0)

    func next() -> Int {
        state.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
