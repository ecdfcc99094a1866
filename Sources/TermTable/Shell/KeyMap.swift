import TermTableCore

/// A user's keys for the app's actions, over their default keys: the lines of a `keys.conf` file,
/// `action.name = key, key`.
///
/// Keys are written as the help writes them (`q`, `ctrl-d`, `shift-tab`, `F5`, `PgDn`, `Esc`, `↑`, `space`), a
/// sequence with a space between its keys (`list.top = g g, Home`, see ``KeySequence``); an action given no key (`process.kill =`) is left with none. `#` starts a comment line. A line that cannot
/// be read is a ``Problem`` naming the file and the line, and is left out: the rest of the file, and the
/// defaults, still hold. ``Application/keyMap`` applies a map; ``Application/keyMapProblems`` adds the
/// problems found against the actions (unknown names, two actions of one scope on one key).
///
/// ```swift
/// let (map, problems) = KeyMap.load(contentsOf: KeyMap.defaultPath(forApp: "procs") ?? "")
/// for problem in problems { print(problem, to: &standardError) }
/// app.keyMap = map
/// ```
public struct KeyMap: Equatable, Sendable {
    /// What a line or a file got wrong: the file, the line (nil: the whole file) and what.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file's path.
        public var file: String
        /// The line, from 1; nil for the file as a whole (not a regular file, too large, not text).
        public var line: Int?
        /// What is wrong, in a sentence.
        public var message: String

        /// A problem of `file` at `line`.
        public init(file: String, line: Int?, message: String) {
            self.file = file
            self.line = line
            self.message = message
        }

        /// `file:line: message`, sanitised (a file's text never reaches the terminal as controls).
        public var description: String {
            TerminalText.sanitize(file + (line.map { ":\($0)" } ?? "") + ": " + message)
        }
    }

    /// The keys by action name.
    public var keys: [String: [Key]]
    /// The sequences of keys (`g g`) by action name: an action the map names in ``keys`` or here gets the keys and
    /// the sequences the map gives it, and no others.
    public var sequences: [String: [KeySequence]] = [:]
    /// The file the map was read from (empty for a map made in code).
    public var file: String
    /// The line that gave each action its keys.
    public var lines: [String: Int]

    /// The most bytes a key map file may have: 64 KiB (a map of every action of an app is a few hundred bytes).
    public static let maximumFileSize = 64 * 1024
    /// The most keys one line may give an action.
    public static let maximumKeysPerAction = 16

    /// A map giving `keys` to the actions named.
    public init(_ keys: [String: [Key]] = [:], file: String = "") {
        self.keys = keys
        self.file = file
        self.lines = [:]
    }

    /// Reads the lines of `text` (from `file`): the map of those that parsed, and a problem for each that did not.
    public static func parse(_ text: String, file: String) -> (map: KeyMap, problems: [Problem]) {
        var map = KeyMap(file: file)
        var problems: [Problem] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            func problem(_ message: String) { problems.append(Problem(file: file, line: number, message: message)) }
            guard let equals = line.firstIndex(of: "=") else {
                problem("expected `action.name = key, key`")
                continue
            }
            let name = String(line[..<equals]).trimmingSpaces
            guard isActionName(name) else {
                problem("“\(name)” is not an action name (letters, digits, `-`, `_` and dots)")
                continue
            }
            if let earlier = map.lines[name] {
                problem("\(name) is given keys again (first on line \(earlier)): this line is used")
            }
            let list = line[line.index(after: equals)...].trimmingSpaces
            let names = list.isEmpty ? [] : list.split(separator: ",").map { String($0).trimmingSpaces }
            guard names.count <= maximumKeysPerAction else {
                problem("\(names.count) keys for \(name): at most \(maximumKeysPerAction)")
                continue
            }
            var keys: [Key] = []
            var sequences: [KeySequence] = []
            var bad: [String] = []
            for keyName in names {
                if keyName.contains(" ") || keyName.contains("\t") {
                    let words = keyName.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    if words.count > KeySequence.maximumLength {
                        bad.append("“\(keyName)” (a sequence of at most \(KeySequence.maximumLength) keys)")
                    } else if let sequence = KeySequence(words.joined(separator: " ")) {
                        if !sequences.contains(sequence) { sequences.append(sequence) }
                    } else {
                        bad.append("“\(keyName)”")
                    }
                } else if let key = parseKey(keyName) {
                    if !keys.contains(key) { keys.append(key) }
                } else {
                    bad.append("“\(keyName)”")
                }
            }
            guard bad.isEmpty else {
                problem("unknown key \(bad.joined(separator: ", ")) for \(name): the defaults are kept")
                continue
            }
            map.keys[name] = keys
            map.sequences[name] = sequences.isEmpty ? nil : sequences
            map.lines[name] = number
        }
        return (map, problems)
    }

    /// True for `process.signal`, `app.quit`, `sort-by_cpu`: dot-separated words of letters, digits, `-` and `_`.
    static func isActionName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 100 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { word in
            !word.isEmpty
                && word.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
                }
        }
    }

    /// A key written as the help writes it (`Key.helpName`), or as `Key(parsing:)` reads it.
    public static func parseKey(_ name: String) -> Key? {
        switch name {
        case "↑": return .up
        case "↓": return .down
        case "←": return .left
        case "→": return .right
        default: return Key(parsing: name)
        }
    }

    /// `actions` with the keys (and sequences) the map gives them.
    public func applied(to actions: [AppAction]) -> [AppAction] {
        guard !keys.isEmpty || !sequences.isEmpty else { return actions }
        return actions.map { action in
            guard keys[action.name] != nil || sequences[action.name] != nil else { return action }
            var remapped = action
            remapped.keys = keys[action.name] ?? []
            remapped.sequences = sequences[action.name] ?? []
            return remapped
        }
    }

    /// What is wrong with the map against `scopes` (the actions of each scope, with their default keys): names no
    /// action has, keys (or sequences) the map gives an action that another action of its scope has too (a
    /// conflict: the one added last runs), and a key of one action that starts another's sequence in one scope. Each
    /// names the map's file and line.
    public func problems(against scopes: [[AppAction]]) -> [Problem] {
        let scopes = scopes.map(applied(to:))
        let known = Set(scopes.joined().map(\.name))
        var problems: [Problem] = []
        for (name, line) in lines.sorted(by: { $0.value < $1.value }) where !known.contains(name) {
            problems.append(Problem(file: file, line: line, message: "no action is named \(name)"))
        }
        for scope in scopes {
            for (index, action) in scope.enumerated() where action.isEnabled {
                guard let line = lines[action.name] else { continue }
                for other in scope[..<index] + scope[(index + 1)...] where other.isEnabled {
                    for key in action.keys where other.keys.contains(key) {
                        problems.append(
                            Problem(
                                file: file, line: line,
                                message: "\(key.helpName) is \(action.name)'s and \(other.name)'s (one scope)"))
                    }
                    for sequence in action.sequences where other.sequences.contains(sequence) {
                        problems.append(
                            Problem(
                                file: file, line: line,
                                message: "\(sequence) is \(action.name)'s and \(other.name)'s (one scope)"))
                    }
                }
            }
            // A key or sequence that starts another's longer sequence: said at the line of each the map names.
            for conflict in KeyMap.conflicts(in: scope) where conflict.isPrefix {
                for name in [conflict.winner, conflict.loser] {
                    guard let line = lines[name] else { continue }
                    problems.append(Problem(file: file, line: line, message: conflict.description))
                }
            }
        }
        return problems
    }

    /// The map's line for `actions`: `name = key, key` each, the keys then the sequences as the help writes them
    /// (`list.top = Home, g g`), then `# help`.
    public static func describe(_ actions: [AppAction]) -> String {
        actions.map { action in
            let keys = (action.keys.map(\.helpName) + action.sequences.map(\.helpName)).joined(separator: ", ")
            return TerminalText.sanitize("\(action.name) = \(keys)") + "  # " + TerminalText.sanitize(action.help)
        }.joined(separator: "\n")
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
