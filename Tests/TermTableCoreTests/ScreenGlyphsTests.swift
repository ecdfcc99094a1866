import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableCore

/// `ScreenGlyphs`: the rule that decides, from the environment an app started in and the terminal's `acsc`, whether
/// the screen draws lines and marks in Unicode or ASCII; the ASCII stand-ins; and the screens writing them.
@Suite("ScreenGlyphs")
@MainActor
struct ScreenGlyphsTests {
    /// The rule as a table: the override first, then a locale naming a codeset, then the terminal's line drawing;
    /// an unset locale, `C` and `POSIX` (CI, many ssh sessions, containers) stay Unicode.
    @Test(
        arguments: [
            ([:], true, ScreenGlyphs.unicode),
            (["LANG": "C"], true, .unicode),
            (["LC_ALL": "POSIX"], true, .unicode),
            (["LANG": ""], true, .unicode),
            (["LANG": "en_US"], true, .unicode),
            (["LANG": "en_US.UTF-8"], true, .unicode),
            (["LANG": "C.utf8"], true, .unicode),
            (["LANG": "de_DE.utf-8@euro"], true, .unicode),
            (["LANG": "en_US.ISO-8859-1"], true, .ascii),
            (["LANG": "de_DE.ISO-8859-15@euro"], true, .ascii),
            (["LANG": "ja_JP.eucJP"], true, .ascii),
            (["LC_CTYPE": "en_US.ISO-8859-1", "LANG": "en_US.UTF-8"], true, .ascii),
            (["LC_ALL": "en_US.UTF-8", "LC_CTYPE": "en_US.ISO-8859-1"], true, .unicode),
            (["LC_ALL": "", "LC_CTYPE": "en_US.ISO-8859-1"], true, .ascii),
            ([:], false, .ascii),
            (["LANG": "en_US.UTF-8"], false, .ascii),
            (["TERMTABLE_ASCII": "1"], true, .ascii),
            (["TERMTABLE_ASCII": "yes", "LANG": "en_US.UTF-8"], true, .ascii),
            (["TERMTABLE_ASCII": "0", "LANG": "en_US.ISO-8859-1"], false, .unicode),
            (["TERMTABLE_ASCII": ""], true, .unicode),
            (["TERMTABLE_ASCII": "maybe"], true, .unicode),
            (["TERMTABLE_ACCESSIBLE": "1", "LANG": "en_US.UTF-8"], true, .plain),
            (["TERMTABLE_ACCESSIBLE": "1", "TERMTABLE_ASCII": "0"], true, .unicode),
            (["TERMTABLE_ACCESSIBLE": "0"], true, .unicode),
        ] as [([String: String], Bool, ScreenGlyphs)])
    func theEnvironmentDecidesTheGlyphs(environment: [String: String], lineDrawing: Bool, expected: ScreenGlyphs) {
        #expect(ScreenGlyphs(environment: environment, terminalHasLineDrawing: lineDrawing) == expected)
    }

    /// `acsc` has line drawing when it maps the VT100 lines and corners (`q x l k m j`): xterm's and linux's do,
    /// a missing or partial one does not.
    @Test func acscWithTheLinesAndCornersHasLineDrawing() {
        #expect(ScreenGlyphs.acscHasLineDrawing("``aaffggjjkkllmmnnooppqqrrssttuuvvwwxxyyzz{{||}}~~"))
        #expect(ScreenGlyphs.acscHasLineDrawing("++,,--..00``aaffgghhiijjkkllmmnnooppqqrrssttuuvvwwxxyyzz{{||}}~~"))
        #expect(!ScreenGlyphs.acscHasLineDrawing(nil))
        #expect(!ScreenGlyphs.acscHasLineDrawing(""))
        #expect(!ScreenGlyphs.acscHasLineDrawing("qqxx"), "lines without corners")
        #expect(!ScreenGlyphs.acscHasLineDrawing("q"), "an odd, cut string")
    }

    /// Every stand-in is one printable ASCII character as wide as its symbol, so a layout made in Unicode keeps its
    /// columns in ASCII.
    @Test func everyStandInIsOneASCIICharacterAsWideAsItsSymbol() {
        for (symbol, standIn) in ScreenGlyphs.asciiStandIns {
            #expect(standIn.isASCII && TerminalText.width(of: standIn) == 1, "\(symbol)")
            #expect(TerminalText.width(of: symbol) == 1, "\(symbol) is \(TerminalText.width(of: symbol)) wide")
        }
        #expect(ScreenGlyphs.ascii.substitute("├─▸ src … ✓ ↑") == "+-> src . * ^")
        #expect(ScreenGlyphs.unicode.substitute("├─▸ src") == "├─▸ src")
        #expect(ScreenGlyphs.ascii.substitute("café 日本") == "café 日本", "the app's text that is no symbol stays")
    }

    /// The screen-reader mode's set: vertical lines, corners and a scroll thumb become spaces, a horizontal line and
    /// the tees on it a plain rule of `-`, the other marks their ASCII stand-ins; each is one column, as its symbol.
    @Test func thePlainSetDrawsBoxDrawingAsSpacesAndPlainRules() {
        #expect(ScreenGlyphs.plain.substitute("┌─ Keys ─┐") == " - Keys - ")
        #expect(ScreenGlyphs.plain.substitute("│ a │ b ┃") == "  a   b  ")
        #expect(ScreenGlyphs.plain.substitute("├──┼──┤") == "-------")
        #expect(ScreenGlyphs.plain.substitute("└──┘") == " -- ")
        #expect(ScreenGlyphs.plain.substitute("▸ src … ✓ ↑") == "> src . * ^")
        #expect(ScreenGlyphs.plain.substitute("café 日本") == "café 日本", "the app's text that is no symbol stays")
        for (symbol, standIn) in ScreenGlyphs.plainStandIns {
            #expect(standIn.isASCII && TerminalText.width(of: symbol) == 1, "\(symbol)")
        }
    }

    /// The mode set in code (`readerMode`) gives what `TERMTABLE_ACCESSIBLE=1` gives, and `TERMTABLE_ASCII` still
    /// wins over both.
    @Test func theReaderModeInCodeDecidesAsTheEnvironmentVariableDoes() {
        #expect(ScreenGlyphs(environment: [:], readerMode: true) == .plain)
        #expect(ScreenGlyphs(environment: ["TERMTABLE_ACCESSIBLE": "1"]) == .plain)
        #expect(ScreenGlyphs(environment: ["TERMTABLE_ASCII": "1"], readerMode: true) == .ascii)
        #expect(ScreenGlyphs(environment: ["TERMTABLE_ASCII": "0"], readerMode: true) == .unicode)
        #expect(ScreenGlyphs(environment: [:], terminalHasLineDrawing: false, readerMode: true) == .plain)
    }

    /// Every non-ASCII character in the code (not the comments) of the toolkit's drawing modules has an ASCII
    /// stand-in: a symbol added without one would reach a terminal that cannot draw it.
    @Test func everyNonASCIICharacterTheToolkitDrawsHasAStandIn() throws {
        let root = URL(fileURLWithPath: repositoryRoot)
        var missing: [String] = []
        for folder in ["Sources/TermTable", "Sources/TermTableCore"] {
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift", url.lastPathComponent != "ScreenGlyphs.swift" else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    for character in code
                    where !character.isASCII && ScreenGlyphs.ascii.substitute(character) == character {
                        missing.append("\(url.lastPathComponent):\(number + 1) \(character)")
                    }
                }
            }
        }
        #expect(missing == [], "add an ASCII stand-in to ScreenGlyphs.asciiStandIns")
    }

    /// A buffer screen set to ASCII writes the stand-ins, in `put` and in `fill`; set to Unicode, the symbols.
    @Test func anASCIIBufferScreenWritesTheStandIns() {
        let screen = BufferScreen(width: 8, height: 2)
        screen.glyphs = .ascii
        screen.put("┌─ ✓ ▾", at: .zero)
        screen.fill(Rect(x: 0, y: 1, width: 3, height: 1), with: "│", style: .plain)
        #expect(screen.lines == ["+- * v  ", "|||     "])
        screen.glyphs = .unicode
        screen.put("┌─", at: .zero)
        #expect(screen.lines[0].hasPrefix("┌─"))
    }
}
