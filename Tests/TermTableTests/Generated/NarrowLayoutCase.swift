import Foundation

@testable import TermTable

/// A generated cell layout, written as `.layout` text, with random narrow-width settings on its fields.
///
/// Fields are placed left to right on 1 to 3 canvas lines with random gaps;
/// some stretch, a suffix of a line may be pinned right, some are two lines
/// tall; each field may get `min-width=`, `shrink=`, `hide-below=` and, on the
/// first line, `heading=`. Every generated text is a valid layout.
struct NarrowLayoutCase: CustomStringConvertible {
    var text: String

    var description: String { text }

    static func generate<R: RandomNumberGenerator>(using rng: inout R) -> NarrowLayoutCase {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
        let width = Int.random(in: 12...90, using: &rng)
        let lineCount = Int.random(in: 1...3, using: &rng)
        var canvas = [[Character]](repeating: [Character](repeating: " ", count: width), count: lineCount)
        var reserved = [[Bool]](repeating: [Bool](repeating: false, count: width), count: lineCount)
        var properties: [String] = []
        var tag = 0
        for line in 0..<lineCount {
            var x = Int.random(in: 0...2, using: &rng)
            var pinning = false
            while true {
                while x < width && reserved[line][x] { x += 1 }
                tag += 1
                let label = "[\(tag)"
                let fieldWidth = Int.random(in: (label.count + 1)...max(label.count + 1, 16), using: &rng)
                guard x + fieldWidth <= width, (x..<(x + fieldWidth)).allSatisfy({ !reserved[line][$0] }) else {
                    tag -= 1
                    break
                }
                let tall =
                    line + 1 < lineCount && chance(10)
                    && (x..<(x + fieldWidth)).allSatisfy { !reserved[line + 1][$0] }
                let name = fieldWidth >= label.count + 5 ? " f\(tag)" : ""
                var drawn = Array(label + name)
                drawn += [Character](repeating: " ", count: fieldWidth - drawn.count - 1) + ["]"]
                for row in line...(tall ? line + 1 : line) {
                    let text =
                        row == line
                        ? drawn
                        : Array(label) + [Character](repeating: " ", count: fieldWidth - label.count - 1) + ["]"]
                    for (offset, character) in text.enumerated() {
                        canvas[row][x + offset] = character
                        reserved[row][x + offset] = true
                    }
                }
                var words = ["  \(tag) label"]
                if !pinning && chance(15) { pinning = true }
                if pinning {
                    words.append(tall ? "pin=right,bottom" : "pin=right")
                } else if chance(30) {
                    words.append(tall ? "stretch=both" : "stretch")
                }
                if chance(40) { words.append("min-width=\(Int.random(in: 1...fieldWidth, using: &rng))") }
                if chance(40) { words.append("shrink=\([0, 1, 2, 3, 5, 99].randomElement(using: &rng)!)") }
                if chance(20) { words.append("hide-below=\(Int.random(in: 1...width, using: &rng))") }
                if line == 0 && chance(60) { words.append("heading=H\(tag)") }
                if chance(20) { words.append("align=right") }
                properties.append(words.joined(separator: " "))
                x += fieldWidth + Int.random(in: 1...3, using: &rng)
                if chance(10) { x += Int.random(in: 1...10, using: &rng) }
            }
        }
        let lines = canvas.map { "|" + String($0) + "|" }
        return NarrowLayoutCase(text: (["cell generated"] + lines + properties).joined(separator: "\n") + "\n")
    }
}
