import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// The diffable data source's filter against a model: random queries, predicates, clears, snapshot applies, marks
/// and cursor moves. Marks on hidden items are never lost; the items shown are exactly the matches; clearing
/// brings back the items, the marks, the cursor's item and its line.
///
/// `TERMTABLE_PROPERTY_CASES` sets the number of cases (default 150), `TERMTABLE_PROPERTY_SEED` the seed.
@Suite @MainActor
struct TableFilterPropertyTests {
    static var budget: Int {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init).map { max(30, $0 / 3) }
            ?? 150
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0xF117_E424
    }

    /// A filtered diffable table of numbered items whose texts are random words, on an in-memory screen.
    @MainActor
    final class Fixture {
        let table = TableView()
        let dataSource: TableViewDiffableDataSource<Int, Int>
        let driver: AppDriver
        var texts: [Int: String] = [:]

        init(height: Int, order: TableFilterOrder) {
            table.register(BasicCell.self, forCellReuseIdentifier: "basic")
            table.selectionMode = .multiple
            dataSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                cell.textLabel.text = "\(item)"
                return cell
            }
            dataSource.filterOrder = order
            driver = AppDriver(rootView: table, size: Size(width: 30, height: height))
            dataSource.filterText = { [unowned self] item in self.texts[item] ?? "" }
        }

        func apply(_ sections: [[Int]]) {
            var snapshot = TableSnapshot<Int, Int>()
            for (index, items) in sections.enumerated() {
                snapshot.appendSections([index])
                snapshot.appendItems(items)
            }
            dataSource.apply(snapshot)
            driver.app.renderIfNeeded()
        }

        var shown: [Int] { dataSource.snapshot().itemIdentifiers }
    }

    static let letters: [String] = ["a", "b", "c", "d", "A", " ", "-"]

    static func word(_ random: inout SeededRandom, length: ClosedRange<Int>) -> String {
        var result = ""
        for _ in 0..<Int.random(in: length, using: &random) {
            result += letters[Int.random(in: 0..<letters.count, using: &random)]
        }
        return result
    }

    /// Sections of items `next...`, each item with a new random text.
    static func makeSections(_ random: inout SeededRandom, _ fixture: Fixture, next: inout Int, keeping: [Int])
        -> [[Int]]
    {
        var pool = keeping.filter { _ in Int.random(in: 0..<4, using: &random) != 0 }
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            fixture.texts[next] = word(&random, length: 0...8)
            pool.append(next)
            next += 1
        }
        pool.shuffle(using: &random)
        var sections: [[Int]] = []
        while !pool.isEmpty {
            let take = min(pool.count, Int.random(in: 1...6, using: &random))
            sections.append(Array(pool.prefix(take)))
            pool.removeFirst(take)
        }
        return sections
    }

    enum Active {
        case none
        case query(String)
        case predicate(Int)
    }

    @Test func marksOnHiddenItemsSurviveAnySequenceAndTheShownItemsAreTheMatches() async {
        var random = SeededRandom(seed: Self.seed)
        for caseIndex in 0..<Self.budget {
            let order: TableFilterOrder = Bool.random(using: &random) ? .score : .items
            let fixture = Fixture(height: Int.random(in: 3...8, using: &random), order: order)
            var next = 0
            var full = Self.makeSections(&random, fixture, next: &next, keeping: [])
            fixture.apply(full)
            var marks = Set<Int>()
            var active = Active.none
            var log: [String] = []
            for _ in 0..<Int.random(in: 1...25, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0, 1, 2:
                    let query = Self.word(&random, length: 0...3)
                    log.append("query \(String(reflecting: query))")
                    await fixture.dataSource.filter(query: query)
                    active = FuzzyQuery(query).isEmpty ? .none : .query(query)
                case 3:
                    let modulus = Int.random(in: 2...4, using: &random)
                    log.append("predicate %\(modulus)")
                    fixture.dataSource.setFilter(where: { $0 % modulus == 0 })
                    active = .predicate(modulus)
                case 4:
                    log.append("clear")
                    fixture.dataSource.clearFilter()
                    active = .none
                case 5:
                    full = Self.makeSections(&random, fixture, next: &next, keeping: full.flatMap { $0 })
                    log.append("apply \(full)")
                    fixture.apply(full)
                    let all = Set(full.flatMap { $0 })
                    marks = marks.filter(all.contains)
                    if let task = fixture.dataSource.filter?.task { await task.value }
                case 6, 7:
                    let rows = fixture.shown
                    guard !rows.isEmpty else { continue }
                    let item = rows[Int.random(in: 0..<rows.count, using: &random)]
                    log.append("toggle \(item)")
                    fixture.table.toggleSelection(of: fixture.dataSource.indexPath(for: item)!)
                    if marks.contains(item) { marks.remove(item) } else { marks.insert(item) }
                default:
                    let steps = Int.random(in: -5...5, using: &random)
                    log.append("move \(steps)")
                    _ = fixture.table.moveCursor(by: steps)
                }
                fixture.driver.app.renderIfNeeded()
                let context = "case \(caseIndex): \(log.joined(separator: "; "))"
                let source = fixture.dataSource
                #expect(Set(source.allSelectedItemIdentifiers) == marks, "marks: \(context)")
                #expect(source.allSelectedItemIdentifiers.count == marks.count, "a mark counted twice: \(context)")
                #expect(source.markCounts.marked == marks.count, "\(context)")
                #expect(Set(source.hiddenSelectedItemIdentifiers).isDisjoint(with: Set(fixture.shown)), "\(context)")
                let every = full.flatMap { $0 }
                let expected: [Int]
                switch active {
                case .none: expected = every
                case .query(let query):
                    let fuzzy = FuzzyQuery(query)
                    expected = every.filter { fuzzy.matches(fixture.texts[$0]!) }
                case .predicate(let modulus): expected = every.filter { $0 % modulus == 0 }
                }
                if case .query = active, order == .score {
                    #expect(fixture.shown.sorted() == expected.sorted(), "shown: \(context)")
                } else {
                    #expect(fixture.shown == expected, "shown: \(context)")
                }
                #expect(source.unfilteredSnapshot.itemIdentifiers == every, "\(context)")
            }
        }
    }

    @Test func filterThenClearRestoresItemsMarksCursorItemAndLine() async {
        var random = SeededRandom(seed: Self.seed &+ 1)
        for caseIndex in 0..<Self.budget {
            let fixture = Fixture(height: Int.random(in: 3...8, using: &random), order: .score)
            var next = 0
            let full = Self.makeSections(&random, fixture, next: &next, keeping: [])
            fixture.apply(full)
            let every = full.flatMap { $0 }
            for item in every where Int.random(in: 0..<3, using: &random) == 0 {
                fixture.table.toggleSelection(of: fixture.dataSource.indexPath(for: item)!)
            }
            _ = fixture.table.moveCursor(by: Int.random(in: 0...30, using: &random))
            fixture.driver.app.renderIfNeeded()
            let marks = Set(fixture.dataSource.selectedItemIdentifiers)
            let cursor = fixture.dataSource.cursorItemIdentifier
            let line = fixture.table.cursorLine
            var queries: [String] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let query = Self.word(&random, length: 1...3)
                queries.append(query)
                await fixture.dataSource.filter(query: query)
                fixture.driver.app.renderIfNeeded()
            }
            fixture.dataSource.clearFilter()
            fixture.driver.app.renderIfNeeded()
            let context = "case \(caseIndex): \(full), queries \(queries)"
            #expect(fixture.shown == every, "items: \(context)")
            #expect(Set(fixture.dataSource.selectedItemIdentifiers) == marks, "marks: \(context)")
            #expect(fixture.dataSource.hiddenSelectedItemIdentifiers.isEmpty, "\(context)")
            #expect(fixture.dataSource.cursorItemIdentifier == cursor, "cursor: \(context)")
            #expect(fixture.table.cursorLine == line, "line: \(context)")
            #expect(!fixture.dataSource.isFiltering)
        }
    }

    /// Past the size matched at once: the first screen, then the rest off the main actor; a later query cancels an
    /// earlier one, and a longer query narrows the last one's matches.
    @Test func aLargeListIsMatchedOffTheMainActorAndTheLastQueryWins() async {
        var random = SeededRandom(seed: Self.seed &+ 2)
        let fixture = Fixture(height: 10, order: .items)
        var items: [Int] = []
        for item in 0..<40_000 {
            fixture.texts[item] = Self.word(&random, length: 3...10)
            items.append(item)
        }
        fixture.apply([items])
        fixture.table.toggleSelection(of: IndexPath(row: 0, section: 0))
        let first = fixture.dataSource.setFilter(query: "ab")
        #expect(first != nil, "40,000 items are matched in a task")
        #expect(fixture.shown.count <= 10, "the first screen shows before the complete result")
        await fixture.dataSource.filter(query: "abc")
        await first?.value
        let expected = items.filter { FuzzyQuery("abc").matches(fixture.texts[$0]!) }
        #expect(fixture.shown == expected)
        #expect(fixture.dataSource.filterQuery == "abc")
        #expect(fixture.dataSource.filter?.lastHits?.count == expected.count)
        await fixture.dataSource.filter(query: "abcd")
        #expect(fixture.shown == items.filter { FuzzyQuery("abcd").matches(fixture.texts[$0]!) })
        #expect(fixture.dataSource.markCounts.marked == 1)
        fixture.dataSource.clearFilter()
        #expect(fixture.shown == items)
        #expect(fixture.dataSource.selectedItemIdentifiers == [0])
    }

    @Test func theSummarySaysHowManyMarksAreHidden() async {
        let fixture = Fixture(height: 6, order: .items)
        fixture.texts = [0: "alpha", 1: "beta", 2: "gamma", 3: "alps"]
        fixture.apply([[0, 1, 2, 3]])
        #expect(fixture.dataSource.markSummary == "")
        for row in 0..<3 { fixture.table.toggleSelection(of: IndexPath(row: row, section: 0)) }
        #expect(fixture.dataSource.markSummary == "3 marked")
        await fixture.dataSource.filter(query: "alp")
        #expect(fixture.shown == [0, 3])
        #expect(fixture.dataSource.markSummary == "3 marked, 2 hidden")
        #expect(fixture.dataSource.hiddenSelectedItemIdentifiers == [1, 2])
        #expect(fixture.dataSource.filterMatch(for: 3)?.ranges == [0..<3])
        #expect(fixture.dataSource.filterMatch(for: 1) == nil)
    }
}
