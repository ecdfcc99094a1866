import Foundation
import TermTableTesting
import Testing

@testable import TermTable
@testable import TermTableCore

/// Random texts at random sizes under random scrolling and resizing (issue 23): after every operation no line drawn
/// is wider than the view, the view never scrolls past the end, the lines hold every character of the text once,
/// in order, and a width change keeps the character that was at the top-left on the top line (unless the end
/// stops it there). `TERMTABLE_PROPERTY_CASES` sets the budget (fixed seeds).
@Suite("TextView, generated") @MainActor
struct TextViewPropertyTests {
    static var cases: Int { ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 200 }

    static let pieces = [
        "a", "word", "longerword", " ", " ", "  ", "\n", "\n\n", "é", "日本", "🇫🇷", "\u{1B}[2J", "\t", "x\u{301}",
        "averyveryverylongwordthatneverfits", "\u{202E}", "-", ".",
    ]

    static func text(_ random: inout SeededRandom) -> String {
        (0..<Int.random(in: 0..<120, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    @Test func linesFitTheEndHoldsAndTheTopCharacterStays() {
        var random = SeededRandom(seed: 0x7E47)
        for run in 0..<Self.cases {
            let text = Self.text(&random)
            let view = TextView(text: text)
            var size = Size(
                width: Int.random(in: 1...40, using: &random), height: Int.random(in: 1...12, using: &random))
            let driver = AppDriver(rootView: view, size: size)
            var operations: [String] = []
            for _ in 0..<20 {
                let operation: String
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    operation = ["j", "k", "pagedown", "pageup", "g", "G", "home", "end"].randomElement(using: &random)!
                    driver.press(operation)
                case 6:
                    let up = Bool.random(using: &random)
                    operation = up ? "wheel up" : "wheel down"
                    driver.wheel(up: up)
                default:
                    let anchor = view.anchor
                    let lineBefore = view.topLine
                    size = Size(
                        width: Int.random(in: 1...40, using: &random), height: Int.random(in: 1...12, using: &random))
                    operation = "resize \(size.width)x\(size.height)"
                    driver.resize(to: size)
                    let line = view.topLine
                    let holdsAnchor = view.line(containing: anchor) == line
                    #expect(
                        holdsAnchor || line == view.maximumTopLine,
                        "run \(run) \(operations + [operation]): top line \(line) (was \(lineBefore)) does not hold offset \(anchor)"
                    )
                }
                operations.append(operation)
                check(view, driver: driver, size: size, text: text, context: "run \(run) \(operations)")
            }
        }
    }

    func check(_ view: TextView, driver: AppDriver, size: Size, text: String, context: String) {
        #expect(view.topLine >= 0 && view.topLine <= view.maximumTopLine, "\(context): past the end")
        #expect(view.maximumTopLine == max(0, view.lineCount - size.height), "\(context)")
        for line in driver.lines {
            #expect(TerminalText.width(of: line) <= size.width, "\(context): \(line) wider than \(size.width)")
        }
        // Every cluster of the text belongs to one line, in order: the lines' starts ascend from 0.
        let starts = view.lineStarts
        #expect(starts.first == 0, "\(context)")
        for index in starts.indices.dropFirst() where starts[index] < starts[index - 1] {
            Issue.record("\(context): line starts \(starts) not in order")
            break
        }
        // The lines drawn are the wrapped lines from the top line on.
        for y in 0..<min(size.height, view.lineCount - view.topLine) {
            let drawn = driver.lines[y]
            let expected = view.lineText(view.topLine + y)
            #expect(
                drawn.hasPrefix(TerminalText.truncate(expected, toWidth: size.width, mode: .clip)),
                "\(context): line \(y) drew \(drawn), expected \(expected)")
        }
    }
}
