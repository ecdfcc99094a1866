/// What a prompt was answered before, newest last: ↑/↓ in the prompt go through it (``Application/prompt(_:text:maxLength:suggestions:history:onChange:onSubmit:onCancel:)``).
///
/// A history made with ``init(app:name:environment:)`` is kept across runs in
/// `$XDG_STATE_HOME/<app>/<name>.history` (else `$HOME/.local/state/<app>/<name>.history`), one answer a line, at
/// most ``maximumEntries`` answers; a file that cannot be read (not a regular file, over 256 KiB, not UTF-8) is
/// ignored, and ``problem`` says why.
///
/// ```swift
/// let namespaces = PromptHistory(app: "kb", name: "namespace")
/// app.prompt("namespace: ", history: namespaces, onSubmit: { browser.show(namespace: $0) })
/// ```
@MainActor
public final class PromptHistory {
    /// The most answers kept: 500 (the oldest go first).
    public static let maximumEntries = 500
    /// The largest history file read: 256 KiB.
    public static let maximumFileSize = 256 * 1024
    /// The answers, oldest first.
    public private(set) var entries: [String]
    /// The file the answers are kept in, nil for a history of this run only.
    public let path: String?
    /// Why the file could not be read (it was then ignored) or written, nil when it could.
    public private(set) var problem: String?

    /// A history of this run only, starting with `entries` (oldest first).
    public init(entries: [String] = []) {
        self.entries = Array(entries.suffix(Self.maximumEntries))
        path = nil
    }

    /// The history of `app`'s prompt `name`, read from its file (see the type's description); nil path when
    /// neither `XDG_STATE_HOME` nor `HOME` is set (the history is then this run's only).
    public convenience init(app: String, name: String, environment: [String: String]? = nil) {
        let variables = environment ?? KeyMap.currentEnvironment()
        let file: String? =
            if let state = variables["XDG_STATE_HOME"], state.hasPrefix("/") {
                "\(state)/\(app)/\(name).history"
            } else if let home = variables["HOME"], !home.isEmpty {
                "\(home)/.local/state/\(app)/\(name).history"
            } else {
                nil
            }
        self.init(path: file)
    }

    /// The history kept in the file at `path` (read now; written after each ``add(_:)``).
    public init(path: String?) {
        self.path = path
        entries = []
        guard let path else { return }
        switch SmallTextFile.read(path, maximumSize: Self.maximumFileSize, what: "a history") {
        case .missing: break
        case .refused(let message): problem = "\(path): \(message): the history was ignored"
        case .text(let text):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            entries = Array(lines.suffix(Self.maximumEntries))
        }
    }

    /// Adds `answer` as the newest (moved there if it was already in), one line, and writes the file.
    public func add(_ answer: String) {
        let line = String(answer.map { $0.isNewline ? " " : $0 })
        guard !line.allSatisfy(\.isWhitespace) else { return }
        entries.removeAll { $0 == line }
        entries.append(line)
        if entries.count > Self.maximumEntries { entries.removeFirst(entries.count - Self.maximumEntries) }
        guard let path else { return }
        var text = entries.joined(separator: "\n") + "\n"
        while text.utf8.count > Self.maximumFileSize, entries.count > 1 {
            entries.removeFirst()
            text = entries.joined(separator: "\n") + "\n"
        }
        if let message = SmallTextFile.write(text, to: path) {
            problem = "\(path): \(message): the history was not saved"
        }
    }
}

/// Where a prompt's suggestions come from: what is typed so far in, the suggestions out (the prompt shows at most
/// ``maximumShown``).
public struct PromptSuggestions {
    /// The most suggestions a prompt shows and cycles through: 100.
    public static let maximumShown = 100
    /// The suggestions for the text typed so far.
    public let suggestions: @MainActor (String) -> [String]

    /// Suggestions from `source`, given the text typed so far.
    public init(_ source: @escaping @MainActor (String) -> [String]) { suggestions = source }

    /// The values that start with what is typed (case ignored), in their order.
    public static func prefix(of values: [String]) -> PromptSuggestions {
        PromptSuggestions { typed in
            let lower = typed.lowercased()
            return values.filter { $0.lowercased().hasPrefix(lower) }
        }
    }
}
