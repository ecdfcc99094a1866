import TermTableCore

/// Reading the values of `key=value` words: styles, colours, numbers, yes/no, choices.
extension LayoutParserState {
    /// The colour names the format accepts, for hints (from ``/TermTableCore/Color/ansiNames``).
    static let colorHint =
        "a colour is " + Color.ansiNames.map { "`\($0)`" }.joined(separator: ", ")
        + ", `gray`, `bright-NAME`, `default`, a palette number 0-255 or `#rrggbb`"

    /// The colour names, for suggestions (``/TermTableCore/Color/named`` less the undocumented `none`).
    static let colorNames = Color.named.map(\.name).filter { $0 != "none" }

    /// The style items: attribute names, `plain`, theme role names, and `fg=`/`bg=` inside a style list.
    static var styleWords: [String] {
        TextAttributes.named.map(\.0) + ["plain"] + Theme.Role.allCases.map(\.name).filter { $0 != "dim" }
    }

    /// Reports that `token` needs a value.
    mutating func missingValue(_ token: LayoutToken, line: LayoutSourceLine, example: String) {
        error(line, column: token.column, "`\(token.key)` needs a value", hint: "write it as \(example)")
    }

    /// Reads a style list such as `bold,underline,fg=yellow,bg=blue` or `accent,bold`; nil after reporting an error.
    ///
    /// A theme role's name (``/TermTableCore/Theme/Role/name``) makes the style drawn in that role of the app's
    /// theme, resolved when drawn; one role a list. `dim` is the role `dim` when the list names no other role (the
    /// dim attribute in the default themes), else the dim attribute.
    mutating func parseStyleList(_ token: LayoutToken, line: LayoutSourceLine) -> Style? {
        guard let value = token.value, !value.isEmpty else {
            missingValue(token, line: line, example: "`\(token.key)=bold` or `\(token.key)=bold,fg=yellow`")
            return nil
        }
        var style = Style.plain
        var ok = true
        var offset = 0
        var seenForeground = false
        var seenBackground = false
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(item)
            let column = token.column(ofValueOffset: offset)
            offset += word.count + 1
            if word.isEmpty {
                error(
                    line, column: column, "empty item in the style list `\(value)`",
                    hint: "separate the items with single commas: `bold,underline`")
                ok = false
                continue
            }
            if word.hasPrefix("fg=") || word.hasPrefix("bg=") {
                let isForeground = word.hasPrefix("fg=")
                if isForeground ? seenForeground : seenBackground {
                    error(
                        line, column: column, "`\(word.prefix(2))` is given twice in `\(value)`",
                        hint: "give each colour once")
                    ok = false
                    continue
                }
                if isForeground { seenForeground = true } else { seenBackground = true }
                let name = String(word.dropFirst(3))
                guard let color = parseColor(name, line: line, column: column + 3) else {
                    ok = false
                    continue
                }
                if isForeground { style.foreground = color } else { style.background = color }
                continue
            }
            if word == "plain" { continue }
            if let role = Theme.Role(name: word), role != .dim {
                if let named = style.role, named != .dim {
                    error(
                        line, column: column, "a style list names one theme role: `\(named.name)` and `\(word)`",
                        hint: "keep one role and add attributes or colours to it: `\(named.name),bold`")
                    ok = false
                    continue
                }
                if style.role == .dim { style.attributes.insert(.dim) }
                style.role = role
                continue
            }
            if word == "dim" {
                if style.role == nil { style.role = .dim } else { style.attributes.insert(.dim) }
                continue
            }
            if let attribute = TextAttributes.named.first(where: { $0.0 == word })?.1 {
                style.attributes.insert(attribute)
                continue
            }
            var hint =
                "a style list holds " + LayoutIdentifiers.list(LayoutParserState.styleWords)
                + " (theme roles), `fg=COLOUR` and `bg=COLOUR`, separated by commas"
            if let near = LayoutIdentifiers.didYouMean(word, in: LayoutParserState.styleWords) {
                hint = near + " " + hint
            } else if Color(name: word) != nil {
                hint = "did you mean `fg=\(word)`? " + hint
            }
            error(line, column: column, "unknown style `\(word)`", hint: hint)
            ok = false
        }
        return ok ? style : nil
    }

    /// Reads a colour name; nil after reporting an error.
    mutating func parseColor(_ name: String, line: LayoutSourceLine, column: Int) -> Color? {
        if let color = Color(name: name) { return color }
        var hint = LayoutParserState.colorHint
        if let near = LayoutIdentifiers.didYouMean(name, in: LayoutParserState.colorNames) { hint = near + " " + hint }
        error(line, column: column, name.isEmpty ? "missing colour" : "unknown colour `\(name)`", hint: hint)
        return nil
    }

    /// Reads a colour property `fg=red`; nil after reporting an error.
    mutating func parseColorToken(_ token: LayoutToken, line: LayoutSourceLine) -> Color? {
        guard let value = token.value else {
            missingValue(token, line: line, example: "`\(token.key)=red`")
            return nil
        }
        return parseColor(value, line: line, column: token.valueColumn)
    }

    /// Reads one of `choices`; nil after reporting an error listing them.
    mutating func parseChoice(_ token: LayoutToken, line: LayoutSourceLine, choices: [String]) -> String? {
        guard let value = token.value else {
            missingValue(token, line: line, example: LayoutIdentifiers.list(choices.map { "\(token.key)=\($0)" }))
            return nil
        }
        if choices.contains(value) { return value }
        var hint = "`\(token.key)` is " + LayoutIdentifiers.list(choices)
        if let near = LayoutIdentifiers.didYouMean(value, in: choices) { hint = near + " " + hint }
        error(line, column: token.valueColumn, "bad value `\(value)` for `\(token.key)`", hint: hint)
        return nil
    }

    /// Reads a flag that may also be written `=yes` or `=no`; nil after reporting an error.
    mutating func parseFlag(_ token: LayoutToken, line: LayoutSourceLine) -> Bool? {
        guard let value = token.value else { return true }
        switch value {
        case "yes", "true", "on": return true
        case "no", "false", "off": return false
        default:
            error(
                line, column: token.valueColumn, "bad value `\(value)` for `\(token.key)`",
                hint: "write `\(token.key)` alone, or `\(token.key)=yes` / `\(token.key)=no`")
            return nil
        }
    }

    /// Reads a whole number in `range`; nil after reporting an error.
    mutating func parseInteger(_ token: LayoutToken, line: LayoutSourceLine, range: ClosedRange<Int>) -> Int? {
        guard let value = token.value, !value.isEmpty else {
            missingValue(token, line: line, example: "`\(token.key)=\(range.lowerBound)`")
            return nil
        }
        guard value.count <= 12, let number = Int(value), range.contains(number) else {
            error(
                line, column: token.valueColumn, "bad value `\(value)` for `\(token.key)`",
                hint: "`\(token.key)` is a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return number
    }

    /// Reads a finite decimal number; nil after reporting an error.
    mutating func parseNumber(_ token: LayoutToken, line: LayoutSourceLine) -> Double? {
        guard let value = token.value, !value.isEmpty else {
            missingValue(token, line: line, example: "`\(token.key)=0.5`")
            return nil
        }
        guard value.count <= 40, value.allSatisfy({ $0.isASCII }), let number = Double(value), number.isFinite else {
            error(
                line, column: token.valueColumn, "bad value `\(value)` for `\(token.key)`",
                hint: "`\(token.key)` is a number such as `0`, `12` or `0.25`")
            return nil
        }
        return number
    }

    /// Reads a name (`name=`, `action=`): a letter or `_`, then letters, digits, `_`, `-`, `.` (and `:` for actions).
    mutating func parseName(_ token: LayoutToken, line: LayoutSourceLine, allowColon: Bool = false) -> String? {
        guard let value = token.value, !value.isEmpty else {
            missingValue(token, line: line, example: "`\(token.key)=\(token.key == "action" ? "open" : "title")`")
            return nil
        }
        let extra: Set<Character> = allowColon ? ["-", ".", ":"] : ["-", "."]
        if let bad = LayoutIdentifiers.invalidIdentifierCharacter(in: value, extra: extra) {
            error(
                line, column: token.column(ofValueOffset: bad), "`\(value)` is not a valid \(token.key) name",
                hint: "a name starts with a letter or `_` and holds letters, digits, `_`, `-`, `.`"
                    + (allowColon ? " or `:`" : ""))
            return nil
        }
        return value
    }
}
