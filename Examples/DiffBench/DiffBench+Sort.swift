import TermTable

extension DiffBench {
    /// `diff-bench --sort [N]`: N items (default 1,000,000) in one section sorted through the diffable data source,
    /// by a decimal key and by a text key (random lowercase words of 4 to 12 letters), ascending then descending:
    /// the time to the first screen (apply and a frame) and to the complete order (and a frame); median of 3.
    @MainActor
    static func sortBench(_ n: Int) async {
        var generator = SystemRandomNumberGenerator()
        let decimals = (0..<n).map { _ in Double.random(in: 0..<1_000_000, using: &generator) }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let words = (0..<n).map { _ in
            String(
                (0..<Int.random(in: 4...12, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
        }
        print("\(n) items, one section, 120x40 screen; median of 3 (ms)")
        print("key        first screen (apply+frame)   complete (+frame)   re-sort descending: first   complete")
        let clock = ContinuousClock()
        let kinds: [(String, [TableSortKey])] = [
            ("decimal", decimals.map { .decimal($0) }), ("text", words.map { .text($0) }),
        ]
        do {
            // The same apply without a sort: what any apply of n items costs (the index of items, the frame).
            let table = TableView()
            table.register(BasicCell.self, forCellReuseIdentifier: "basic")
            let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
                table.dequeueReusableCell(withIdentifier: "basic", for: indexPath)
            }
            let app = Application(screen: BufferScreen(width: 120, height: 40), rootView: table)
            var snapshot = TableSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(Array(0..<n))
            let start = clock.now
            source.apply(snapshot)
            app.render()
            print("(an apply of \(n) items without a sort: \(format1(milliseconds(clock.now - start))) ms)")
        }
        for (name, keys) in kinds {
            var runs: [[Double]] = []
            for _ in 0..<3 {
                let table = TableView()
                table.register(BasicCell.self, forCellReuseIdentifier: "basic")
                let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
                    let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
                    cell.textLabel.text = "item \(item)"
                    return cell
                }
                source.sortKey = { item, _ in keys[item] }
                table.sortDescriptors = [TableSortDescriptor(column: "key")]
                let app = Application(screen: BufferScreen(width: 120, height: 40), rootView: table)
                var snapshot = TableSnapshot<Int, Int>()
                snapshot.appendSections([0])
                snapshot.appendItems(Array(0..<n))
                var times: [Double] = []
                let start = clock.now
                source.apply(snapshot)
                app.render()
                times.append(milliseconds(clock.now - start))
                await source.waitUntilSorted()
                app.render()
                times.append(milliseconds(clock.now - start))
                let again = clock.now
                table.sortDescriptors = [TableSortDescriptor(column: "key", ascending: false)]
                app.render()
                times.append(milliseconds(clock.now - again))
                await source.waitUntilSorted()
                app.render()
                times.append(milliseconds(clock.now - again))
                let shown = source.snapshot().itemIdentifiers
                let ordered = zip(shown, shown.dropFirst()).allSatisfy { keys[$0] >= keys[$1] }
                if !ordered || shown.count != n { print("NOT SORTED") }
                runs.append(times)
            }
            let medians = (0..<4).map { column in runs.map { $0[column] }.sorted()[1] }
            print(
                pad(name, 11), pad(format1(medians[0]), 29), pad(format1(medians[1]), 20), pad(format1(medians[2]), 28),
                format1(medians[3]))
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3
    }
}
