@testable import TermTable

extension GeneratedTableCase {
    /// A random case of a table that follows its end: rows appended (told by `insertRows` or
    /// `reloadData(appendingRows:)`), rows inserted at the start or in the middle of a section, keys and the wheel that scroll away and back, resizes, ``TableView/scrollToEnd()``.
    static func generateFollowing<R: RandomNumberGenerator>(using rng: inout R) -> GeneratedTableCase {
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        func chance(_ percent: Int) -> Bool { int(0...99) < percent }
        func size() -> (Int, Int) { chance(70) ? (int(1...40), int(1...14)) : (int(1...120), int(1...50)) }
        let kinds = (0..<int(1...3)).map { _ in Kind(chance(70) ? 1 : int(1...4)) }
        var nextID = 0
        func makeRow() -> Row {
            nextID += 1
            return Row(
                nextID, kind: int(0...(kinds.count - 1)), height: chance(10) ? int(0...5) : nil,
                selectable: !chance(15))
        }
        let sections = (0..<int(0...3)).map { _ in
            Section(
                [.none, .title, .custom(int(1...2))][int(0...2)],
                (0..<(chance(20) ? 0 : int(0...30))).map { _ in makeRow() }
            )
        }
        let (width, height) = size()
        var c = GeneratedTableCase(
            width: width, height: height, statusLine: chance(30), sticky: chance(70),
            mode: [.none, .single, .single, .multiple][int(0...3)], indicator: chance(60),
            selectableByDelegate: chance(30), delegateHeights: chance(50), kinds: kinds, sections: sections, ops: [])
        c.columnHeader = chance(20)
        c.followsEnd = true
        let keys = ["j", "k", "down", "up", "pgdn", "pgup", "g", "G", "home", "end", "space"]
        for _ in 0..<int(1...50) {
            let (w, h) = size()
            let op: Op
            switch int(0...99) {
            case 0..<30: op = .appendRows((0..<int(1...8)).map { _ in makeRow() }, byReload: chance(40))
            case 30..<40:
                // At the start or in the middle of a section (past its end: appended).
                op = .insertRows(
                    section: int(0...max(0, sections.count - 1)), at: chance(40) ? 0 : int(0...30),
                    (0..<int(1...5)).map { _ in makeRow() })
            case 40..<65: op = .key(keys[int(0...(keys.count - 1))])
            case 65..<75: op = .wheel(up: chance(50), int(0...max(0, width - 1)), int(0...max(0, height - 1)))
            case 75..<85: op = .resize(w, h)
            case 85..<90: op = .scrollToEnd
            case 90..<95: op = .scrollToRow(section: int(0...max(0, sections.count - 1)), row: int(0...30))
            default:
                op = .insertSection(
                    at: int(0...sections.count), Section(.title, (0..<int(0...3)).map { _ in makeRow() }))
            }
            c.ops.append(op)
        }
        return c
    }
}
