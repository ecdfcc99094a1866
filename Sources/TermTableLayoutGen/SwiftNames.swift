/// Turns layout names (`news`, `article-row`, `feed.title`) into Swift identifiers.
enum SwiftNames {
    /// Swift keywords, written in backticks when a name is one of them.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "false", "is", "nil", "super", "throws", "true", "try", "any", "some",
    ]

    /// Names that cannot be used even in backticks as a member; they get a `_` at the end.
    static let reserved: Set<String> = ["self", "Self", "Type", "Protocol", "init"]

    /// The public and open members of `TableViewCell` and `View`: a field of that name gets its class appended
    /// (`name` becomes `nameLabel`) so it does not hide the cell's own member.
    static let cellMembers: Set<String> = [
        "acceptsFocus", "accessory", "accessoryWidth", "addSubview", "autoresizing", "backgroundStyle", "bounds",
        "captureDesign", "checkedView", "checkedViewWithTag", "containsFocusedView", "contentBaseStyle",
        "contentView", "convertToScreen", "copy", "designFrame", "designSuperviewSize", "draw", "drawOverlay",
        "drawVersion", "enclosing", "fill", "firstSubview", "fitting", "fixed", "focus", "frame", "handleAction",
        "handleKey", "handleMouse", "height", "hitTest", "indentationLevel", "indentationWidth", "indexPath",
        "isAncestor", "isFocused", "isHidden", "isHighlighted", "isOpaque", "isSelectable", "isSelected",
        "layoutIfNeeded", "layoutSubviews", "markColumnWidth", "markStyle", "name", "preferredSize",
        "prepareForReuse", "removeFromSuperview", "render", "renderSubview", "renderSubviews", "reuseIdentifier",
        "rootView", "selectionStyle", "sendAction", "sender", "setNeedsDisplay", "setNeedsLayout", "setNeedsRedraw",
        "shows", "shrinkRule", "sizeThatFits", "stackItem", "subviews", "superview", "tableView", "tag",
        "undelivered", "view", "viewWithTag", "typedField", "failTypedCell", "fields", "description",
        "didBecomeFocused", "didResignFocus", "cursorStyle",
    ]

    /// The words of `name`: runs of letters, digits and `_`, split at any other character.
    static func words(_ name: String) -> [String] {
        name.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// `article-row` -> `articleRow`: the first word as written, the others capitalised.
    static func lowerCamel(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "_" }
        var result = first + parts.dropFirst().map(capitalized).joined()
        if result.first?.isNumber == true { result = "_" + result }
        return result
    }

    /// `article-row` -> `ArticleRow`.
    static func upperCamel(_ name: String) -> String {
        let parts = words(name)
        var result = parts.map(capitalized).joined()
        if result.isEmpty || result.first?.isNumber == true { result = "_" + result }
        return result
    }

    /// The word with its first character upper-cased.
    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `name` as it can be written in a declaration: keywords in backticks, reserved names with `_`.
    static func declarable(_ name: String) -> String {
        if reserved.contains(name) { return name + "_" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal holding `text`.
    static func literal(_ text: String) -> String {
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
    static func multilineLiteral(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var result = "\"\"\"\n"
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let escaped = literal(String(String.UnicodeScalarView(line))).dropFirst().dropLast()
            result += escaped.isEmpty ? "\n" : margin + escaped + "\n"
        }
        return result + margin + "\"\"\""
    }

    /// Text safe in a `///` comment: control characters dropped, on one line.
    static func comment(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    $0.value >= 0x20 && $0.value != 0x7F
                        && !(0x80..<0xA0).contains($0.value) && !(0x2028...0x2029).contains($0.value)
                }))
    }
}
