import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableLayout

@Suite("Layout parser: any input gives a document or located errors")
struct LayoutFuzzTests {
    /// Pieces random inputs are made of: the format's own words and characters, and troublemakers.
    static let pieces = [
        "cell ", "row", "news", "|", "| ", " |", "[", "]", "[1 ", "[2 title", " ", "  ", "\t", "\n", "\n", "\r\n",
        "\r", "1", "2", "0", "-", "99999999999", "label ", "button ", "slider ", "progress ", "glyph ", "box ",
        "field ", "separator ", "text ", "=", "\"", "\\", "\\\"", "#", ",", "stretch", "stretch=both", "pin=right",
        "pin=", "wrap", "wrap=", "wrap=0", "min=", "max=1e308", "value=", "value=nan", "step=-1", "symbol=",
        "symbol=🚀", "height=", "height=2", "style=", "style=bold,fg=red", "fg=", "bg=300", "title=\"a b\"",
        "action=go", "name=", "selection=", "accessory=", "indent=", "日本", "🚀", "👍🏽", "\u{301}", "e\u{301}",
        "\u{200B}", "\u{202E}", "\u{1B}", "\u{0}", "\u{FEFF}", "x", "é", "─",
        "min-width=", "min-width=2", "shrink=1", "shrink=-1", "hide-below=30", "heading=", "heading=\"A B\"",
    ]

    /// Checks that `text` parses to a document with cells, or gives errors that point into it.
    static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (document, errors) = LayoutParser.check(text, file: "F.layout")
        let lines = LayoutParser.lines(of: text)
        if errors.isEmpty {
            #expect(
                !document.cells.isEmpty, "no errors and no cells for \(text.debugDescription)",
                sourceLocation: sourceLocation)
            for cell in document.cells {
                #expect(cell.height >= 1 && cell.width >= 1, sourceLocation: sourceLocation)
                for view in cell.views {
                    #expect(view.frame.x >= 0 && view.frame.maxX <= cell.width, sourceLocation: sourceLocation)
                    #expect(view.frame.y >= 0 && view.frame.maxY <= cell.height, sourceLocation: sourceLocation)
                }
            }
            return
        }
        for error in errors.prefix(100) {
            let valid =
                error.file == "F.layout" && error.line >= 1 && error.line <= max(1, lines.count)
                && error.column >= 1 && !error.message.isEmpty
            #expect(
                valid, "bad location \(error.line):\(error.column) for \(text.debugDescription)",
                sourceLocation: sourceLocation)
            if valid, error.line <= lines.count {
                #expect(error.sourceLine == lines[error.line - 1], sourceLocation: sourceLocation)
                #expect(
                    error.column <= Array(error.sourceLine).count + 2,
                    "column past the line for \(text.debugDescription)", sourceLocation: sourceLocation)
            }
            #expect(
                error.description.hasPrefix("F.layout:\(error.line):\(error.column): error: "),
                sourceLocation: sourceLocation)
        }
    }

    @Test func randomInputs() {
        var random = SeededRandom(seed: 0x5EED_1A70)
        for _ in 0..<2000 {
            let count = Int.random(in: 0...80, using: &random)
            var text = ""
            for _ in 0..<count { text += LayoutFuzzTests.pieces.randomElement(using: &random)! }
            LayoutFuzzTests.check(text)
        }
    }

    @Test func mutatedGallery() throws {
        let gallery = try String(contentsOfFile: layoutsDirectory + "/Gallery.layout", encoding: .utf8)
        let original = Array(gallery)
        var random = SeededRandom(seed: 0xC0FF_EE00)
        for _ in 0..<1500 {
            var characters = original
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let position = Int.random(in: 0...characters.count, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0 where position < characters.count:  // delete a run
                    let end = min(characters.count, position + Int.random(in: 1...8, using: &random))
                    characters.removeSubrange(position..<end)
                case 1:  // insert a piece
                    characters.insert(contentsOf: LayoutFuzzTests.pieces.randomElement(using: &random)!, at: position)
                case 2 where position < characters.count:  // replace a character
                    characters[position] = "[]| =\"#\t1x日".randomElement(using: &random)!
                case 3:  // duplicate a slice (often whole lines)
                    let start = Int.random(in: 0...position, using: &random)
                    characters.insert(contentsOf: characters[start..<position].prefix(200), at: position)
                default:  // swap two characters
                    if characters.count > 1 {
                        let other = Int.random(in: 0..<characters.count, using: &random)
                        characters.swapAt(min(position, characters.count - 1), other)
                    }
                }
            }
            LayoutFuzzTests.check(String(characters))
        }
    }

    @Test func mutatedLinesOfSmallCells() {
        let lines = [
            "cell row height=2 accessory=checkmark", "| [1 title      ] [2 age] |", "| [3 body                 ] |",
            "  1 label style=bold stretch", "  2 label pin=right align=right", "  3 label wrap stretch",
            "", "# comment", "cell row", "  | [1 x] |  # note", "  4 slider min=0 max=10 value=5 step=1",
        ]
        var random = SeededRandom(seed: 42)
        for _ in 0..<1000 {
            let count = Int.random(in: 1...12, using: &random)
            let text = (0..<count).map { _ in lines.randomElement(using: &random)! }.joined(separator: "\n")
            LayoutFuzzTests.check(text)
        }
    }

    @Test func pathologicalSizesStayFast() {
        let wide = "cell w\n|" + String(repeating: "[1 a]|", count: 2000) + "\n 1 label"
        let tall = "cell t\n" + String(repeating: "| [1 a] |\n", count: 3000) + " 1 label"
        let bars = "cell b\n" + String(repeating: "|", count: 20000) + " x"
        let quotes = "cell q\n|[1]|\n 1 glyph " + String(repeating: "\"\\", count: 20000)
        for text in [wide, tall, bars, quotes] {
            let start = ContinuousClock.now
            _ = LayoutParser.check(text, file: "F.layout")
            let elapsed = ContinuousClock.now - start
            #expect(elapsed < .seconds(3), "\(elapsed) for \(text.prefix(20).debugDescription)")
            LayoutFuzzTests.check(text)
        }
    }
}
