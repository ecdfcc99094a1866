import Foundation
import Testing

@testable import TermTable

/// `termtable preview --watch` in memory: what the model holds and what the view draws for a file's text and width.
@Suite("Live preview: model and view") @MainActor
struct LivePreviewTests {
    nonisolated static let demo = """
        # Two cells for the live preview tests.
        cell title height=1
        |[1 name                        ] [2 n ] |
          1 label style=bold stretch truncate=tail sample="Alpha"
          2 label align=right pin=right sample=42

        cell detail height=2
        |  [1 text                             ] |
        |  [2 more                             ] |
          1 label stretch sample="first line"
          2 label style=dim stretch sample="second"

        """

    /// `demo` with the kind of tag 2 of the first cell misspelt (line 5, column 3).
    nonisolated static let broken = demo.replacingOccurrences(
        of: "  2 label align=right", with: "  2 lable align=right")

    /// The view of `model` drawn on a fresh screen of `width` x `height`.
    static func draw(_ model: LayoutPreviewModel, width: Int = 50, height: Int = 14) -> BufferScreen {
        let screen = BufferScreen(width: width, height: height)
        let view = LayoutPreviewView(model: model)
        view.frame = Rect(x: 0, y: 0, width: width, height: height)
        view.render(on: screen)
        return screen
    }

    static func loaded(_ text: String = demo) -> LayoutPreviewModel {
        let model = LayoutPreviewModel(path: "/tmp/demo.layout")
        model.load(text: text)
        return model
    }

    @Test func everyCellIsDrawnAtTheScreensWidthWithItsSamples() throws {
        for width in [50, 72, 100] {
            let model = Self.loaded()
            let screen = Self.draw(model, width: width)
            let library = try #require(model.library)
            #expect(screen.line(0).hasPrefix(" demo.layout · \(width) columns · 1/2 title"))
            #expect(screen.line(1).hasPrefix("▶ title · height 1 · designed at 40 columns"))
            #expect(Array(screen.lines[2...2]) == LayoutPreview.renderCell(try library.template("title"), width: width))
            #expect(screen.line(2).hasPrefix("Alpha") && screen.line(2).contains("42"))
            #expect(screen.line(4).hasPrefix("  detail · height 2"))
            #expect(
                Array(screen.lines[5...6]) == LayoutPreview.renderCell(try library.template("detail"), width: width))
            #expect(screen.line(13).hasPrefix(" " + LayoutPreviewView.help.prefix(width - 1)))
        }
    }

    @Test func theCursorMovesAndTheStatesToggle() throws {
        let model = Self.loaded()
        let view = LayoutPreviewView(model: model)
        #expect(view.handleKey(Key("j")))
        #expect(model.currentIdentifier == "detail")
        #expect(view.handleKey(.down))  // stops at the last cell
        #expect(model.cursor == 1)
        #expect(view.handleKey(Key("s")))
        #expect(view.handleKey(Key("h")))
        #expect(model.selected == ["detail"] && model.highlighted == ["detail"])
        #expect(!view.handleKey(Key("q")), "q is the app's")

        let screen = Self.draw(model, width: 80)
        #expect(screen.line(0).contains("2/2 detail"))
        #expect(screen.line(1).hasPrefix("  title"))
        #expect(screen.line(4).hasPrefix("▶ detail · height 2 · designed at 40 columns · selected · highlighted"))
        // A highlighted cell takes its selection style (reverse) over its whole width.
        #expect(screen.styleMask(line: 5) { $0.attributes.contains(.reverse) } == String(repeating: "^", count: 80))
        #expect(screen.styleMask(line: 2) { $0.attributes.contains(.reverse) } == String(repeating: " ", count: 80))

        #expect(view.handleKey(Key("k")))
        #expect(view.handleKey(Key("h")))
        #expect(view.handleKey(Key("h")))
        #expect(model.highlighted == ["detail"], "h twice leaves the title as it was")
    }

    @Test func aLayoutErrorIsShownInPlaceAboveTheLastVersionThatLoaded() throws {
        let model = Self.loaded()
        model.moveCursor(by: 1)
        model.load(text: Self.broken)
        #expect(model.state == .failed)
        let screen = Self.draw(model, width: 100, height: 20)
        #expect(screen.line(0).contains("does not load"))
        #expect(screen.line(1).hasPrefix("/tmp/demo.layout:5:5: error: unknown kind `lable`"))
        #expect(screen.line(2).hasPrefix("    2 lable align=right pin=right sample=42"))
        #expect(screen.line(3).hasPrefix("      ^ "))
        #expect(screen.line(4).hasPrefix("hint: did you mean `label`?"))
        #expect(screen.style(at: Point(x: 0, y: 1)).foreground == .red)
        #expect(screen.text.contains("── the last version that loaded ──"))
        #expect(screen.text.contains("▶ detail"), "the cursor stays on its cell")
        #expect(screen.text.contains("first line"))

        model.load(text: Self.demo.replacingOccurrences(of: "sample=42", with: "sample=43"))
        #expect(model.state == .loaded && model.problem == nil)
        let fixed = Self.draw(model, width: 100, height: 20)
        #expect(!fixed.text.contains("error"))
        #expect(fixed.line(2).hasPrefix("Alpha ") && fixed.line(2).hasSuffix("  43 "))
        #expect(fixed.line(4).hasPrefix("▶ detail"))
    }

    @Test func theCursorFollowsItsCellWhenTheFileMovesIt() {
        let model = Self.loaded()
        model.moveCursor(by: 1)
        model.toggleSelected()
        let swapped = "cell extra height=1\n|[1 x ] |\n  1 label sample=x\n\n" + Self.demo
        model.load(text: swapped)
        #expect(model.identifiers == ["extra", "title", "detail"])
        #expect(model.currentIdentifier == "detail" && model.selected == ["detail"])
        model.load(text: "cell only height=1\n|[1 x ] |\n  1 label sample=x\n")
        #expect(model.cursor == 0 && model.currentIdentifier == "only")
    }

    @Test func errorTextIsSanitised() {
        let model = LayoutPreviewModel(path: "/tmp/evil\u{1B}]0;owned\u{07}.layout")
        model.load(text: "cell a height=1\n|[1 x ] |\n  1 lable \u{1B}[2J\u{9B}31m\tsample=x\n")
        #expect(model.state == .failed)
        let screen = Self.draw(model, width: 120, height: 12)
        let text = screen.lines.joined()
        #expect(text.contains("error: unknown kind"))
        let controls = text.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        #expect(controls.isEmpty, "control characters on screen: \(controls.map { String($0.value, radix: 16) })")
    }

    @Test func aFileThatIsGoneForAMomentKeepsTheLastVersion() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("demo.layout")
        let never = LayoutPreviewModel(path: file.path)
        never.reload()
        #expect(never.state == .failed && never.problem?.contains("no such layout file") == true)

        try Self.demo.write(to: file, atomically: false, encoding: .utf8)
        let model = LayoutPreviewModel(path: file.path)
        model.reload()
        #expect(model.state == .loaded)
        try FileManager.default.removeItem(at: file)
        model.reload()
        #expect(model.state == .missing)
        let screen = Self.draw(model, width: 80)
        #expect(screen.line(0).contains("the file is gone, waiting for it"))
        #expect(screen.line(2).hasPrefix("Alpha"))
        try Self.demo.replacingOccurrences(of: "Alpha", with: "Beta").write(
            to: file, atomically: false, encoding: .utf8)
        model.reload()
        #expect(model.state == .loaded && Self.draw(model).line(2).hasPrefix("Beta"))
    }

    @Test func onlyTheAskedCellIsShownAndAnUnknownOneIsAnError() {
        let model = LayoutPreviewModel(path: "demo.layout", only: "detail")
        model.load(text: Self.demo)
        #expect(model.identifiers == ["detail"])
        let unknown = LayoutPreviewModel(path: "demo.layout", only: "detial")
        unknown.load(text: Self.demo)
        #expect(unknown.state == .failed && unknown.problem?.contains("did you mean `detail`?") == true)
    }

    @Test func aClickPutsTheCursorOnACellAndTheWheelMovesIt() {
        let model = Self.loaded()
        let view = LayoutPreviewView(model: model)
        view.frame = Rect(x: 0, y: 0, width: 50, height: 14)
        view.render(on: BufferScreen(width: 50, height: 14))
        #expect(view.handleMouse(MouseEvent(.press, at: Point(x: 3, y: 6)), at: Point(x: 3, y: 6)))
        #expect(model.cursor == 1)
        #expect(view.handleMouse(MouseEvent(.wheelUp, button: .none, at: .zero), at: .zero))
        #expect(model.cursor == 0)
    }

    @Test func aLongFileScrollsToKeepTheCursorsCellInView() {
        var text = ""
        for index in 1...12 { text += "cell c\(index) height=1\n|[1 x       ] |\n  1 label sample=row\(index)\n\n" }
        let model = Self.loaded(text)
        let view = LayoutPreviewView(model: model)
        view.frame = Rect(x: 0, y: 0, width: 40, height: 10)
        for _ in 0..<9 { _ = view.handleKey(.down) }
        let screen = BufferScreen(width: 40, height: 10)
        view.render(on: screen)
        #expect(screen.line(7).hasPrefix("▶ c10"))
        #expect(screen.line(8).hasPrefix("row10"))
        #expect(screen.line(0).contains("10/12 c10"))
        _ = view.handleKey(.home)
        view.render(on: screen)
        #expect(screen.line(1).hasPrefix("▶ c1 "))
    }
}
