import TermTableCore

/// Reading a user's theme file, `$XDG_CONFIG_HOME/<app>/theme.conf`.
///
/// One setting a line; a `#` first on a line or followed by a blank starts a comment (`#ff8800` is a colour):
///
/// ```
/// base = light                 # the theme the file starts from: dark (the default) or light
/// accent = #ff8800 bold        # a role: a colour (the text's), attributes, bg=COLOUR, fg=COLOUR, plain
/// mark = bright-yellow bg=#202020 bold,underline
/// ```
///
/// A colour is a name (`red`, `bright-red`, `grey`, `default`), a palette number 0-255 or `#rrggbb`. A line that
/// cannot be read (an unknown role, colour or attribute) is a ``Problem`` naming the file, the line and the column,
/// and is left out: that role keeps the base theme's style, and the rest of the file holds.
extension Theme {
    /// What a theme file got wrong: the file, the line and column (nil: the whole file) and what.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file's path.
        public var file: String
        /// The line, from 1; nil for the file as a whole (not a regular file, too large, not text).
        public var line: Int?
        /// The column of the word at fault, from 1; nil for the whole line or file.
        public var column: Int?
        /// What is wrong, in a sentence.
        public var message: String

        /// A problem of `file` at `line` and `column`.
        public init(file: String, line: Int?, column: Int? = nil, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }

        /// `file:line:column: message`, sanitised (a file's text never reaches the terminal as controls).
        public var description: String {
            let place = file + (line.map { ":\($0)" } ?? "") + (column.map { ":\($0)" } ?? "")
            return TerminalText.sanitize(place + ": " + message)
        }
    }

    /// The most bytes a theme file may have: 64 KiB (a file setting every role is about a kilobyte).
    public static let maximumFileSize = 64 * 1024

    /// Where `app`'s theme is: `$XDG_CONFIG_HOME/<app>/theme.conf`, else `$HOME/.config/<app>/theme.conf`; nil
    /// when neither variable is set.
    public static func defaultPath(forApp app: String, environment: [String: String]? = nil) -> String? {
        let variables = environment ?? KeyMap.currentEnvironment()
        if let config = variables["XDG_CONFIG_HOME"], config.hasPrefix("/") { return "\(config)/\(app)/theme.conf" }
        if let home = variables["HOME"], !home.isEmpty { return "\(home)/.config/\(app)/theme.conf" }
        return nil
    }

    /// Reads the theme at `path` over `base`: a missing file is `base` and no problem; a file that is not a regular
    /// file (a FIFO, a directory, a device), larger than ``maximumFileSize``, not UTF-8 text (a NUL byte) or
    /// unreadable is one problem and `base`, never a wait or a crash; then its lines (``parse(_:file:base:)``).
    public static func load(contentsOf path: String, base: Theme = .dark) -> (theme: Theme, problems: [Problem]) {
        switch SmallTextFile.read(path, maximumSize: maximumFileSize, what: "a theme file") {
        case .missing: return (base, [])
        case .refused(let message):
            return (base, [Problem(file: path, line: nil, message: message + ": the default theme is used")])
        case .text(let text): return parse(text, file: path, base: base)
        }
    }

    /// Reads `app`'s theme (``defaultPath(forApp:environment:)``) over the dark theme: the dark theme and no problem
    /// when there is no such file or no configuration directory; see ``load(contentsOf:base:)``. Apps read it
    /// before the screen opens, to say its problems on standard error, as they read their key map.
    public static func load(forApp app: String, environment: [String: String]? = nil) -> (
        theme: Theme, problems: [Problem]
    ) {
        guard let path = defaultPath(forApp: app, environment: environment) else { return (.dark, []) }
        return load(contentsOf: path)
    }

    /// Reads the lines of a theme file over `base` (or the theme its `base =` line names); `file` names it in
    /// problems and becomes the theme's name.
    public static func parse(_ text: String, file: String, base: Theme = .dark) -> (theme: Theme, problems: [Problem]) {
        var problems: [Problem] = []
        var start = base
        var roles: [(Role, Style)] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            func problem(_ column: Int?, _ message: String) {
                problems.append(Problem(file: file, line: number, column: column, message: message))
            }
            let content = withoutComment(rawLine)
            guard content.contains(where: { !$0.isWhitespace }) else { continue }
            guard let equals = content.firstIndex(of: "=") else {
                problem(nil, "expected `role = colour attributes` (or `base = dark|light`)")
                continue
            }
            let key = content[..<equals].trimmingWhitespace()
            let keyColumn = columnOf(key, in: rawLine)
            let valueText = content[content.index(after: equals)...]
            let words = wordsWithColumns(valueText, lineStart: rawLine.startIndex, in: rawLine)
            if key == "base" {
                guard words.count == 1, let theme = [Theme.dark, .light].first(where: { $0.name == words[0].word })
                else {
                    problem(words.first?.column ?? keyColumn, "`base` is `dark` or `light`")
                    continue
                }
                start = theme
                continue
            }
            guard let role = Role(name: String(key)) else {
                var message = "no role is named `\(key)`"
                if let near = Role.allCases.map(\.name).first(where: { isNear($0, String(key)) }) {
                    message += " (did you mean `\(near)`?)"
                }
                problem(keyColumn, message + "; the roles are " + Role.allCases.map(\.name).joined(separator: ", "))
                continue
            }
            if let style = parseStyle(words, problem: problem) { roles.append((role, style)) }
        }
        var theme = start
        theme.name = file
        for (role, style) in roles { theme[role] = style }
        return (theme, problems)
    }

    /// The style the words of a role's line give, nil after reporting a problem.
    private static func parseStyle(
        _ words: [(word: String, column: Int)], problem: (Int?, String) -> Void
    ) -> Style? {
        guard !words.isEmpty else {
            problem(nil, "a role needs a colour or attributes (`plain` for none)")
            return nil
        }
        var style = Style.plain
        var seenForeground = false
        for (word, column) in words {
            let lower = word.lowercased()
            if lower == "plain" { continue }
            if let attribute = TextAttributes.named.first(where: { $0.0 == lower })?.1 {
                style.attributes.insert(attribute)
                continue
            }
            var name = lower
            var isForeground = true
            if lower.hasPrefix("bg=") {
                name = String(lower.dropFirst(3))
                isForeground = false
            } else if lower.hasPrefix("fg=") {
                name = String(lower.dropFirst(3))
            }
            guard let color = Color(name: name) else {
                problem(
                    column,
                    "unknown colour or attribute `\(word)`: a colour is a name (red, bright-red, grey, default), "
                        + "a palette number 0-255 or #rrggbb; the attributes are "
                        + TextAttributes.named.map(\.0).joined(separator: ", "))
                return nil
            }
            if isForeground {
                if seenForeground {
                    problem(column, "a second text colour `\(word)` (a background is `bg=\(name)`)")
                    return nil
                }
                seenForeground = true
                style.foreground = color
            } else {
                style.background = color
            }
        }
        return style
    }

    /// `line` up to its comment: a `#` first on the line or followed by a blank (`#ff8800` is a colour).
    private static func withoutComment(_ line: Substring) -> Substring {
        var index = line.startIndex
        var atStart = true
        while index < line.endIndex {
            let next = line.index(after: index)
            if line[index] == "#" && (atStart || next == line.endIndex || line[next].isWhitespace) {
                return line[..<index]
            }
            if !line[index].isWhitespace { atStart = false }
            index = next
        }
        return line
    }

    /// The words of `value` (split at spaces and commas) with their columns (from 1) in `line`.
    private static func wordsWithColumns(
        _ value: Substring, lineStart: String.Index, in line: Substring
    ) -> [(word: String, column: Int)] {
        var words: [(word: String, column: Int)] = []
        var index = value.startIndex
        while index < value.endIndex {
            if value[index].isWhitespace || value[index] == "," {
                index = value.index(after: index)
                continue
            }
            let start = index
            while index < value.endIndex, !value[index].isWhitespace, value[index] != "," {
                index = value.index(after: index)
            }
            words.append((String(value[start..<index]), line.distance(from: lineStart, to: start) + 1))
        }
        return words
    }

    /// The column (from 1) where `part` (a slice of `line`) starts.
    private static func columnOf(_ part: Substring, in line: Substring) -> Int {
        line.distance(from: line.startIndex, to: part.startIndex) + 1
    }

    /// True when `a` and `b` differ by one edit at most (a suggestion for a misspelt role).
    private static func isNear(_ a: String, _ b: String) -> Bool {
        let a = Array(a)
        let b = Array(b)
        guard abs(a.count - b.count) <= 1, a != b else { return false }
        var i = 0
        var j = 0
        var edits = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                i += 1
                j += 1
                continue
            }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count {
                i += 1
            } else if b.count > a.count {
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        return edits + (a.count - i) + (b.count - j) <= 1
    }
}

extension Substring {
    /// The slice without the white space at both ends (a slice of the same string, so columns still count).
    fileprivate func trimmingWhitespace() -> Substring {
        var slice = self
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return slice
    }
}
