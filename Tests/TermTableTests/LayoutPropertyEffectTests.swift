import Foundation
import TermTableTestSupport
import TermTableTesting
import Testing

@testable import TermTable

/// Properties that were accepted and ignored (`symbol=` on a separator, `align=` on a button or field,
/// `truncate=` on a button) draw as the documentation says; the selection style is merged over a
/// view's style; the documentation's property tables come from the declarations.
@Suite("Layout properties take effect") @MainActor
struct LayoutPropertyEffectTests {
    /// The only cell of `text`, built and drawn at `width`.
    func draw(_ text: String, width: Int, configure: (TableViewCell) -> Void = { _ in }) throws
        -> (cell: TableViewCell, screen: BufferScreen)
    {
        let (document, errors) = LayoutParser.check(text, file: "effect.layout")
        #expect(errors.isEmpty, "\(LayoutErrorList(errors))")
        let cell = CellTemplate(spec: try #require(document.cells.first)).instantiate()
        configure(cell)
        let screen = BufferScreen(width: width, height: cell.height)
        // Drawn as a table draws it: a subview, so its selection style applies.
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: cell.height))
        cell.frame = root.bounds
        root.addSubview(cell)
        root.render(on: screen)
        return (cell, screen)
    }

    @Test func aSeparatorDrawsWithItsSymbol() throws {
        let layout = """
            cell rule selectable=no
            |[1 line            ]|
              1 separator symbol=═ stretch
            """
        #expect(try draw(layout, width: 30).screen.line(0) == String(repeating: "═", count: 30))
        let plain = try draw(layout.replacingOccurrences(of: " symbol=═", with: ""), width: 30)
        #expect(plain.screen.line(0) == String(repeating: "─", count: 30))
    }

    @Test func aButtonAlignsItsTitle() throws {
        func button(_ words: String) throws -> String {
            try draw("cell b\n|[1 b         ]|\n  1 button title=Go \(words)", width: 14).screen.line(0)
        }
        #expect(try button("") == "[     Go     ]")
        #expect(try button("align=left") == "[ Go         ]")
        #expect(try button("align=right") == "[         Go ]")
        #expect(try button("align=center") == "[     Go     ]")
    }

    @Test func aButtonCutsItsTitleWhereTruncateSays() throws {
        // Narrowed to 8 columns (`min-width=6`), 4 are left for `Download`.
        func button(_ words: String) throws -> String {
            try draw("cell b\n|[1 b       ]|\n  1 button title=Download min-width=6 \(words)", width: 8).screen.line(0)
        }
        #expect(try button("") == "[ Dow… ]")
        #expect(try button("truncate=head") == "[ …oad ]")
        #expect(try button("truncate=middle") == "[ Do…d ]")
        #expect(try button("truncate=clip") == "[ Down ]")
        // A title the app sets later is cut the same way.
        let (cell, screen) = try draw("cell b\n|[1 b       ]|\n  1 button title=Go truncate=head", width: 12) {
            $0.viewWithTag(1, as: Button.self)?.title = "Subscribe"
        }
        #expect(cell.viewWithTag(1, as: Button.self)?.truncation == .head)
        #expect(screen.line(0) == "[ …bscribe ]")
    }

    @Test func aTextFieldAlignsItsTextWhileNotEdited() throws {
        let layout = "cell f\n|[1 q     ]|\n  1 field text=abc align=right"
        #expect(try draw(layout, width: 10).screen.line(0) == "       abc")
        let placeholder = "cell f\n|[1 q     ]|\n  1 field placeholder=Find align=center"
        #expect(try draw(placeholder, width: 10).screen.line(0) == "   Find   ")
        // While edited, the text starts at the left, where the cursor is.
        let (_, focused) = try draw(layout, width: 10) { $0.viewWithTag(1)?.isFocused = true }
        #expect(focused.line(0) == "abc       ")
        #expect(focused.cursor == Point(x: 3, y: 0))
    }

    @Test func theSelectionStyleIsMergedOverTheViewsStyles() throws {
        let layout = """
            cell row selection=bold,bg=cyan
            |[1 a   ] [2 b   ]|
              1 label text=red fg=red
              2 label text=blue bg=blue
            """
        let (_, screen) = try draw(layout, width: 17) { $0.isHighlighted = true }
        // The selection's background wins over the view's; the view keeps the foreground the selection leaves.
        #expect(screen.style(at: Point(x: 0, y: 0)) == Style(foreground: .red, background: .cyan, attributes: .bold))
        #expect(
            screen.style(at: Point(x: 9, y: 0)) == Style(foreground: .default, background: .cyan, attributes: .bold))
        let (_, unselected) = try draw(layout, width: 17)
        #expect(unselected.style(at: Point(x: 9, y: 0)) == Style(background: .blue))
        // Reverse video keeps every view's colours, reversed.
        let reverse = layout.replacingOccurrences(of: "selection=bold,bg=cyan", with: "selection=reverse")
        let (_, reversed) = try draw(reverse, width: 17) { $0.isHighlighted = true }
        #expect(reversed.style(at: Point(x: 9, y: 0)) == Style(background: .blue, attributes: .reverse))
    }

    @Test func theArticleListsExactlyTheDeclaredPropertiesAndAttributes() throws {
        let article = try String(
            contentsOfFile: repositoryRoot + "/Sources/TermTable/TermTable.docc/LayoutTemplates.md",
            encoding: .utf8)
        #expect(article.contains(ViewProperty.referenceTable))
        #expect(article.contains(CellAttribute.referenceTable))
        // Every row of the article's tables names a declared case, and every case has its row.
        let named = article.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        #expect(named == ViewProperty.allCases.map(\.rawValue) + CellAttribute.allCases.map(\.rawValue))
        #expect(LayoutLint.reference.contains(ViewProperty.referenceTable))
        #expect(LayoutLint.reference.contains(CellAttribute.referenceTable))
    }

    @Test func everyColourNameParsesAndUnknownOnesGetTheNearest() throws {
        for (name, color) in Color.named { #expect(Color(name: name) == color, "\(name)") }
        #expect(Color(name: "bright-cyan") == .ansi(14))
        let (_, errors) = LayoutParser.check("cell c\n|[1 a ]|\n  1 label fg=magneta", file: "c.layout")
        let error = try #require(errors.first)
        #expect("\(error.location)" == "c.layout:3:14")
        #expect(error.hint?.contains("did you mean `magenta`?") == true)
    }

    @Test func anUnknownPropertyIsLocatedWithTheNearestName() throws {
        let (_, errors) = LayoutParser.check("cell c\n|[1 a ]|\n  1 separator symbl=═", file: "s.layout")
        let error = try #require(errors.first)
        #expect("\(error.location)" == "s.layout:3:15")
        #expect(error.message == "unknown property `symbl`")
        #expect(error.hint?.hasPrefix("did you mean `symbol`?") == true)
    }
}
