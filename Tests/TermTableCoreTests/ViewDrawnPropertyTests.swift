import Testing

@testable import TermTableCore

/// `View.updateDrawn(_:to:)`, the setter of a property that changes what a view draws: a change asks for one
/// redraw, setting the same value asks for none (here on every drawn property of `Label`).
@MainActor
@Suite struct ViewDrawnPropertyTests {
    /// Sets a property twice to `value` and returns the redraws each set asked for.
    func redraws(_ label: Label, _ set: (Label) -> Void) -> (first: Int, again: Int) {
        let before = label.drawVersion
        set(label)
        let afterFirst = label.drawVersion
        set(label)
        return (afterFirst - before, label.drawVersion - afterFirst)
    }

    @Test func aLabelRedrawsOnceForAChangeAndNotForTheSameValue() {
        let label = Label(text: "a")
        #expect(redraws(label) { $0.text = "b" } == (1, 0))
        #expect(redraws(label) { $0.textStyle = .bold } == (1, 0))
        #expect(redraws(label) { $0.alignment = .right } == (1, 0))
        #expect(redraws(label) { $0.truncation = .head } == (1, 0))
        #expect(redraws(label) { $0.numberOfLines = 3 } == (1, 0))
        #expect(redraws(label) { $0.styledText = StyledText("c", style: .underline) } == (1, 0))
        #expect(label.text == "c", "styled text sets the plain text")
        #expect(redraws(label) { $0.text = "c" } == (1, 0), "plain text clears the styled text: a change")
        #expect(label.styledText == nil)
    }

    @Test func aViewOfAnAppDeclaresADrawnPropertyInOneLine() {
        final class Gauge: View {
            private var drawnLevel = 0
            var level: Int {
                get { drawnLevel }
                set { updateDrawn(&drawnLevel, to: newValue) }
            }
        }
        let gauge = Gauge()
        let before = gauge.drawVersion
        gauge.level = 0
        #expect(gauge.drawVersion == before)
        gauge.level = 4
        #expect(gauge.drawVersion == before + 1 && gauge.level == 4)
    }
}
