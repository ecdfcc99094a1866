import TermTable

/// `diff-bench`: how long applying a snapshot takes as the number of items grows (it should be linear).
///
/// For each N it builds a table of N items in sections of 1,000 on a 120x40
/// in-memory screen, marks every 7th item, then applies a re-sorted snapshot
/// (the items reversed) and draws a frame; it reports the median of 5 runs
/// and the time per item, and checks the marks followed their items.
///
///     swift run -c release diff-bench [N ...]     # default 1000 10000 100000 1000000
///     swift run -c release diff-bench --sort [N]  # sorting N items (default 1000000): see `sortBench`
@main
struct DiffBench {
    @MainActor
    static func main() async throws {
        if CommandLine.arguments.dropFirst().first == "--sort" {
            let n = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0.filter { $0 != "_" }) } ?? 1_000_000
            await sortBench(n)
            return
        }
        let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0.filter { $0 != "_" }) }
        let sizes = arguments.isEmpty ? [1_000, 10_000, 100_000, 1_000_000] : arguments
        let clock = ContinuousClock()
        print("items      apply+frame ms (median of 5)   ns per item   marks kept")
        for n in sizes {
            var times: [Duration] = []
            var marksKept = true
            for _ in 0..<5 {
                let table = TableView()
                table.register(BasicCell.self, forCellReuseIdentifier: "basic")
                table.selectionMode = .multiple
                let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
                    let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                    cell.textLabel.text = "item \(item)"
                    return cell
                }
                let app = Application(screen: BufferScreen(width: 120, height: 40), rootView: table)
                source.apply(snapshot(items: Array(0..<n)))
                app.render()
                for item in stride(from: 0, to: n, by: 7) { table.selectRow(at: source.indexPath(for: item)!) }
                let start = clock.now
                source.apply(snapshot(items: Array((0..<n).reversed())))
                app.render()
                times.append(clock.now - start)
                let marks = source.selectedItemIdentifiers
                marksKept = marksKept && marks.count == (n + 6) / 7 && marks.allSatisfy { $0 % 7 == 0 }
            }
            let median = times.sorted()[2]
            let ms = Double(median.components.attoseconds) / 1e15 + Double(median.components.seconds) * 1e3
            print(
                pad("\(n)", 10), pad(String(format1(ms)), 30), pad(format1(ms * 1e6 / Double(n)), 13), "  ",
                marksKept ? "yes" : "NO")
        }
    }

    static func snapshot(items: [Int]) -> TableSnapshot<Int, Int> {
        var snapshot = TableSnapshot<Int, Int>()
        var start = 0
        var section = 0
        while start < items.count {
            snapshot.appendSections([section])
            snapshot.appendItems(Array(items[start..<min(items.count, start + 1_000)]), toSection: section)
            start += 1_000
            section += 1
        }
        return snapshot
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func format1(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
