import Testing

@testable import TermTable

/// A view that counts its layout passes.
@MainActor
private final class CountingView: View {
    var passes = 0

    override func layoutSubviews() {
        passes += 1
        super.layoutSubviews()
    }
}

/// `layoutIfNeeded` skips clean subtrees: every change that needs layout must mark the path to the root.
@Suite("Layout passes") @MainActor
struct LayoutPassTests {
    /// root > middle > leaf, all laid out once.
    fileprivate func tree() -> (root: CountingView, middle: CountingView, leaf: CountingView) {
        let root = CountingView(frame: Rect(x: 0, y: 0, width: 40, height: 10))
        let middle = CountingView(frame: Rect(x: 0, y: 0, width: 20, height: 5))
        let leaf = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 2))
        root.addSubview(middle)
        middle.addSubview(leaf)
        root.layoutIfNeeded()
        return (root, middle, leaf)
    }

    @Test func aGrandchildResizedDirectlyIsLaidOutFromTheRoot() {
        let (root, middle, leaf) = tree()
        #expect([root.passes, middle.passes, leaf.passes] == [1, 1, 1])
        leaf.frame = Rect(x: 0, y: 0, width: 12, height: 3)  // no setNeedsLayout: the frame alone
        root.layoutIfNeeded()
        #expect([root.passes, middle.passes, leaf.passes] == [1, 1, 2])
    }

    @Test func aDesignedGrandchildFollowsItsResizedParent() {
        let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 10))
        let middle = View(frame: Rect(x: 0, y: 0, width: 20, height: 5))
        let label = Label(text: "x")
        label.frame = Rect(x: 0, y: 0, width: 20, height: 1)
        label.autoresizing = [.flexibleWidth]
        label.captureDesign(in: middle.frame.size)
        root.addSubview(middle)
        middle.addSubview(label)
        root.layoutIfNeeded()
        middle.frame = Rect(x: 0, y: 0, width: 30, height: 5)
        root.layoutIfNeeded()
        #expect(label.frame.width == 30)
    }

    @Test func aRequestDeepInTheTreeIsHonouredAndACleanTreeIsLeftAlone() {
        let (root, middle, leaf) = tree()
        leaf.setNeedsLayout()
        root.layoutIfNeeded()
        #expect([root.passes, middle.passes, leaf.passes] == [1, 1, 2])
        root.layoutIfNeeded()
        #expect([root.passes, middle.passes, leaf.passes] == [1, 1, 2])
    }

    @Test func aViewAddedToALaidOutTreeIsLaidOut() {
        let (root, middle, _) = tree()
        let late = CountingView(frame: Rect(x: 0, y: 0, width: 5, height: 1))
        let inner = CountingView(frame: Rect(x: 0, y: 0, width: 5, height: 1))
        late.addSubview(inner)
        middle.addSubview(late)
        root.layoutIfNeeded()
        #expect(late.passes == 1 && inner.passes == 1)
    }

    @Test func aSiblingChangedByALaterSiblingsLayoutIsLaidOutNextPass() {
        let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 10))
        let first = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 1))
        let second = ResizingView(frame: Rect(x: 0, y: 1, width: 10, height: 1))
        second.target = first
        root.addSubview(first)
        root.addSubview(second)
        root.layoutIfNeeded()
        #expect(first.passes == 1)
        // `second` resized `first` after `first` was laid out: the next pass must reach it.
        root.layoutIfNeeded()
        #expect(first.passes == 2 && first.frame.width == 11)
    }

    @Test func aTableDrawsEveryFrameWithOneLayoutOfItsRows() {
        let source = NumbersSource(rows: 100)
        defer { withExtendedLifetime(source) {} }
        let table = CountingTable(frame: Rect(x: 0, y: 0, width: 20, height: 5))
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        table.register(template: rowTemplate(), forCellReuseIdentifier: "row")
        table.delegate = source
        table.dataSource = source
        let app = Application(screen: BufferScreen(width: 20, height: 5), rootView: table)
        app.render()
        for _ in 0..<10 {
            let before = table.passes
            app.handle(.key(.down))
            app.render()
            #expect(table.passes == before + 1)
        }
    }
}

/// Resizes `target` once, from its own layout.
@MainActor
private final class ResizingView: View {
    weak var target: View?
    var done = false

    override func layoutSubviews() {
        super.layoutSubviews()
        guard !done, let target else { return }
        done = true
        target.frame.size.width += 1
    }
}

/// A table that counts its layout passes.
@MainActor
private final class CountingTable: TableView {
    var passes = 0

    override func layoutSubviews() {
        passes += 1
        super.layoutSubviews()
    }
}
