import TermTableTesting
import Testing

@testable import TermTable

/// A property the linter accepts is a property that shows: for every (kind, property) pair the rules
/// accept, a field with the property draws differently from the same field without it, or the
/// property is documented as not drawn.
@Suite("Every accepted property shows") @MainActor
struct ViewPropertyDrawingTests {
    /// How to show one property on one kind: the words both fields have, the word under test, the width
    /// the cell is drawn at (nil: the canvas's), and whether a second field competes for the room.
    struct Sample {
        var base: String
        var word: String
        var width: Int? = nil
        var companion = false
        var height = 1
    }

    static let canvasWidth = 20

    /// Words that make a field of `kind` visible.
    static func content(_ kind: ViewKind) -> String {
        switch kind {
        case .label: return "text=Hello"
        case .progress, .slider: return "value=0.5"
        case .button: return "title=Go"
        case .field: return "text=abc"
        case .box: return "title=T"
        case .glyph, .separator, .text: return ""
        }
    }

    /// The sample for `property` on `kind` (an exhaustive switch: a new property needs a sample here).
    static func sample(_ property: ViewProperty, _ kind: ViewKind) -> Sample? {
        let shown = content(kind)
        let extent = shown + " bg=blue"  // the field's whole frame shows, to see it move or resize
        let height = kind == .box ? 3 : 1
        switch property {
        case .style: return Sample(base: shown, word: "style=bold", height: height)
        case .foreground: return Sample(base: shown, word: "fg=red", height: height)
        case .background: return Sample(base: shown, word: "bg=blue", height: height)
        case .stretch: return Sample(base: extent, word: "stretch", width: 30, height: height)
        case .pin: return Sample(base: extent, word: "pin=right", width: 30, height: height)
        case .minWidth: return Sample(base: extent, word: "min-width=6", width: 16, height: height)
        case .shrink: return Sample(base: extent, word: "shrink=1", width: 15, companion: true, height: height)
        case .hideBelow: return Sample(base: extent + " min-width=6", word: "hide-below=19", width: 18, height: height)
        case .hidden: return Sample(base: extent, word: "hidden", height: height)
        case .align: return Sample(base: shown, word: "align=right")
        case .truncate:
            return kind == .button
                ? Sample(base: "title=Download min-width=6", word: "truncate=head", width: 16)
                : Sample(base: "text=\"Hello wonderful world\"", word: "truncate=head")
        case .wrap:
            return Sample(base: "text=\"one two three four five six seven\"", word: "wrap=2", height: 3)
        case .text, .sample: return Sample(base: "", word: "\(property.rawValue)=Hi", height: height)
        case .title: return Sample(base: "", word: "title=Hi", height: height)
        case .value: return Sample(base: "", word: "value=0.5")
        case .minimum: return Sample(base: "value=0", word: "min=-1")
        case .maximum: return Sample(base: "value=0.5", word: "max=2")
        case .percent: return Sample(base: "value=0.5", word: "percent")
        case .placeholder: return Sample(base: "", word: "placeholder=Find")
        case .symbol: return Sample(base: "", word: kind == .glyph ? "symbol=★" : "symbol=═")
        case .name, .action, .step, .heading: return nil
        }
    }

    /// A one-cell layout: field 1 (12 columns, `height` lines) of `kind` at the left of a 20-column canvas.
    static func layout(_ kind: ViewKind, _ words: String, sample: Sample) -> String {
        var lines = ["cell probe"]
        for row in 0..<sample.height {
            let field = "[1" + String(repeating: " ", count: 9) + "]"
            let companion = sample.companion && row == 0 ? " [2  ]" : "      "
            lines.append("|" + field + "  " + companion + "|")
        }
        lines.append("  1 \(kind.rawValue) \(words)")
        if sample.companion { lines.append("  2 label text=zz bg=red shrink=5") }
        return lines.joined(separator: "\n")
    }

    /// Every character and style the cell draws at `width`.
    static func drawing(_ text: String, width: Int, height: Int) throws -> [String] {
        let (document, errors) = LayoutParser.check(text, file: "probe.layout")
        #expect(errors.isEmpty, "\(LayoutErrorList(errors))\n\(text)")
        let spec = try #require(document.cells.first)
        let cell = CellTemplate(spec: spec).instantiate()
        let screen = BufferScreen(width: width, height: height)
        cell.frame = Rect(x: 0, y: 0, width: width, height: height)
        cell.render(on: screen)
        return (0..<height).map { y in
            screen.line(y) + " "
                + (0..<width).map { x in
                    let style = screen.style(at: Point(x: x, y: y))
                    return "\(style.foreground)/\(style.background)/\(style.attributes.rawValue)"
                }.joined(separator: ";")
        }
    }

    nonisolated static var pairs: [(ViewProperty, ViewKind)] {
        ViewProperty.allCases.flatMap { property in
            ViewPropertyRules.fieldKinds.filter(property.kinds.contains).map { (property, $0) }
        }
    }

    @Test(arguments: pairs)
    func anAcceptedPropertyChangesTheDrawing(property: ViewProperty, kind: ViewKind) throws {
        guard let sample = Self.sample(property, kind) else {
            #expect(!property.isDrawn, "`\(property.rawValue)` is drawn but has no sample")
            #expect(
                property.meaning.contains("not drawn"),
                "`\(property.rawValue)` is not drawn: its documentation must say so")
            return
        }
        #expect(property.isDrawn)
        let width = sample.width ?? Self.canvasWidth
        let without = try Self.drawing(
            Self.layout(kind, sample.base, sample: sample), width: width,
            height: sample.height)
        let with = try Self.drawing(
            Self.layout(kind, sample.base + " " + sample.word, sample: sample), width: width,
            height: sample.height)
        let shown = with.map { String($0.prefix(width)) }.joined(separator: "\n")
        #expect(
            with != without,
            "`\(sample.word)` on \(ViewPropertyRules.described(kind)) draws nothing different:\n\(shown)")
    }
}

extension ViewProperty: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}
