import Foundation
import TermTableTesting

@testable import TermTable

/// A generated table scenario: the data, the table's settings, the screen size and the operations to run.
///
/// Everything is plain data, so a failing case prints as Swift that rebuilds it
/// (paste it into a named regression test) and shrinks by dropping parts.
struct GeneratedTableCase: CustomStringConvertible, Sendable {
    /// How a section's header is shown.
    enum Header: Hashable, Sendable {
        case none
        case title
        /// A header cell from a template of this height (1-6).
        case custom(Int)
    }

    /// One row of data: a stable id, the cell kind (index into ``kinds``), an optional delegate height, and whether the cursor may stop on it.
    struct Row: Hashable, Sendable {
        var id: Int
        var kind: Int
        var height: Int?
        var selectable: Bool
        init(_ id: Int, kind: Int = 0, height: Int? = nil, selectable: Bool = true) {
            self.id = id
            self.kind = kind
            self.height = height
            self.selectable = selectable
        }
    }

    /// A section: its header and rows.
    struct Section: Hashable, Sendable {
        var header: Header
        var rows: [Row]
        init(_ header: Header, _ rows: [Row]) {
            self.header = header
            self.rows = rows
        }
    }

    /// A cell kind: its template's height and whether it holds controls (button, field, slider), or a
    /// `height=auto` kind whose wrapping label makes each row as tall as its text at the table's width.
    struct Kind: Hashable, Sendable {
        var height: Int
        var controls: Bool
        var auto: Bool
        init(_ height: Int, controls: Bool = false, auto: Bool = false) {
            self.height = height
            self.controls = controls
            self.auto = auto
        }
    }

    /// What the user or the app does.
    enum Op: Hashable, Sendable {
        /// A key by name (``Key/init(parsing:)``).
        case key(String)
        case click(Int, Int)
        case doubleClick(Int, Int)
        case wheel(up: Bool, Int, Int)
        case resize(Int, Int)
        case reloadData
        case insertRows(section: Int, at: Int, [Row])
        case deleteRows(section: Int, at: Int, count: Int)
        case reloadRow(section: Int, row: Int)
        case insertSection(at: Int, Section)
        case deleteSection(at: Int)
        /// The data changes and the table is not told (until the next reload).
        case changeUnderTable(section: Int, delta: Int)
        /// Every section emptied (a filter matching nothing), then reloaded.
        case filterToNothing
        /// The data back after ``filterToNothing``.
        case unfilter
        case scrollToRow(section: Int, row: Int)
        case setCursor(section: Int, row: Int)
        case setSticky(Bool)
        /// Rows added at the end of the last section, told with `insertRows` or (`byReload`) `reloadData(appendingRows:)`.
        case appendRows([Row], byReload: Bool)
        /// ``TableView/scrollToEnd()``.
        case scrollToEnd
        /// ``TableView/scrollPadding`` set to this many lines.
        case setPadding(Int)
        /// ``TableView/estimatedRowHeight`` set (nil: the thumb counts rows).
        case setEstimate(Int?)
        /// The delegate's scroll indicator extent: rows weighted by a mapping drawn from this number (nil: counted).
        case setExtent(Int?)
        /// A left click on this line of the scroll indicator's column (counted from the table's first line).
        case clickScrollBar(Int)
    }

    var width: Int
    var height: Int
    /// A one-line status label below the table (the table is then `height - 1` lines, possibly 0).
    var statusLine: Bool
    var sticky: Bool
    var mode: TableView.SelectionMode
    var indicator: Bool
    /// Selectability comes from the delegate (`shouldHighlightRowAt`) instead of the cells.
    var selectableByDelegate: Bool
    /// Heights come from the delegate when a row has one (else the cell's).
    var delegateHeights: Bool
    var kinds: [Kind]
    var sections: [Section]
    var ops: [Op]
    /// A column header row above the rows (titles on the first kind's fields).
    var columnHeader = false
    /// The table follows its end (``TableView/followsEnd``).
    var followsEnd = false
    /// The table's ``TableView/scrollPadding`` at the start.
    var padding = 0

    var description: String { GeneratedTableCase.format(self) }

    static func format(_ c: GeneratedTableCase) -> String {
        let (width, height, statusLine, sticky, indicator) = (c.width, c.height, c.statusLine, c.sticky, c.indicator)
        let (selectableByDelegate, delegateHeights, kinds, sections, ops) = (
            c.selectableByDelegate, c.delegateHeights, c.kinds, c.sections, c.ops
        )
        let mode =
            switch c.mode {
            case .none: ".none"
            case .single: ".single"
            case .multiple: ".multiple"
            }
        return """
            GeneratedTableCase(
                width: \(width), height: \(height), statusLine: \(statusLine), sticky: \(sticky), mode: \(mode),
                indicator: \(indicator), selectableByDelegate: \(selectableByDelegate), delegateHeights: \(delegateHeights),
                kinds: [\(kinds.map { ".init(\($0.height)\($0.controls ? ", controls: true" : "")\($0.auto ? ", auto: true" : ""))" }.joined(separator: ", "))],
                sections: [\(sections.map(format).joined(separator: ", "))],
                ops: [\(ops.map(\.description).joined(separator: ", "))]\(c.columnHeader ? ", columnHeader: true" : "")\
            \(c.followsEnd ? ", followsEnd: true" : "")\(c.padding != 0 ? ", padding: \(c.padding)" : ""))
            """
    }

    static func format(_ r: Row) -> String {
        var parts = ["\(r.id)"]
        if r.kind != 0 { parts.append("kind: \(r.kind)") }
        if let h = r.height { parts.append("height: \(h)") }
        if !r.selectable { parts.append("selectable: false") }
        return ".init(\(parts.joined(separator: ", ")))"
    }

    static func format(_ s: Section) -> String {
        let header =
            switch s.header {
            case .none: ".none"
            case .title: ".title"
            case .custom(let n): ".custom(\(n))"
            }
        return ".init(\(header), [\(s.rows.map(format).joined(separator: ", "))])"
    }
}

extension GeneratedTableCase.Op: CustomStringConvertible {
    var description: String {
        typealias C = GeneratedTableCase
        func row(_ r: C.Row) -> String { C.format(r) }
        func section(_ s: C.Section) -> String { C.format(s) }
        switch self {
        case .key(let k): return ".key(\"\(k)\")"
        case .click(let x, let y): return ".click(\(x), \(y))"
        case .doubleClick(let x, let y): return ".doubleClick(\(x), \(y))"
        case .wheel(let up, let x, let y): return ".wheel(up: \(up), \(x), \(y))"
        case .resize(let w, let h): return ".resize(\(w), \(h))"
        case .reloadData: return ".reloadData"
        case .insertRows(let s, let at, let rows):
            return ".insertRows(section: \(s), at: \(at), [\(rows.map(row).joined(separator: ", "))])"
        case .deleteRows(let s, let at, let n): return ".deleteRows(section: \(s), at: \(at), count: \(n))"
        case .reloadRow(let s, let r): return ".reloadRow(section: \(s), row: \(r))"
        case .insertSection(let at, let s): return ".insertSection(at: \(at), \(section(s)))"
        case .deleteSection(let at): return ".deleteSection(at: \(at))"
        case .changeUnderTable(let s, let d): return ".changeUnderTable(section: \(s), delta: \(d))"
        case .filterToNothing: return ".filterToNothing"
        case .unfilter: return ".unfilter"
        case .scrollToRow(let s, let r): return ".scrollToRow(section: \(s), row: \(r))"
        case .setCursor(let s, let r): return ".setCursor(section: \(s), row: \(r))"
        case .setSticky(let b): return ".setSticky(\(b))"
        case .appendRows(let rows, let byReload):
            return ".appendRows([\(rows.map(row).joined(separator: ", "))], byReload: \(byReload))"
        case .scrollToEnd: return ".scrollToEnd"
        case .setPadding(let n): return ".setPadding(\(n))"
        case .setEstimate(let n): return ".setEstimate(\(n.map(String.init) ?? "nil"))"
        case .setExtent(let n): return ".setExtent(\(n.map(String.init) ?? "nil"))"
        case .clickScrollBar(let line): return ".clickScrollBar(\(line))"
        }
    }
}

// MARK: Generation

extension GeneratedTableCase {
    /// A random case: sizes from 1x1 to 250x80 (small ones more often), 0-6 sections, 0-300 rows, heights 1-6, and 1-60 operations.
    static func generate<R: RandomNumberGenerator>(using rng: inout R) -> GeneratedTableCase {
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        func chance(_ percent: Int) -> Bool { int(0...99) < percent }
        func size() -> (Int, Int) {
            switch int(0...9) {
            case 0...4: return (int(1...12), int(1...12))
            case 5...7: return (int(10...100), int(5...40))
            default: return (int(1...250), int(1...80))
            }
        }
        let kinds = (0..<int(1...4)).map { _ in
            Kind(chance(60) ? int(1...2) : int(1...6), controls: chance(35))
        }
        var nextID = 0
        func makeRow() -> Row {
            nextID += 1
            return Row(
                nextID, kind: int(0...(kinds.count - 1)),
                height: chance(15) ? int(0...6) : nil, selectable: !chance(20))
        }
        func makeSection(maxRows: Int) -> Section {
            let header: Header =
                switch int(0...3) {
                case 0: .none
                case 1, 2: .title
                default: .custom(chance(70) ? int(1...2) : int(1...6))
                }
            let count = chance(15) ? 0 : int(0...maxRows)
            return Section(header, (0..<count).map { _ in makeRow() })
        }
        let budget = chance(70) ? 40 : 300
        let sectionCount = int(0...6)
        let sections = (0..<sectionCount).map { _ in makeSection(maxRows: max(0, budget / max(1, sectionCount))) }
        let (width, height) = size()
        var c = GeneratedTableCase(
            width: width, height: height, statusLine: chance(30), sticky: chance(70),
            mode: [.none, .single, .single, .multiple][int(0...3)], indicator: chance(60),
            selectableByDelegate: chance(30), delegateHeights: chance(60), kinds: kinds, sections: sections, ops: [])
        // Derived from values drawn already, so the random stream (and every earlier case) stays as it was.
        c.columnHeader = (width * 7 + height + sections.count) % 4 == 0
        let keys = [
            "j", "k", "down", "up", "pgdn", "pgup", "ctrl-f", "ctrl-b", "g", "G", "home", "end", "enter", "space",
            "ctrl-a", "esc", "tab", "shift-tab", "left", "right", "x", "backspace",
        ]
        var sectionsNow = sections.count
        for _ in 0..<int(1...60) {
            let (w, h) = size()
            let x = int(0...max(0, c.width + 2))
            let y = int(0...max(0, c.height + 2))
            let section = int(0...max(0, sectionsNow - 1))
            let op: Op
            switch int(0...99) {
            case 0..<45: op = .key(keys[int(0...(keys.count - 1))])
            case 45..<52: op = .click(x, y)
            case 52..<54: op = .doubleClick(x, y)
            case 54..<62: op = .wheel(up: chance(40), x, y)
            case 62..<68: op = .resize(w, h)
            case 68..<71: op = .reloadData
            case 71..<76: op = .insertRows(section: section, at: int(0...40), (0..<int(1...12)).map { _ in makeRow() })
            case 76..<81: op = .deleteRows(section: section, at: int(0...40), count: int(1...20))
            case 81..<83: op = .reloadRow(section: section, row: int(0...40))
            case 83..<85:
                op = .insertSection(at: int(0...sectionsNow), makeSection(maxRows: 20))
                sectionsNow += 1
            case 85..<87:
                op = .deleteSection(at: section)
                sectionsNow = max(0, sectionsNow - 1)
            case 87..<89: op = .changeUnderTable(section: section, delta: int(-10...10))
            case 89..<91: op = .filterToNothing
            case 91..<93: op = .unfilter
            case 93..<95: op = .scrollToRow(section: section, row: int(0...60))
            case 95..<98: op = .setCursor(section: section, row: int(0...60))
            default: op = .setSticky(chance(50))
            }
            c.ops.append(op)
        }
        c.addLineScrolling()
        c.addScrollBar()
        return c
    }

    /// Auto-height kinds, rows taller than the view, scroll padding and padding changes (issue 23), drawn from a
    /// second generator seeded by the case, so the main random stream (and every earlier case) stays as it was.
    mutating func addLineScrolling() {
        var seed = UInt64(truncatingIfNeeded: width &* 1_000_003 &+ height &* 10_007 &+ ops.count &* 101)
        seed = seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(truncatingIfNeeded: sections.map(\.rows.count).reduce(7, &+))
        var rng = SeededRandom(seed: seed)
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        func chance(_ percent: Int) -> Bool { int(0...99) < percent }
        if chance(40) {
            for index in kinds.indices where chance(50) { kinds[index] = Kind(int(1...2), auto: true) }
        }
        if chance(30) {
            // Rows taller than most views (their delegate height).
            for s in sections.indices {
                for r in sections[s].rows.indices where chance(12) { sections[s].rows[r].height = int(7...30) }
            }
        }
        padding = chance(30) ? int(0...4) : 0
        if chance(25) {
            for _ in 0..<int(1...3) { ops.insert(.setPadding(int(0...5)), at: int(0...ops.count)) }
        }
        if chance(30) {
            // Runs of line-scrolling keys, where tall rows show their lines.
            for _ in 0..<int(1...4) {
                let key = ["j", "k", "pgdn", "pgup", "G"][int(0...4)]
                ops.insert(contentsOf: Array(repeating: .key(key), count: int(1...12)), at: int(0...ops.count))
            }
        }
    }
}

// MARK: Shrinking

extension GeneratedTableCase {
    /// Smaller cases to try when this one fails, most aggressive first.
    func shrinkCandidates() -> [GeneratedTableCase] {
        var out: [GeneratedTableCase] = []
        // Fewer operations: halves, then single ones.
        var chunk = max(1, ops.count / 2)
        while chunk >= 1 {
            var start = 0
            while start < ops.count {
                var c = self
                c.ops.removeSubrange(start..<min(ops.count, start + chunk))
                out.append(c)
                start += chunk
            }
            if chunk == 1 { break }
            chunk /= 2
        }
        // Fewer sections and rows.
        for index in sections.indices {
            var c = self
            c.sections.remove(at: index)
            out.append(c)
        }
        for (index, section) in sections.enumerated() where section.rows.count > 0 {
            for keep in [0, section.rows.count / 2, section.rows.count - 1] where keep < section.rows.count {
                var c = self
                c.sections[index].rows = Array(section.rows.prefix(keep))
                out.append(c)
                var d = self
                d.sections[index].rows = Array(section.rows.suffix(keep))
                out.append(d)
            }
        }
        // Simpler rows, headers, kinds, settings and sizes.
        for (index, section) in sections.enumerated() {
            if section.header != .none {
                var c = self
                c.sections[index].header = .none
                out.append(c)
            }
            if section.rows.contains(where: { $0.height != nil || !$0.selectable || $0.kind != 0 }) {
                var c = self
                c.sections[index].rows = section.rows.map { Row($0.id) }
                out.append(c)
            }
        }
        if padding != 0 {
            var c = self
            c.padding = 0
            out.append(c)
        }
        if kinds.contains(where: { $0.controls || $0.height > 1 || $0.auto }) {
            var c = self
            c.kinds = kinds.map { Kind(max(1, $0.height - 1)) }
            out.append(c)
        }
        for (flag, path) in [
            (statusLine, \GeneratedTableCase.statusLine), (indicator, \.indicator),
            (selectableByDelegate, \.selectableByDelegate), (delegateHeights, \.delegateHeights),
            (columnHeader, \.columnHeader),
        ] where flag {
            var c = self
            c[keyPath: path] = false
            out.append(c)
        }
        if width > 1 {
            var c = self
            c.width = max(1, width / 2)
            out.append(c)
            c = self
            c.width -= 1
            out.append(c)
        }
        if height > 1 {
            var c = self
            c.height = max(1, height / 2)
            out.append(c)
            c = self
            c.height -= 1
            out.append(c)
        }
        return out
    }

    /// The smallest case found that still fails `fails`, trying at most `budget` candidates.
    func shrunk(budget: Int = 3_000, fails: (GeneratedTableCase) -> Bool) -> GeneratedTableCase {
        var best = self
        var tries = 0
        var improved = true
        while improved && tries < budget {
            improved = false
            for candidate in best.shrinkCandidates() {
                tries += 1
                if fails(candidate) {
                    best = candidate
                    improved = true
                    break
                }
                if tries >= budget { break }
            }
        }
        return best
    }
}
