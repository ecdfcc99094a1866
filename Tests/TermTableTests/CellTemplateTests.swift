import TermTableLayouts
import TermTableTesting
import Testing

@testable import TermTable

@Suite("Cell templates") @MainActor
struct CellTemplateTests {
    let gallery: LayoutLibrary

    init() throws {
        gallery = try LayoutLibrary(contentsOf: ProjectLayouts.path(for: "Gallery"))
    }

    /// Every cell of `identifiers` stacked on one screen `width` columns wide.
    func stack(_ identifiers: [String], width: Int) throws -> [String] {
        let cells = try identifiers.map { try gallery.instantiate($0) }
        let height = cells.reduce(0) { $0 + $1.height }
        let screen = BufferScreen(width: width, height: height)
        var y = 0
        for cell in cells {
            cell.frame = Rect(x: 0, y: y, width: width, height: cell.height)
            cell.render(on: screen)
            y += cell.height
        }
        return screen.lines
    }

    @Test(arguments: [30, 60, 200])
    func templatesLayOutAtAnyWidth(width: Int) throws {
        let lines = try stack(["label", "wrapped", "progress", "button", "slider", "glyph", "box"], width: width)
        assertSnapshot(lines, named: "gallery-\(width)")
        // Pinned views keep their right margin; nothing runs past the edge.
        #expect(lines[0].hasSuffix(" 3h ago "))
        #expect(lines.allSatisfy { TerminalText.width(of: $0) == width })
    }

    @Test func clonesShareNoStateWithTheTemplateOrEachOther() throws {
        let first = try gallery.instantiate("label")
        let second = try gallery.instantiate("label")
        #expect(first !== second)
        first.viewWithTag(1, as: Label.self)?.text = "changed"
        first.viewWithTag(1)?.frame.x = 7
        #expect(second.viewWithTag(1, as: Label.self)?.text == "Labels stretch, align and cut long text at the tail")
        #expect(second.viewWithTag(1)?.frame.x == 1)
        let third = try gallery.instantiate("label")
        #expect(third.viewWithTag(1, as: Label.self)?.text == "Labels stretch, align and cut long text at the tail")
        #expect(try gallery.template("label").cloneCount >= 3)
    }

    @Test func tagsNamesStylesAndActionsSurviveCloning() throws {
        let cell = try gallery.instantiate("button").copy()
        let button = try #require(cell.viewWithTag(2, as: Button.self))
        #expect(button.action == "subscribe")
        #expect(button.title == "Subscribe")
        #expect(button.titleStyle.attributes.contains(.bold))
        #expect(button.autoresizing == .flexibleLeftMargin)
        #expect(cell.view(named: "feed") === cell.viewWithTag(1))
        #expect(cell.view(named: "subscribe", as: Button.self) === button)
        #expect(cell.firstSubview(of: Button.self) === button)
        #expect(cell.subviews(of: Label.self).count == 1)
        #expect(throws: ViewLookupError.self, "a typed look-up of the wrong type is an error, not nil") {
            try cell.checkedViewWithTag(1, as: Button.self)
        }
        // The action reaches a handler the app registered, from the copy.
        let sink = RecordingSink()
        cell.host = sink
        button.press()
        #expect(sink.actions == ["subscribe"])
    }

    /// The class the typed accessors declare for a kind is the class a template builds for it.
    @Test(arguments: ViewKind.allCases)
    func aFieldIsBuiltAsTheClassItsKindNames(kind: ViewKind) {
        let spec = ViewSpec(
            tag: 1, kind: kind, frame: Rect(x: 0, y: 0, width: 8, height: 1),
            location: LayoutLocation(file: "t", line: 1, column: 1))
        let view = CellTemplate.makeView(spec)
        #expect(String(describing: type(of: view)) == kind.viewClassName)
    }

    @Test func tagLookUpsFollowChangesToTheTree() {
        let root = View()
        let a = Label(text: "a")
        a.tag = 1
        root.addSubview(a)
        #expect(root.viewWithTag(1) === a)
        let b = Label(text: "b")
        b.tag = 2
        a.addSubview(b)
        #expect(root.viewWithTag(2) === b, "adding a view deep in the tree updates the index")
        b.tag = 3
        #expect(root.viewWithTag(2) == nil)
        #expect(root.viewWithTag(3) === b)
        b.removeFromSuperview()
        #expect(root.viewWithTag(3) == nil)
    }

    @Test func autoresizingSharesGrowthAndNeverOverlaps() {
        let items = [
            AutoresizingLayout.Item(frame: Rect(x: 0, y: 0, width: 10, height: 1), mask: .flexibleWidth),
            AutoresizingLayout.Item(frame: Rect(x: 11, y: 0, width: 10, height: 1), mask: .flexibleWidth),
            AutoresizingLayout.Item(frame: Rect(x: 22, y: 0, width: 8, height: 1), mask: .pinRight),
            AutoresizingLayout.Item(frame: Rect(x: 2, y: 1, width: 5, height: 1), mask: []),
        ]
        let design = Size(width: 30, height: 2)
        let wider = AutoresizingLayout.frames(for: items, designSize: design, size: Size(width: 41, height: 2))
        #expect(
            wider == [
                Rect(x: 0, y: 0, width: 16, height: 1), Rect(x: 17, y: 0, width: 15, height: 1),
                Rect(x: 33, y: 0, width: 8, height: 1), Rect(x: 2, y: 1, width: 5, height: 1),
            ])
        let narrow = AutoresizingLayout.frames(for: items, designSize: design, size: Size(width: 12, height: 2))
        for (i, a) in narrow.enumerated() {
            for b in narrow[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
            #expect(a.maxX <= 12)
        }
        #expect(AutoresizingLayout.frames(for: items, designSize: design, size: design) == items.map(\.frame))
    }
}

@MainActor
final class RecordingSink: ViewHost {
    var actions: [String] = []
    func deliver(_ action: ViewAction) { actions.append(action.name) }
    func setNeedsDisplay() {}
}
