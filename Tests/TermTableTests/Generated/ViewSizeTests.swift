import Foundation
import TermTableLayouts
import TermTableTestSupport
import TermTableTesting
import Testing

@testable import TermTable

/// Every view kind, and every cell of the project's layouts, at sizes from nothing to far wider than designed.
///
/// Invariants: nothing crashes, nothing is drawn outside the view's frame, and
/// input to a view with no room changes nothing it cannot show.
@Suite("Views at every size") @MainActor
struct ViewSizeTests {
    nonisolated static let texts = [
        "", "a", "Hello, world", "日本語のテキスト", "🚀 launch", String(repeating: "wide 漢字 ", count: 30),
    ]

    /// One view of each kind, filled with `text`.
    static func views(text: String) -> [View] {
        let label = Label(text: text)
        let wrapped = Label(text: text)
        wrapped.numberOfLines = 0
        let middle = Label(text: text)
        middle.truncation = .middle
        middle.alignment = .right
        let progress = ProgressBar(value: 0.37)
        progress.showsPercentage = true
        let full = ProgressBar(value: 1.5)
        let box = Box(title: text.isEmpty ? nil : text)
        let separator = Separator()
        let glyph = Glyph(symbol: text.first ?? "•")
        let button = Button(title: text, action: "go")
        let field = TextField(text: text, placeholder: "type here")
        let slider = Slider(value: 3, range: 0...10, step: 1)
        return [label, wrapped, middle, progress, full, box, separator, glyph, button, field, slider]
    }

    /// Draws `view` at `frame` inside a larger screen and returns the lines; checks nothing leaks outside the frame.
    func drawn(_ view: View, frame: Rect, screenSize: Size, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = BufferScreen(size: screenSize)
        let holder = View(frame: Rect(origin: .zero, size: screenSize))
        holder.addSubview(view)
        view.frame = frame
        holder.render(on: screen)
        for y in 0..<screenSize.height {
            let line = Array(screen.line(y))
            for x in line.indices where line[x] != " " {
                let inside = x >= frame.x && x < frame.x + frame.width && y >= frame.y && y < frame.y + frame.height
                #expect(
                    inside, "\(type(of: view)) at \(frame) drew '\(line[x])' at (\(x), \(y))",
                    sourceLocation: sourceLocation)
                if !inside { return }
            }
        }
    }

    @Test(arguments: texts)
    func everyKindAtEverySmallSize(text: String) {
        for width in 0...4 {
            for height in 0...3 {
                for view in Self.views(text: text) {
                    drawn(
                        view, frame: Rect(x: 2, y: 1, width: width, height: height),
                        screenSize: Size(width: 10, height: 6))
                    // Focused, and given keys, with no room.
                    view.isFocused = true
                    for key in [Key("x"), .left, .right, .backspace, .home, .end, .enter, .space, Key("日")] {
                        _ = view.handleKey(key)
                    }
                    drawn(
                        view, frame: Rect(x: 2, y: 1, width: width, height: height),
                        screenSize: Size(width: 10, height: 6))
                }
            }
        }
    }

    @Test(arguments: [40, 250, 500])
    func everyKindFarWiderThanItsText(width: Int) {
        for view in Self.views(text: "short") {
            drawn(view, frame: Rect(x: 1, y: 1, width: width, height: 3), screenSize: Size(width: width + 2, height: 5))
        }
    }

    /// Views partly off the screen's edges are clipped, not wrapped or crashed.
    @Test func viewsHangingOffTheScreen() {
        for view in Self.views(text: "日本語 text 🚀") {
            for origin in [Point(x: -3, y: 0), Point(x: 7, y: 0), Point(x: 0, y: -1), Point(x: 8, y: 4)] {
                let screen = BufferScreen(size: Size(width: 10, height: 5))
                view.frame = Rect(origin: origin, size: Size(width: 6, height: 2))
                view.render(on: screen)
                #expect(screen.lines.count == 5)
                #expect(screen.lines.allSatisfy { TerminalText.width(of: $0) == 10 })
            }
        }
    }

    /// Every cell of the project's layouts, autoresized far narrower and far wider than designed, at every height.
    @Test func everyLayoutCellAtEveryWidth() throws {
        for name in ["Gallery", "News", "Inbox", "Bench"] {
            // The inbox example loads its layout from its own resources, as apps do.
            let path =
                name == "Inbox"
                ? repositoryRoot + "/Examples/Inbox/Layouts/Inbox.layout" : ProjectLayouts.path(for: name)
            let library = try LayoutLibrary(contentsOf: path)
            for identifier in library.identifiers {
                let cell = try library.instantiate(identifier)
                var sizes = (0...14).map { Size(width: $0, height: cell.height) }
                sizes += [
                    Size(width: 200, height: cell.height), Size(width: 500, height: cell.height),
                    Size(width: 30, height: 0), Size(width: 30, height: 1), Size(width: 30, height: cell.height + 3),
                ]
                for size in sizes {
                    drawn(
                        cell, frame: Rect(x: 1, y: 1, width: size.width, height: size.height),
                        screenSize: Size(width: max(size.width + 2, 3), height: size.height + 2))
                    // Subviews never extend past the cell after autoresizing.
                    for view in cell.contentView.subviews where !view.isHidden {
                        #expect(view.frame.width >= 0 && view.frame.height >= 0, "\(name).\(identifier) at \(size)")
                        #expect(
                            view.frame.x + view.frame.width <= max(0, cell.contentView.frame.width),
                            "\(name).\(identifier) at \(size): \(view.frame) in \(cell.contentView.frame)")
                    }
                }
            }
        }
    }

    /// Randomised autoresizing: any design, any target size, frames stay inside and never overlap.
    @Test func autoresizingKeepsFramesInsideAndApart() {
        var rng = SeededRandom(seed: 0xA070)
        let masks: [Autoresizing] = [
            [], .flexibleWidth, .flexibleLeftMargin, [.flexibleWidth, .flexibleHeight],
            .flexibleTopMargin, [.flexibleLeftMargin, .flexibleWidth],
        ]
        for _ in 0..<3_000 {
            let designWidth = Int.random(in: 1...80, using: &rng)
            var x = 0
            var items: [AutoresizingLayout.Item] = []
            while x < designWidth {
                let width = Int.random(in: 1...max(1, designWidth - x), using: &rng)
                items.append(
                    .init(frame: Rect(x: x, y: 0, width: width, height: 1), mask: masks.randomElement(using: &rng)!))
                x += width + Int.random(in: 0...2, using: &rng)
            }
            let design = Size(width: max(designWidth, x), height: 1)
            let target = Size(width: Int.random(in: 0...300, using: &rng), height: Int.random(in: 0...3, using: &rng))
            let frames = AutoresizingLayout.frames(for: items, designSize: design, size: target)
            #expect(frames.count == items.count)
            let visible = frames.filter { $0.width > 0 && $0.height > 0 }.sorted { $0.x < $1.x }
            for frame in visible {
                #expect(frame.x >= 0 && frame.x + frame.width <= target.width, "\(frame) in \(target) from \(items)")
            }
            for (a, b) in zip(visible, visible.dropFirst()) where a.y == b.y {
                #expect(a.x + a.width <= b.x, "\(a) overlaps \(b) in \(target)")
            }
        }
    }
}
