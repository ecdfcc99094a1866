import TermTableCore

/// What a property line said about one field.
struct AppliedProperties {
    var name: String?
    var nameColumn: Int?
    var autoresizing: Autoresizing = []
    var shrinkRule = ShrinkRule()
    var style = Style.plain
    var properties = ViewProperties()
    /// The words that set each property, for errors found later.
    var tokens: [ViewProperty: LayoutToken] = [:]
}

/// One property line, read.
struct PropertyLineInfo {
    var line: LayoutSourceLine
    var tag: Int
    var kind: ViewKind?
    var applied: AppliedProperties?
}

extension LayoutParserState {
    /// Reads the property lines of a cell, by tag; reports duplicates, undrawn tags and unknown kinds.
    mutating func readPropertyLines(_ lines: [LayoutSourceLine], fields: [CanvasField]) -> [Int: PropertyLineInfo] {
        var drawn: [Int: CanvasField] = [:]
        for field in fields { drawn[field.tag] = field }
        var result: [Int: PropertyLineInfo] = [:]
        for line in lines {
            var tokens = tokenize(line, from: line.firstNonBlank)
            guard !tokens.isEmpty else { continue }
            let tagToken = tokens.removeFirst()
            guard let tag = parseTag(tagToken.raw, line: line, column: tagToken.column, inField: false) else {
                continue
            }
            if let previous = result[tag] {
                error(
                    line, column: tagToken.column,
                    "tag \(tag) already has a property line (line \(previous.line.number))",
                    hint: "put all of tag \(tag)'s properties on one line")
                continue
            }
            var info = PropertyLineInfo(line: line, tag: tag)
            result[tag] = info
            let field = drawn[tag]
            if field == nil {
                error(
                    line, column: tagToken.column, "tag \(tag) has a property line but is not drawn on the canvas",
                    hint: "draw it on the canvas as `[\(tag) name]`, or remove this line")
            }
            let kindNames = LayoutIdentifiers.list(ViewPropertyRules.fieldKinds.map(\.rawValue))
            guard let kindToken = tokens.first, kindToken.value == nil else {
                error(
                    line, column: tokens.first?.column ?? line.chars.count + 1, "tag \(tag) has no kind",
                    hint: "a property line is `TAG KIND properties...`; the kinds are \(kindNames)")
                continue
            }
            tokens.removeFirst()
            guard let kind = ViewKind(rawValue: kindToken.raw), kind != .text else {
                if kindToken.raw == "text" {
                    error(
                        line, column: kindToken.column, "`text` is the kind of static canvas text, not of a field",
                        hint: "did you mean `label`?")
                } else {
                    var hint = "the kinds are \(kindNames)"
                    if let near = LayoutIdentifiers.didYouMean(
                        kindToken.raw, in: ViewPropertyRules.fieldKinds.map(\.rawValue))
                    {
                        hint = near + " " + hint
                    }
                    error(line, column: kindToken.column, "unknown kind `\(kindToken.raw)`", hint: hint)
                }
                continue
            }
            info.kind = kind
            info.applied = applyProperties(tokens, kind: kind, field: field, line: line)
            result[tag] = info
        }
        return result
    }

    /// Reads the properties of a field of `kind` (`field` is nil when the tag is not drawn).
    mutating func applyProperties(
        _ tokens: [LayoutToken], kind: ViewKind, field: CanvasField?,
        line: LayoutSourceLine
    ) -> AppliedProperties {
        var applied = AppliedProperties()
        var styleColors = (foreground: false, background: false)
        for token in tokens {
            let key = token.key
            guard let property = ViewProperty(rawValue: key) else {
                unknownProperty(token, kind: kind, line: line)
                continue
            }
            let group = property.group
            if let earlier = applied.tokens[group] {
                error(
                    line, column: token.column,
                    earlier.key == key ? "`\(key)` is given twice" : "`\(key)` and `\(earlier.key)` are both given",
                    hint: property == group && earlier.key == key
                        ? "give each property once"
                        : "`text` and `sample` set the same text: give one")
                continue
            }
            guard property.kinds.contains(kind) else {
                let takers = ViewPropertyRules.fieldKinds.filter(property.kinds.contains)
                var hint = "`\(key)` applies to " + LayoutIdentifiers.list(takers.map(\.rawValue))
                if kind == .label && property == .title { hint = "did you mean `text=`? " + hint }
                if property == .minimum {
                    hint = "did you mean `min-width=`, the fewest columns the field narrows to? " + hint
                }
                if (kind == .button || kind == .box) && property.group == .text {
                    hint = "did you mean `title=`? " + hint
                }
                error(
                    line, column: token.column, "`\(key)` does not apply to \(ViewPropertyRules.described(kind))",
                    hint: hint)
                continue
            }
            applied.tokens[group] = token
            apply(property, token, kind: kind, field: field, line: line, to: &applied, styleColors: &styleColors)
        }
        checkCombinations(kind: kind, applied: &applied, line: line)
        return applied
    }

    /// Applies one known, applicable property (`token` is the word that set it).
    private mutating func apply(
        _ property: ViewProperty, _ token: LayoutToken, kind: ViewKind, field: CanvasField?,
        line: LayoutSourceLine, to applied: inout AppliedProperties,
        styleColors: inout (foreground: Bool, background: Bool)
    ) {
        switch property {
        case .style:
            if let style = parseStyleList(token, line: line) {
                applied.style.attributes.formUnion(style.attributes)
                if let role = style.role { applied.style.role = role }
                if style.foreground != .default { applied.style.foreground = style.foreground }
                if style.background != .default { applied.style.background = style.background }
                styleColors = (style.foreground != .default, style.background != .default)
                if (styleColors.foreground && applied.tokens[.foreground] != nil)
                    || (styleColors.background && applied.tokens[.background] != nil)
                {
                    error(
                        line, column: token.column, "a colour is given both in `style=` and by `fg=`/`bg=`",
                        hint: "give each colour once")
                }
            }
        case .foreground, .background:
            let isForeground = property == .foreground
            if isForeground ? styleColors.foreground : styleColors.background {
                error(
                    line, column: token.column, "a colour is given both in `style=` and by `\(token.key)=`",
                    hint: "give each colour once")
            }
            if let color = parseColorToken(token, line: line) {
                if isForeground { applied.style.foreground = color } else { applied.style.background = color }
            }
        case .stretch:
            if token.value == nil {
                applied.autoresizing.insert(.flexibleWidth)
            } else if let value = parseChoice(token, line: line, choices: ["width", "height", "both"]) {
                applied.autoresizing.formUnion(
                    value == "width"
                        ? .flexibleWidth
                        : value == "height" ? .flexibleHeight : .fill)
            }
        case .pin:
            applyPin(token, line: line, to: &applied)
        case .minWidth:
            applied.shrinkRule.minimumWidth = parseInteger(token, line: line, range: 1...ShrinkRule.widestField)
        case .shrink:
            applied.shrinkRule.priority = parseInteger(token, line: line, range: 0...ShrinkRule.lastPriority - 1)
        case .hideBelow:
            applied.shrinkRule.hiddenBelowWidth = parseInteger(token, line: line, range: 1...ShrinkRule.widestField)
        case .heading:
            if let value = token.value {
                applied.properties.heading = value
            } else {
                missingValue(token, line: line, example: "`heading=PID` or `heading=\"CPU %\"`")
            }
        case .hidden:
            if let value = parseFlag(token, line: line) { applied.properties.hidden = value }
        case .percent:
            if let value = parseFlag(token, line: line) { applied.properties.showsPercentage = value }
        case .name:
            if let name = parseName(token, line: line) {
                applied.name = name
                applied.nameColumn = token.valueColumn
            }
        case .action:
            applied.properties.action = parseName(token, line: line, allowColon: true)
        case .align:
            if let value = parseChoice(token, line: line, choices: TextAlignment.allCases.map(\.rawValue)) {
                applied.properties.alignment = TextAlignment(rawValue: value)
            }
        case .truncate:
            let modes = TerminalText.TruncationMode.allCases.map(\.rawValue)
            if let value = parseChoice(token, line: line, choices: modes) {
                applied.properties.truncation = TerminalText.TruncationMode(rawValue: value)
            }
        case .wrap:
            if token.value == nil {
                applied.properties.wrapLines = 0  // as many lines as the field is drawn tall
            } else if let lines = parseInteger(token, line: line, range: 1...500) {
                applied.properties.wrapLines = lines
            }
        case .text, .sample, .title:
            if let value = token.value {
                applied.properties.text = value
            } else {
                missingValue(token, line: line, example: "`\(token.key)=Hello` or `\(token.key)=\"two words\"`")
            }
        case .placeholder:
            if let value = token.value {
                applied.properties.placeholder = value
            } else {
                missingValue(token, line: line, example: "`placeholder=Search` or `placeholder=\"Type here\"`")
            }
        case .value:
            applied.properties.value = parseNumber(token, line: line)
        case .minimum:
            applied.properties.minimum = parseNumber(token, line: line)
        case .maximum:
            applied.properties.maximum = parseNumber(token, line: line)
        case .step:
            applied.properties.step = parseNumber(token, line: line)
        case .symbol:
            applied.properties.symbol = parseSymbol(token, kind: kind, line: line)
        }
    }

    /// Reads `pin=right`, `pin=bottom` or `pin=right,bottom`.
    private mutating func applyPin(_ token: LayoutToken, line: LayoutSourceLine, to applied: inout AppliedProperties) {
        guard let value = token.value, !value.isEmpty else {
            missingValue(token, line: line, example: "`pin=right`, `pin=bottom` or `pin=right,bottom`")
            return
        }
        var offset = 0
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            let column = token.column(ofValueOffset: offset)
            offset += item.count + 1
            switch item {
            case "right": applied.autoresizing.insert(.pinRight)
            case "bottom": applied.autoresizing.insert(.pinBottom)
            default:
                var hint = "`pin` is `right`, `bottom` or `right,bottom`"
                if item == "left" || item == "top" {
                    hint = "views keep their left and top margins unless pinned; leave `\(item)` out. " + hint
                } else if let near = LayoutIdentifiers.didYouMean(String(item), in: ["right", "bottom"]) {
                    hint = near + " " + hint
                }
                error(line, column: column, "bad value `\(item)` for `pin`", hint: hint)
            }
        }
    }

    /// Reads a glyph's or separator's symbol: one character, 1 or 2 columns wide (1 for a separator).
    private mutating func parseSymbol(_ token: LayoutToken, kind: ViewKind, line: LayoutSourceLine) -> String? {
        guard let value = token.value, let character = value.first else {
            missingValue(token, line: line, example: "`symbol=★` or `symbol=🚀`")
            return nil
        }
        guard value.count == 1 else {
            error(
                line, column: token.valueColumn, "symbol `\(value)` is \(value.count) characters, not one",
                hint: "a symbol is one character, such as `symbol=★`, `symbol=●` or an emoji `symbol=🚀`")
            return nil
        }
        let width = TerminalText.width(of: character)
        let widest = kind == .separator ? 1 : 2
        guard (1...widest).contains(width) else {
            error(
                line, column: token.valueColumn,
                "symbol `\(value)` takes \(width) column\(width == 1 ? "" : "s") on the terminal",
                hint: kind == .separator
                    ? "a separator's symbol is one column wide, such as `─`, `═` or `·`"
                    : "a glyph's symbol takes 1 or 2 columns, such as `★` or `🚀`")
            return nil
        }
        return value
    }

    /// Reports an unknown property, with the most likely intended one.
    private mutating func unknownProperty(_ token: LayoutToken, kind: ViewKind, line: LayoutSourceLine) {
        let key = token.key
        guard !key.isEmpty else {
            error(line, column: token.column, "property has no name", hint: "write properties as `key=value`")
            return
        }
        var suggestion: String? = nil
        if LayoutParserState.styleWords.contains(key) {
            suggestion = "did you mean `style=\(key)`?"
        } else if key == "right" || key == "bottom" {
            suggestion = key == "right" ? "did you mean `pin=right` or `align=right`?" : "did you mean `pin=bottom`?"
        } else if TextAlignment(rawValue: key) != nil {
            suggestion = "did you mean `align=\(key)`?"
        } else if TerminalText.TruncationMode(rawValue: key) != nil {
            suggestion = "did you mean `truncate=\(key)`?"
        } else if ViewKind(rawValue: key) != nil {
            suggestion = "a field has one kind, written right after its tag"
        } else if !key.allSatisfy(\.isNumber), Color(name: key) != nil {
            suggestion = "did you mean `fg=\(key)`?"
        } else if let near = LayoutIdentifiers.nearest(to: key, in: ViewProperty.allCases.map(\.rawValue)) {
            suggestion = "did you mean `\(near)`?"
        }
        let list =
            "\(ViewPropertyRules.described(kind)) takes "
            + LayoutIdentifiers.list(ViewProperty.properties(of: kind).map(\.rawValue), conjunction: "and")
        error(
            line, column: token.column, "unknown property `\(key)`",
            hint: suggestion.map { $0 + " " + list } ?? list)
    }

    /// Checks properties against each other: stretch and pin, slider and progress ranges.
    private mutating func checkCombinations(kind: ViewKind, applied: inout AppliedProperties, line: LayoutSourceLine) {
        let mask = applied.autoresizing
        if mask.contains(.flexibleWidth) && mask.contains(.pinRight), let token = applied.tokens[.pin] {
            error(
                line, column: token.column, "`stretch` and `pin=right` both given",
                hint: "a stretching view already reaches as far right as the cell grows; give one of them")
        }
        if mask.contains(.flexibleHeight) && mask.contains(.pinBottom), let token = applied.tokens[.pin] {
            error(
                line, column: token.column, "`stretch=height` and `pin=bottom` both given",
                hint: "a view that stretches in height already follows the bottom edge; give one of them")
        }
        let properties = applied.properties
        if kind == .progress, let value = properties.value, !(0...1).contains(value), let token = applied.tokens[.value]
        {
            error(
                line, column: token.valueColumn, "value=\(token.value ?? "") is outside 0...1",
                hint: "a progress bar's value is a fraction: `value=0.4` shows 40%")
        }
        guard kind == .slider else { return }
        let minimum = properties.minimum ?? 0
        let maximum = properties.maximum ?? 1
        if minimum >= maximum {
            let token = applied.tokens[.minimum] ?? applied.tokens[.maximum]
            error(
                line, column: token?.column ?? line.firstNonBlank + 1,
                "min=\(Self.format(minimum)) is not below max=\(Self.format(maximum))",
                hint: "a slider goes from `min` up to `max` (0 and 1 when not given)")
            return
        }
        if let value = properties.value, !(minimum...maximum).contains(value), let token = applied.tokens[.value] {
            error(
                line, column: token.valueColumn,
                "value=\(token.value ?? "") is outside the slider's range \(Self.format(minimum))...\(Self.format(maximum))",
                hint: "give a value between `min` and `max` (0 and 1 when not given)")
        }
        if let step = properties.step, let token = applied.tokens[.step], !(step > 0 && step <= maximum - minimum) {
            error(
                line, column: token.valueColumn, "step=\(token.value ?? "") does not fit the slider's range",
                hint: "a step is above 0 and at most max - min (\(Self.format(maximum - minimum)))")
        }
    }

    /// A number as short as it can be written.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Checks a field's size against its kind: one-line kinds, minimum widths, titles that must fit, wrap lines.
    mutating func checkGeometry(
        kind: ViewKind, field: CanvasField, applied: AppliedProperties,
        propertyLine: PropertyLineInfo
    ) {
        let frame = field.frame
        let drawnAs = "`[\(field.tag) ...]`"
        if ViewPropertyRules.oneLineKinds.contains(kind) && frame.height != 1 {
            error(
                field.line, column: field.column,
                "\(ViewPropertyRules.described(kind)) is one line tall, but field \(field.tag) is \(frame.height) lines",
                hint: "draw \(drawnAs) on one canvas line")
        }
        if kind == .box && frame.height < 2 {
            error(
                field.line, column: field.column, "a box needs at least 2 lines, field \(field.tag) is 1",
                hint: "repeat \(drawnAs) on the next canvas line, in the same columns")
        }
        let minimum = ViewPropertyRules.minimumWidth(of: kind, percent: applied.properties.showsPercentage ?? false)
        if frame.width < minimum {
            error(
                field.line, column: field.column,
                "\(ViewPropertyRules.described(kind)) needs at least \(minimum) columns, field \(field.tag) is \(frame.width)",
                hint: "widen \(drawnAs) on the canvas to \(minimum) columns or more (brackets included)")
        }
        if kind == .button, let title = applied.properties.text, let token = applied.tokens[.title] {
            let needed = TerminalText.width(of: title) + 4  // drawn as `[ title ]`
            if needed > frame.width {
                error(
                    propertyLine.line, column: token.valueColumn,
                    "the title needs \(needed) columns, but button \(field.tag) is \(frame.width) wide",
                    hint: "widen \(drawnAs) on the canvas to \(needed) columns, or shorten the title")
            }
        }
        if let minimumWidth = applied.shrinkRule.minimumWidth, let token = applied.tokens[.minWidth] {
            if minimumWidth > frame.width {
                error(
                    propertyLine.line, column: token.valueColumn,
                    "min-width=\(minimumWidth) but field \(field.tag) is \(frame.width) columns wide",
                    hint: "a field narrows from its canvas width down to `min-width`: give at most \(frame.width), "
                        + "or widen \(drawnAs) on the canvas")
            } else if minimumWidth < minimum {
                error(
                    propertyLine.line, column: token.valueColumn,
                    "min-width=\(minimumWidth) is narrower than \(ViewPropertyRules.described(kind)) can be drawn (\(minimum) columns)",
                    hint:
                        "give `min-width=\(minimum)` or more; below its minimum a field is hidden (`shrink=` says how soon)"
                )
            }
        }
        if let lines = applied.properties.wrapLines, lines > frame.height,
            !applied.autoresizing.contains(.flexibleHeight), let token = applied.tokens[.wrap]
        {
            error(
                propertyLine.line, column: token.column,
                "wrap=\(lines) but field \(field.tag) is \(frame.height) line\(frame.height == 1 ? "" : "s") tall",
                hint: "draw the field \(lines) lines tall, write `wrap` alone to use its height, "
                    + "or add `stretch=height`")
        } else if applied.properties.wrapLines != nil, frame.height == 1,
            !applied.autoresizing.contains(.flexibleHeight), let token = applied.tokens[.wrap]
        {
            // A field one line tall that never grows cannot wrap: `wrap` there is a mistake, not a no-op to keep.
            error(
                propertyLine.line, column: token.column,
                "`wrap` on field \(field.tag), which is 1 line tall and does not stretch in height: it never wraps",
                hint: "draw the field on more lines, add `stretch=height` (or `stretch=both`), or remove `wrap`")
        }
    }
}
