import TermTableTesting
import Testing

@testable import TermTable

@Suite("VStack") @MainActor
struct VStackTests {
    func bars() -> (Label, Label) {
        let title = Label(text: "Title")
        let status = Label(text: "3 rows")
        return (title, status)
    }

    @Test func barsAboveAndBelowATableThatTakesTheRest() {
        let (title, status) = bars()
        let source = NumbersSource(rows: 5)
        defer { withExtendedLifetime(source) {} }
        let table = makeTable(source, width: 1, height: 1)
        let stack = VStack([title, .fill(table), status])
        let screen = render(stack, size: Size(width: 10, height: 5))
        #expect(title.frame == Rect(x: 0, y: 0, width: 10, height: 1))
        #expect(table.frame == Rect(x: 0, y: 1, width: 10, height: 3))
        #expect(status.frame == Rect(x: 0, y: 4, width: 10, height: 1))
        #expect(screen.lines == ["Title     ", "Row 0     ", "Row 1     ", "Row 2     ", "3 rows    "])
    }

    @Test func atEverySizeChildrenStayInsideWithNoNegativeHeight() {
        for height in 0...8 {
            for width in [0, 1, 3, 20] {
                let (title, status) = bars()
                let source = NumbersSource(rows: 3)
                defer { withExtendedLifetime(source) {} }
                let table = makeTable(source, width: 1, height: 1)
                let help = Label(text: "a long help text that wraps at narrow widths")
                help.numberOfLines = 0
                let stack = VStack([.fixed(title, height: 2), .fill(table), .fitting(help), status])
                stack.frame = Rect(x: 0, y: 0, width: width, height: height)
                stack.layoutIfNeeded()  // drawing skips a view with no columns, and its layout with it
                var y = 0
                for child in [title, table, help, status] {
                    #expect(child.frame.height >= 0 && child.frame.width == width, "\(width)x\(height)")
                    #expect(child.frame.y == y, "children are stacked without gaps at \(width)x\(height)")
                    y += child.frame.height
                }
                #expect(y <= height, "\(width)x\(height)")
                // The fixed bars get their lines first, from the top; the table takes only what is left.
                #expect(title.frame.height == min(2, height))
                if height == 1 { #expect(table.frame.height == 0 && status.frame.height == 0) }
                if height == 0 { #expect([title, table, help, status].allSatisfy { $0.frame.height == 0 }) }
            }
        }
    }

    @Test func atTwoLinesTheTableGivesWayToTheBars() {
        let (title, status) = bars()
        let source = NumbersSource(rows: 3)
        let table = makeTable(source, width: 1, height: 1)
        let screen = render(VStack([title, .fill(table), status]), size: Size(width: 8, height: 2))
        withExtendedLifetime(source) {}
        #expect(screen.lines == ["Title   ", "3 rows  "])
        #expect(table.frame.height == 0)
    }

    @Test func fillingChildrenShareByWeightTheFirstTakingTheRemainder() {
        let top = View()
        let bottom = View()
        let stack = VStack([.fill(top), .fill(bottom, weight: 2)])
        stack.frame = Rect(x: 0, y: 0, width: 4, height: 10)
        stack.layoutIfNeeded()
        #expect(top.frame.height == 4 && bottom.frame.height == 6)
        #expect(bottom.frame.y == 4)
        #expect(stack.heights(in: Size(width: 4, height: 3)) == [1, 2])
        #expect(stack.heights(in: Size(width: 4, height: 0)) == [0, 0])
        #expect(stack.heights(in: Size(width: 4, height: -5)) == [0, 0])
    }

    @Test func hiddenChildrenTakeNoRoom() {
        let (title, status) = bars()
        let source = NumbersSource(rows: 5)
        defer { withExtendedLifetime(source) {} }
        let table = makeTable(source, width: 1, height: 1)
        let stack = VStack([title, .fill(table), status])
        title.isHidden = true
        stack.setNeedsLayout()
        let screen = render(stack, size: Size(width: 8, height: 3))
        #expect(screen.lines == ["Row 0   ", "Row 1   ", "3 rows  "])
        #expect(title.frame.height == 0)
    }

    @Test func aFittingChildGrowsWhenNarrower() {
        let help = Label(text: "one two three four")
        help.numberOfLines = 0
        let rest = View()
        let stack = VStack([.fitting(help), .fill(rest)])
        #expect(stack.heights(in: Size(width: 40, height: 10)) == [1, 9])
        #expect(stack.heights(in: Size(width: 10, height: 10)) == [2, 8])
        let lines = TerminalText.wrap(help.text, width: 4).count
        #expect(lines > 2)
        #expect(stack.heights(in: Size(width: 4, height: 10)) == [lines, 10 - lines])
        #expect(stack.heights(in: Size(width: 4, height: 3)) == [3, 0])
    }

    @Test func aViewGivenAsItIsKeepsItsHeightOrTakesItsPreferredOne() {
        let tall = View(frame: Rect(x: 0, y: 0, width: 5, height: 3))
        let label = Label(text: "status")
        let stack = VStack([tall, label])
        #expect(stack.items.map(\.height) == [.lines(3), .lines(1)])
        // Squeezed to nothing and grown back, the fixed heights come back too.
        _ = render(stack, size: Size(width: 10, height: 0))
        _ = render(stack, size: Size(width: 10, height: 6))
        #expect(tall.frame.height == 3 && label.frame == Rect(x: 0, y: 3, width: 10, height: 1))
    }

    @Test func setHeightAndSetElementsRelayOut() {
        let (title, status) = bars()
        let body = View()
        let stack = VStack([title, .fill(body), status])
        _ = render(stack, size: Size(width: 10, height: 6))
        stack.setHeight(.lines(3), for: status)
        _ = render(stack, size: Size(width: 10, height: 6))
        #expect(status.frame == Rect(x: 0, y: 3, width: 10, height: 3))
        stack.setElements([.fill(body)])
        _ = render(stack, size: Size(width: 10, height: 6))
        #expect(title.superview == nil && status.superview == nil)
        #expect(body.frame == Rect(x: 0, y: 0, width: 10, height: 6))
    }

    @Test func aCopyStacksItsOwnChildren() {
        let (title, status) = bars()
        let stack = VStack([title, .fill(View()), status])
        let copy = stack.copy()
        #expect(copy.items.count == 3)
        #expect(copy.items[0].view !== title && copy.items[0].view.superview === copy)
        #expect(copy.items.map(\.height) == stack.items.map(\.height))
        let screen = render(copy, size: Size(width: 8, height: 4))
        #expect(screen.lines == ["Title   ", "        ", "        ", "3 rows  "])
    }

    @Test func anAppOverAStackSurvivesResizesDownToNothing() {
        let (title, status) = bars()
        let source = NumbersSource(rows: 20)
        defer { withExtendedLifetime(source) {} }
        let table = makeTable(source, width: 1, height: 1)
        let driver = AppDriver(rootView: VStack([title, .fill(table), status]), size: Size(width: 12, height: 6))
        driver.press("j j")
        for size in [
            Size(width: 12, height: 1), Size(width: 0, height: 0), Size(width: 3, height: 2),
            Size(width: 12, height: 6),
        ] {
            driver.resize(to: size)
            driver.press("j")
            #expect(driver.lines.count == size.height)
        }
        #expect(driver.lines.first == "Title       " && driver.lines.last == "3 rows      ")
        #expect(table.frame.height == 4)
    }
}
