/// A tolerant HTML-to-plain-text converter for feed titles and summaries.
///
/// HTML in feeds is rarely valid XML, so this is a forgiving scanner rather than a parser:
/// anything that does not look like a tag (`a < b`, `<3`, a `<` with no closing `>`) is
/// kept as text; comments, `<script>`, `<style>` and similar are dropped; character
/// references are decoded after the markup is removed, so `&lt;b&gt;` stays visible text.
public enum HTMLText {
    /// Converts an HTML fragment to a single line: tags removed, entities decoded,
    /// every run of whitespace (including line and paragraph breaks) collapsed to one space,
    /// and the result trimmed.
    public static func line(_ html: String) -> String {
        convert(html, singleLine: true)
    }

    /// Converts an HTML fragment to plain text that keeps its structure: paragraphs and
    /// headings are separated by a blank line, `<br>` and block ends by a newline, list items
    /// start with "• ", runs of blank lines are collapsed and the result is trimmed.
    public static func text(_ html: String) -> String {
        convert(html, singleLine: false)
    }

    /// Collapses whitespace in text that is already plain (no markup or entities),
    /// keeping single line breaks and at most one blank line when `singleLine` is false.
    public static func plain(_ text: String, singleLine: Bool) -> String {
        var output = TextAssembler(singleLine: singleLine)
        var newlines = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                newlines += 1
                output.lineBreak(min(newlines, 2))
            } else {
                if !TextAssembler.isSpace(scalar) { newlines = 0 }
                output.append(scalar)
            }
        }
        return output.result
    }

    /// Decodes character references (`&amp;`, `&#233;`, `&#x1F600;`) and leaves everything else alone.
    public static func decodeEntities(_ text: String) -> String {
        guard text.unicodeScalars.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (decoded, next) = entity(in: scalars, at: index) {
                result.append(decoded)
                index = next
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    // MARK: - Scanner

    /// Elements whose content is never shown. (`object` and `iframe` are not among them: their
    /// content is the fallback text meant for readers that cannot show the embedded thing.)
    private static let hiddenElements: Set<String> = [
        "script", "style", "noscript", "template", "head", "title", "svg", "math",
    ]
    /// Elements that start and end a paragraph (a blank line around them).
    private static let paragraphElements: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "ul", "ol", "dl", "table",
        "hr", "figure", "address",
    ]
    /// Elements that start and end a line.
    private static let lineElements: Set<String> = [
        "br", "div", "li", "tr", "dt", "dd", "section", "article", "header", "footer", "aside",
        "nav", "figcaption", "caption", "main", "details", "summary", "form", "fieldset",
    ]

    private static func convert(_ html: String, singleLine: Bool) -> String {
        let scalars = Array(html.unicodeScalars)
        var output = TextAssembler(singleLine: singleLine)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let tag = Tag.scan(scalars, at: index) {
                index = tag.end
                handle(tag, in: scalars, index: &index, output: &output)
            } else if scalar == "&", let (decoded, next) = entity(in: scalars, at: index) {
                output.append(decoded)
                index = next
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return output.result
    }

    private static func handle(
        _ tag: Tag, in scalars: [Unicode.Scalar], index: inout Int,
        output: inout TextAssembler
    ) {
        switch tag.kind {
        case .ignored:
            return
        case .cdata(let text):
            for scalar in text { output.append(scalar) }
        case .open(let name, let selfClosing):
            if hiddenElements.contains(name) {
                if !selfClosing { index = Tag.endOfRawText(named: name, in: scalars, from: index) }
            } else if name == "li" {
                output.bullet()
            } else if name == "br" {
                output.lineBreak(1)
            } else if name == "td" || name == "th" {
                output.space()
            } else if paragraphElements.contains(name) {
                output.lineBreak(2)
                if name == "pre" && !selfClosing { output.preformatted += 1 }
            } else if lineElements.contains(name) {
                output.lineBreak(1)
            }
        case .close(let name):
            if paragraphElements.contains(name) {
                output.lineBreak(2)
                if name == "pre" { output.preformatted = max(0, output.preformatted - 1) }
            } else if lineElements.contains(name) {
                output.lineBreak(1)
            } else if name == "td" || name == "th" {
                output.space()
            }
        }
    }

    /// Decodes the reference starting with the `&` at `start`: the character and the index
    /// after the reference, or `nil` when the text there is not a reference.
    static func entity(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            var radix: UInt32 = 10
            if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
                radix = 16
                index += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while index < scalars.count, let digit = Self.digit(scalars[index], radix: radix) {
                value = min(value &* radix &+ digit, 0x11_0000)
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            return (HTMLEntities.character(code: value), index)
        }
        var name = ""
        while index < scalars.count, name.unicodeScalars.count < 32, Tag.isNameCharacter(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard !name.isEmpty, index < scalars.count, scalars[index] == ";",
            let scalar = HTMLEntities.character(named: name)
        else { return nil }
        return (scalar, index + 1)
    }

    private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46 where radix == 16: scalar.value - 0x41 + 10
        case 0x61...0x66 where radix == 16: scalar.value - 0x61 + 10
        default: nil
        }
    }
}
