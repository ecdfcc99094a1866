import TermTableCore

/// The `cell` line's identifier and attributes, and the assembly of a whole cell.
struct CellAttributes {
    var height: Int?
    var heightToken: LayoutToken?
    var heightIsAutomatic = false
    var selectable = true
    var selection = SelectionStyle.reverse
    var accessory = CellAccessory.none
    var indentation = 0
    var style: Style?
}

extension LayoutParserState {
    /// The attributes a `cell` line takes (``CellAttribute``'s cases).
    static var cellAttributeNames: [String] { CellAttribute.allCases.map(\.rawValue) }

    /// Reads the identifier of a `cell` line; returns it (empty when missing or invalid) and its column.
    mutating func readIdentifier(_ header: LayoutSourceLine, tokens: inout [LayoutToken]) -> (String, Int) {
        let keywordEnd = header.firstNonBlank + 4
        guard let first = tokens.first, first.value == nil else {
            let column = tokens.first?.column ?? keywordEnd + 2
            let example = tokens.isEmpty ? "`cell row`" : "`cell row \(tokens.map(\.raw).joined(separator: " "))`"
            error(
                header, column: column, "cell has no identifier",
                hint: "write the reuse identifier right after `cell`: \(example)")
            return ("", header.firstNonBlank + 1)
        }
        tokens.removeFirst()
        if let bad = LayoutIdentifiers.invalidIdentifierCharacter(in: first.raw) {
            let character = Array(first.raw)[bad]
            error(
                header, column: first.column + bad,
                "invalid character `\(character)` in identifier `\(first.raw)`",
                hint: "an identifier starts with a letter or `_` and holds letters, digits, `_`, `-` or `.`")
            return ("", first.column)
        }
        if let line = identifierLines[first.raw] {
            error(
                header, column: first.column,
                "duplicate identifier `\(first.raw)`: a cell `\(first.raw)` is already defined on line \(line)",
                hint: "reuse identifiers must be unique in a file; rename this cell or the other one")
        } else {
            identifierLines[first.raw] = header.number
        }
        return (first.raw, first.column)
    }

    /// Reads the attributes of a `cell` line.
    mutating func readAttributes(_ tokens: [LayoutToken], header: LayoutSourceLine) -> CellAttributes {
        var attributes = CellAttributes()
        var seen: Set<CellAttribute> = []
        for token in tokens {
            guard let attribute = CellAttribute(rawValue: token.key) else {
                unknownCellAttribute(token, header: header)
                continue
            }
            guard seen.insert(attribute).inserted else {
                error(
                    header, column: token.column, "`\(token.key)` is given twice",
                    hint: "give each attribute once")
                continue
            }
            switch attribute {
            case .height:
                if token.value == "auto" {
                    attributes.heightIsAutomatic = true
                } else if let value = token.value, !value.isEmpty, Int(value) == nil {
                    error(
                        header, column: token.valueColumn, "bad value `\(value)` for `height`",
                        hint: "`height` is `auto` (the row is as tall as its content) or the canvas's line count, "
                            + "a whole number from 1 to 500")
                } else if let value = parseInteger(token, line: header, range: 1...500) {
                    attributes.height = value
                    attributes.heightToken = token
                }
            case .selectable:
                if let value = parseFlag(token, line: header) { attributes.selectable = value }
            case .selection:
                if token.value == "none" {
                    attributes.selection = .none
                } else if token.value == "reverse" {
                    attributes.selection = .reverse
                } else if token.value == nil || token.value == "" {
                    missingValue(
                        token, line: header,
                        example: "`selection=reverse`, `selection=none` or a style list such as "
                            + "`selection=bold,fg=black,bg=cyan`")
                } else if let style = parseStyleList(token, line: header) {
                    attributes.selection = .custom(style)
                }
            case .accessory:
                if let value = parseChoice(token, line: header, choices: CellAccessory.allCases.map(\.rawValue)) {
                    attributes.accessory = CellAccessory(rawValue: value) ?? .none
                }
            case .indent:
                if let value = parseInteger(token, line: header, range: 0...32) { attributes.indentation = value }
            case .style:
                if let style = parseStyleList(token, line: header) { attributes.style = style }
            }
        }
        return attributes
    }

    /// Reports an unknown word on a `cell` line.
    mutating func unknownCellAttribute(_ token: LayoutToken, header: LayoutSourceLine) {
        var hint = "a cell takes " + LayoutIdentifiers.list(LayoutParserState.cellAttributeNames, conjunction: "and")
        if let near = LayoutIdentifiers.didYouMean(token.key, in: LayoutParserState.cellAttributeNames) {
            hint = near + " " + hint
        } else if token.key.hasPrefix("indent") {
            hint = "did you mean `indent`? " + hint
        } else if ViewProperty(rawValue: token.key) != nil {
            hint = "`\(token.key)` is a property of a view: put it on the view's property line. " + hint
        }
        error(header, column: token.column, "unknown cell attribute `\(token.key)`", hint: hint)
    }

    /// Builds the cell from its header, canvas and property lines; nil when it has no canvas.
    mutating func buildCell(_ pending: PendingCell) -> CellSpec? {
        let header = pending.header
        var tokens = tokenize(header, from: header.firstNonBlank + 4)
        let (identifier, identifierColumn) = readIdentifier(header, tokens: &tokens)
        let attributes = readAttributes(tokens, header: header)
        let location = LayoutLocation(file: file, line: header.number, column: identifierColumn)
        let shown = identifier.isEmpty ? "cell" : "cell \(identifier)"
        guard !pending.canvas.isEmpty else {
            let named = identifier.isEmpty ? "the cell" : "cell `\(identifier)`"
            error(
                header, column: identifierColumn, "\(named) has no canvas",
                hint: "draw the cell between `|` bars on the lines right after `\(shown)`: `| [1 title ] |`")
            return nil
        }

        // The canvas: every line measured, all as wide as the first.
        if pending.canvas.count > CellSpec.maximumHeight {
            error(
                pending.canvas[CellSpec.maximumHeight], column: 1,
                "the canvas has \(pending.canvas.count) lines; a cell may be at most \(CellSpec.maximumHeight) lines tall",
                hint: "split the cell, or show long text in a `label wrap` field in a shorter cell")
        }
        let rows = pending.canvas.prefix(CellSpec.maximumHeight).enumerated().map {
            scanCanvasLine($0.element, row: $0.offset)
        }
        let reference = rows.first { $0.width != nil }
        let width = reference?.width ?? 0
        if let reference {
            for row in rows {
                guard let rowWidth = row.width, rowWidth != width else { continue }
                error(
                    row.line, column: row.closingColumn,
                    "ragged canvas: this line is \(rowWidth) columns wide, the first canvas line "
                        + "(line \(reference.line.number)) is \(width)",
                    hint: "put every closing `|` in the same display column; pad with spaces "
                        + "(wide characters such as 日 or 🙂 take 2 columns)")
            }
            if width == 0 {
                error(
                    reference.line, column: reference.closingColumn, "the canvas has no columns",
                    hint: "draw the cell between the bars: `| [1 title ] |`")
            }
        }
        let height = rows.count
        if let given = attributes.height, given != height, let token = attributes.heightToken {
            error(
                header, column: token.column,
                "height=\(given) but the canvas has \(height) line\(height == 1 ? "" : "s")",
                hint: "draw \(given) canvas line\(given == 1 ? "" : "s"), or write `height=\(height)`, "
                    + "or leave height out (the canvas gives it)")
        }

        let fields = joinFields(rows, identifier: identifier)
        let lines = readPropertyLines(pending.properties, fields: fields)

        var views: [ViewSpec] = []
        var names: [String: Int] = [:]
        var headings: [CanvasField] = []
        for field in fields {
            let fieldLocation = LayoutLocation(file: file, line: field.line.number, column: field.column)
            guard let propertyLine = lines[field.tag] else {
                error(
                    field.line, column: field.column,
                    "tag \(field.tag) is drawn on the canvas but has no property line",
                    hint: "add a line such as `  \(field.tag) label stretch` under the canvas")
                continue
            }
            guard let applied = propertyLine.applied, let kind = propertyLine.kind else { continue }
            let name = applied.name ?? field.name
            if let name {
                if let other = names[name] {
                    let column = applied.name != nil ? (applied.nameColumn ?? field.column) : field.column
                    let line = applied.name != nil ? propertyLine.line : field.line
                    error(
                        line, column: column, "name `\(name)` is already used by tag \(other) in this cell",
                        hint: "give each view its own name; tags and names both find views")
                } else {
                    names[name] = field.tag
                }
            }
            checkGeometry(kind: kind, field: field, applied: applied, propertyLine: propertyLine)
            checkNarrowing(
                field: field, applied: applied, propertyLine: propertyLine, cellWidth: width,
                headings: &headings)
            views.append(
                ViewSpec(
                    tag: field.tag, name: name, kind: kind, frame: field.frame,
                    autoresizing: applied.autoresizing, shrinkRule: applied.shrinkRule,
                    style: applied.style, properties: applied.properties, location: fieldLocation))
        }
        for row in rows {
            for piece in row.texts {
                var properties = ViewProperties()
                properties.text = piece.text
                views.append(
                    ViewSpec(
                        tag: 0, kind: .text,
                        frame: Rect(x: piece.x, y: piece.row, width: piece.width, height: 1),
                        properties: properties,
                        location: LayoutLocation(
                            file: file, line: piece.line.number,
                            column: piece.column)))
            }
        }
        views.sort { ($0.frame.y, $0.frame.x) < ($1.frame.y, $1.frame.x) }
        return CellSpec(
            identifier: identifier, width: width, height: height, selectable: attributes.selectable,
            selectionStyle: attributes.selection, accessory: attributes.accessory,
            indentation: attributes.indentation, style: attributes.style, views: views,
            location: location, heightIsAutomatic: attributes.heightIsAutomatic)
    }
}
