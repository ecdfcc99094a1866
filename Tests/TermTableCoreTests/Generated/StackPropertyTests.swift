import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableCore

/// Generated trees of ``VStack``s and ``HStack``s at generated sizes from 1x1 to 250x80, with the stacks' rules
/// checked for every stack of the tree: children inside the parent, no overlap between siblings, no negative
/// size, hidden children take no room, the rest shared exactly and by weight.
///
/// ```sh
/// TERMTABLE_PROPERTY_CASES=100000 swift test --filter StackPropertyTests
/// ```
@Suite("Generated stacks: layout rules at every size") @MainActor
struct StackPropertyTests {
    static var budget: Int { ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 500 }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x57AC_C0DE
    }

    /// A generated tree: its root and a description to print when a rule breaks.
    struct Tree {
        var root: View
        var description: String
    }

    /// A random stack of up to five children, nesting stacks up to `depth` levels.
    static func makeStack(depth: Int, using rng: inout SeededRandom) -> Tree {
        let horizontal = Bool.random(using: &rng)
        var elements: [any StackElement] = []
        var parts: [String] = []
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            let child: View
            var childDescription: String
            if depth < 3 && Int.random(in: 0..<10, using: &rng) < 3 {
                let nested = makeStack(depth: depth + 1, using: &rng)
                child = nested.root
                childDescription = nested.description
            } else {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    let text = String(repeating: "w", count: Int.random(in: 0...30, using: &rng))
                    child = Label(text: text)
                    childDescription = "Label(\(text.count))"
                case 1:
                    child = Box(title: "t", content: Label(text: "in"))
                    childDescription = "Pane"
                default:
                    let size = Size(
                        width: Int.random(in: 0...40, using: &rng), height: Int.random(in: 0...20, using: &rng))
                    child = View(frame: Rect(origin: .zero, size: size))
                    childDescription = "View(\(size.width)x\(size.height))"
                }
            }
            var item: StackItem
            switch Int.random(in: 0..<5, using: &rng) {
            case 0:
                let lines = Int.random(in: 0...40, using: &rng)
                item = horizontal ? .fixed(child, width: lines) : .fixed(child, height: lines)
                childDescription = ".fixed(\(childDescription), \(lines))"
            case 1:
                item = .fixed(child)
                childDescription = ".fixed(\(childDescription))"
            case 2:
                item = .fitting(child)
                childDescription = ".fitting(\(childDescription))"
            default:
                let weight = Int.random(in: 1...4, using: &rng)
                item = .fill(child, weight: weight)
                childDescription = ".fill(\(childDescription), weight: \(weight))"
                if Int.random(in: 0..<10, using: &rng) < 3 {
                    let minimum = Int.random(in: 1...40, using: &rng)
                    item = item.minimum(minimum)
                    childDescription += ".minimum(\(minimum))"
                }
            }
            if Int.random(in: 0..<10, using: &rng) < 2 {
                let below = Int.random(in: 1...250, using: &rng)
                item = item.hidden(below: below)
                childDescription += ".hidden(below: \(below))"
            }
            if Int.random(in: 0..<10, using: &rng) == 0 {
                child.isHidden = true
                childDescription += " isHidden"
            }
            elements.append(item)
            parts.append(childDescription)
        }
        if horizontal {
            let dividers: [StackDivider] = [.none, .line(.dim), .sharedBorders]
            let divider = dividers[Int.random(in: 0..<3, using: &rng)]
            return Tree(
                root: HStack(elements, divider: divider),
                description: "HStack([\(parts.joined(separator: ", "))], divider: \(divider))")
        }
        return Tree(root: VStack(elements), description: "VStack([\(parts.joined(separator: ", "))])")
    }

    /// The first rule `stack` or a stack inside it breaks, nil when it keeps them all.
    static func problem(in stack: View) -> String? {
        let horizontal = stack is HStack
        let items: [StackItem]
        if let h = stack as? HStack {
            items = h.items
        } else if let v = stack as? VStack {
            items = v.items
        } else {
            return nil
        }
        let length = horizontal ? stack.frame.width : stack.frame.height
        let cross = horizontal ? stack.frame.height : stack.frame.width
        let gap = (stack as? HStack)?.gap ?? 0
        var shown: [StackItem] = []
        for item in items {
            let frame = item.view.frame
            let along = horizontal ? frame.width : frame.height
            if frame.width < 0 || frame.height < 0 { return "negative size \(frame)" }
            if frame.x < 0 || frame.y < 0 || frame.maxX > stack.frame.width || frame.maxY > stack.frame.height {
                return "child \(frame) outside its \(stack.frame.size) stack"
            }
            if (horizontal ? frame.height : frame.width) != max(0, cross) { return "child \(frame) not across" }
            if item.isShown(in: stack, length: length) {
                shown.append(item)
            } else if along != 0 {
                return "hidden child takes \(along)"
            }
        }
        for (i, a) in shown.enumerated() {
            for b in shown[(i + 1)...] where !a.view.frame.intersection(b.view.frame).isEmpty {
                return "siblings \(a.view.frame) and \(b.view.frame) overlap"
            }
        }
        func along(_ item: StackItem) -> Int { horizontal ? item.view.frame.width : item.view.frame.height }
        let room = max(0, length - max(0, shown.count - 1) * gap)
        let total = shown.reduce(0) { $0 + along($1) }
        if total > room { return "children take \(total) of \(room)" }
        var fills: [(length: Int, weight: Int, minimum: Int)] = []
        for item in shown {
            if case .fill(let weight) = item.height { fills.append((along(item), weight, item.minimumLength)) }
        }
        if !fills.isEmpty && total != room { return "with filling children, \(total) of \(room) taken" }
        let rest = fills.reduce(0) { $0 + $1.length }
        let weights = fills.reduce(0) { $0 + $1.weight }
        if fills.allSatisfy({ $0.minimum == 0 }) {
            for fill in fills
            where fill.length < rest * fill.weight / weights
                || fill.length > (rest * fill.weight + weights - 1) / weights
            {
                return "fill of weight \(fill.weight) got \(fill.length) of \(rest) (weights \(weights))"
            }
        } else {
            let minimums = fills.reduce(0) { $0 + $1.minimum }
            if minimums <= rest, let small = fills.first(where: { $0.length < $0.minimum }) {
                return "fill got \(small.length) under its minimum \(small.minimum) with room for all"
            }
            let free = fills.filter { $0.length > $0.minimum }
            for (i, a) in free.enumerated() {
                for b in free[(i + 1)...] where abs(a.length * b.weight - b.length * a.weight) >= a.weight + b.weight {
                    return "fills \(a) and \(b) not shared by weight"
                }
            }
        }
        for item in items where item.view is HStack || item.view is VStack {
            if let problem = problem(in: item.view) { return problem }
        }
        return nil
    }

    @Test func generatedStacksKeepTheirRulesAtEverySize() {
        var rng = SeededRandom(seed: Self.seed)
        var ran = 0
        for index in 0..<Self.budget {
            let tree = Self.makeStack(depth: 0, using: &rng)
            let size =
                index < 4
                ? [
                    Size(width: 1, height: 1), Size(width: 250, height: 80), Size(width: 1, height: 80),
                    Size(width: 250, height: 1),
                ][index]
                : Size(width: Int.random(in: 1...250, using: &rng), height: Int.random(in: 1...80, using: &rng))
            // Drawing runs the layout and the dividers' and shared borders' drawing at this size.
            tree.root.frame = Rect(origin: .zero, size: size)
            tree.root.render(on: BufferScreen(size: size))
            ran += 1
            if let problem = Self.problem(in: tree.root) {
                Issue.record("case \(index) of seed \(Self.seed) at \(size): \(problem)\n\(tree.description)")
                return
            }
        }
        print("StackPropertyTests: \(ran) generated trees ran, seed \(Self.seed)")
        #expect(ran == Self.budget)
    }
}
