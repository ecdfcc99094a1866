import TermTableTesting
import Testing

@testable import TermTable

@Suite("HStack and panes") @MainActor
struct HStackTests {
    @Test func theVStackRuleTurnedSideways() {
        let bar = Label(text: "ab")
        let (a, b, c) = (View(), View(), View())
        let fixed = View(frame: Rect(x: 0, y: 0, width: 4, height: 1))
        let stack = HStack([bar, .fill(a), .fixed(b, width: 3), .fill(c, weight: 2), .fixed(fixed)])
        stack.frame = Rect(x: 0, y: 0, width: 21, height: 3)
        stack.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 0, y: 0, width: 2, height: 3), "a view as it is: at its preferred width")
        #expect(a.frame == Rect(x: 2, y: 0, width: 4, height: 3))
        #expect(b.frame == Rect(x: 6, y: 0, width: 3, height: 3))
        #expect(c.frame == Rect(x: 9, y: 0, width: 8, height: 3))
        #expect(fixed.frame == Rect(x: 17, y: 0, width: 4, height: 3), ".fixed(view) takes the view's width")
    }

    @Test func aMinimumWidthAndAPaneHiddenOnNarrowScreens() {
        let (list, article) = (View(), View())
        let stack = HStack([.fill(list).minimum(30), .fill(article, weight: 2).hidden(below: 100)])
        #expect(stack.widths(in: Size(width: 120, height: 5)) == [40, 80])
        #expect(stack.widths(in: Size(width: 100, height: 5)) == [34, 66])
        #expect(stack.widths(in: Size(width: 99, height: 5)) == [99, 0], "below 100 columns the article hides")
        let minimum = HStack([.fill(View()).minimum(30), .fill(View(), weight: 3)])
        #expect(minimum.widths(in: Size(width: 80, height: 1)) == [30, 50], "30 rather than a quarter")
        #expect(minimum.widths(in: Size(width: 20, height: 1)) == [20, 0], "no room for the minimum: what is left")
    }

    @Test func aLineDividerBetweenShownChildren() {
        let left = Label(text: "left")
        let right = Label(text: "right")
        let hidden = Label(text: "gone")
        hidden.isHidden = true
        let stack = HStack([.fill(left), .fill(hidden), .fill(right)], divider: .line(.dim))
        let screen = render(stack, size: Size(width: 11, height: 2))
        #expect(screen.lines == ["left │right", "     │     "])
        #expect(screen.styleMask(line: 0) { $0.attributes.contains(.dim) } == "     ^     ")
    }

    @Test func panesSideBySideShareTheBorderBetweenThem() {
        let stack = HStack(
            [.fill(Box(title: "a", content: Label(text: "x"))), .fill(Box(title: "b", content: Label(text: "y")))],
            divider: .sharedBorders)
        let screen = render(stack, size: Size(width: 20, height: 4))
        #expect(
            screen.lines == [
                "┌ a ─────┬─ b ─────┐",
                "│x       │y        │",
                "│        │         │",
                "└────────┴─────────┘",
            ])
        let doubled = render(
            HStack([.fill(Box(title: "a")), .fill(Box(title: "b"))]), size: Size(width: 12, height: 2))
        #expect(doubled.lines == ["┌ a ─┐┌ b ─┐", "└────┘└────┘"], "without the divider each box keeps its own")
    }

    @Test func thePaneWithTheFocusShowsItAndSoDoesTheSharedBorder() {
        let one = Button(title: "one")
        let two = Button(title: "two")
        let (a, b) = (Box(title: "a", content: one), Box(title: "b", content: two))
        let stack = HStack([.fill(a), .fill(b)], divider: .sharedBorders)
        let driver = AppDriver(rootView: stack, size: Size(width: 20, height: 3))
        #expect(driver.app.focusedView === one)
        let bold = { (style: Style) in style.attributes.contains(.bold) && style.foreground == .cyan }
        #expect(driver.screen.styleMask(line: 1, where: bold) == "^        ^          ")
        #expect(driver.screen.styleMask(line: 2, where: bold) == "^^^^^^^^^^          ")
        driver.press("tab")
        #expect(driver.screen.styleMask(line: 1, where: bold) == "         ^         ^", "the shared line goes with b")
        #expect(driver.screen.styleMask(line: 2, where: bold) == "         ^^^^^^^^^^^")
        #expect(one.frame == Rect(x: 1, y: 1, width: 8, height: 1))
        #expect(two.frame == Rect(x: 0, y: 1, width: 9, height: 1), "b's content starts after the shared line")
    }

    @Test func stacksNestInEachOther() {
        let (title, status) = (Label(text: "Title"), Label(text: "status"))
        let (list, detail, log) = (View(), View(), View())
        let screen = VStack(
            [
                title,
                .fill(HStack([.fill(list), .fill(VStack([.fill(detail), .fixed(log, height: 2)]), weight: 2)])), status,
            ])
        screen.frame = Rect(x: 0, y: 0, width: 30, height: 10)
        screen.layoutIfNeeded()
        #expect(list.frame == Rect(x: 0, y: 0, width: 10, height: 8))
        #expect(detail.frame == Rect(x: 0, y: 0, width: 20, height: 6))
        #expect(log.frame == Rect(x: 0, y: 6, width: 20, height: 2))
        #expect(log.convertToScreen(.zero) == Point(x: 10, y: 7))
    }
}
