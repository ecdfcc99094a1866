/// Turns layout names (`news`, `article-row`, `feed.title`) into Swift identifiers.
package enum LayoutSwiftNames {
    /// Swift keywords, written in backticks when a name is one of them.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "false", "is", "nil", "super", "throws", "true", "try", "any", "some", "Any",
        "await", "package", "consume", "discard", "each", "borrowing", "consuming", "nonisolated",
    ]

    /// Names that cannot be used even in backticks as a member; they get a `_` at the end.
    package static let reserved: Set<String> = ["self", "Self", "Type", "Protocol", "init", "_"]

    /// Types the generated code names without a module (`String`, `Bool`) and the module it names (`TermTable`):
    /// a member of that name would hide them, so a field or cell of that name is renamed like a toolkit member.
    package static let namesTheGeneratedCodeUses: Set<String> = ["TermTable", "String", "Bool", "Swift"]

    /// The public, open and package members of `View`, `TableViewCell` and `TypedCell` (and their extensions):
    /// a field of that name gets its class appended (`name` becomes `nameLabel`) so it does not hide the member.
    ///
    /// Kept equal to the toolkit's declarations by a test that reads them from the sources
    /// (`LayoutSwiftNamesTests`), so a member added to those classes fails the test until it is listed here.
    package static let toolkitCellMembers: Set<String> = [
        "acceptsFocus", "accessory", "accessoryWidth", "addSubview", "autoresizing", "backgroundStyle", "bounds",
        "captureDesign", "checkedView", "checkedViewWithTag", "containsFocusedView", "contentBaseStyle", "copyRefusal",
        "contentOverlayStyle", "contentView", "convertToScreen", "updateDrawn", "updateLaidOut", "copy", "copiedView",
        "counterpart", "designFrame",
        "designSuperviewSize", "didCopy", "draw", "drawOverlay", "drawVersion", "failTypedCell", "fields",
        "firstSubview", "frame", "frameDidChange", "handleAction", "handleKey", "handleMouse", "height", "hitTest",
        "host", "indentationLevel", "indentationWidth", "indexPath", "isFocused", "isHidden", "setText",
        "isHighlighted", "isOpaque", "isPlaceholder", "isSelectable", "isSelected", "layoutIfNeeded", "layoutSubviews",
        "markColumnWidth", "markStyle", "name", "preferredSize", "prepareForReuse", "removeFromSuperview", "render",
        "renderSubview", "renderSubviews", "reuseIdentifier", "rootView", "selectionStyle", "sendAction",
        "setFrame", "setNeedsDisplay", "setNeedsLayout", "shrinkRule", "sizeThatFits", "stackItem", "subviews",
        "subviewsForCopy", "superview", "tableView", "tag", "typedField", "view", "viewWithTag",
        "didBecomeFocused", "didResignFocus", "cursorStyle", "acceptsText", "handleText", "heightThatFits",
        "heightIsAutomatic", "setText",
    ]

    /// The members every generated cell class declares besides its fields.
    package static let generatedCellMembers: Set<String> = ["fields", "findFields", "init"]

    /// The names a field's Swift name may not take: it gets its view class appended instead.
    package static var cellMembers: Set<String> {
        toolkitCellMembers.union(generatedCellMembers).union(namesTheGeneratedCodeUses)
    }

    /// The words of `name`: runs of letters, digits and `_`, split at any other character.
    package static func words(_ name: String) -> [String] {
        name.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// `article-row` -> `articleRow`: the first word as written, the others capitalised.
    package static func lowerCamel(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "_" }
        var result = first + parts.dropFirst().map(capitalized).joined()
        if result.first?.isNumber == true { result = "_" + result }
        return result
    }

    /// `article-row` -> `ArticleRow`.
    package static func upperCamel(_ name: String) -> String {
        let parts = words(name)
        var result = parts.map(capitalized).joined()
        if result.isEmpty || result.first?.isNumber == true { result = "_" + result }
        return result
    }

    /// The word with its first character upper-cased.
    package static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `name` as it can be written in a declaration: keywords in backticks, reserved names with `_`.
    package static func declarable(_ name: String) -> String {
        if reserved.contains(name) { return name + "_" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal holding `text`.
    package static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A multi-line Swift string literal holding exactly `text`, its lines indented by `indent` spaces.
    ///
    /// Lines are split at `\n` only; backslashes, quotes and control characters (a `\r` of a CRLF file too)
    /// are escaped, so the literal's value is `text` byte for byte.
    package static func multilineLiteral(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var result = "\"\"\"\n"
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let escaped = literal(String(String.UnicodeScalarView(line))).dropFirst().dropLast()
            result += escaped.isEmpty ? "\n" : margin + escaped + "\n"
        }
        return result + margin + "\"\"\""
    }

    /// Text safe in a `///` comment: control characters dropped, on one line.
    package static func comment(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    $0.value >= 0x20 && $0.value != 0x7F
                        && !(0x80..<0xA0).contains($0.value) && !(0x2028...0x2029).contains($0.value)
                }))
    }
}
