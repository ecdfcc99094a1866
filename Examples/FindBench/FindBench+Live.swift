import TermTable

extension FindBench {
    /// `--live`: types the query into a live table's filter, one letter at a time, as a user would.
    ///
    /// A 120x40 table on the in-memory screen shows every line (a diffable data source, items in
    /// one section); each keystroke calls `setFilter(query:)` with the letters so far, and draws
    /// (keystroke to screen: the first screen of matches drawn), then waits for the complete
    /// result and draws again (keystroke to complete). The query is typed `rounds` times, the
    /// filter cleared in between. The first keystroke of the first round also gathers the
    /// items' texts (once per applied snapshot): reported on its own, left out of the percentiles.
    @MainActor
    static func live(corpus: FuzzyCorpus, query: String, rounds: Int, json: Bool) async {
        let clock = ContinuousClock()
        let table = TableView()
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        table.selectionMode = .multiple
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
            cell.textLabel.text = corpus.text(at: item)
            return cell
        }
        source.filterText = { corpus.text(at: $0) }
        source.filterOrder = .score
        let app = Application(screen: BufferScreen(width: 120, height: 40), rootView: table)
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<corpus.count))
        source.apply(snapshot)
        app.render()
        var toScreen: [Double] = []
        var toComplete: [Double] = []
        var firstKeystroke: (screen: Double, complete: Double)?
        var matches = 0
        for _ in 0..<max(1, rounds) {
            var typed = ""
            for character in query {
                typed.append(character)
                let start = clock.now
                let task = source.setFilter(query: typed)
                app.render()
                let screen = milliseconds(clock.now - start)
                await task?.value
                app.render()
                let complete = milliseconds(clock.now - start)
                if firstKeystroke == nil {
                    firstKeystroke = (screen, complete)
                } else {
                    toScreen.append(screen)
                    toComplete.append(complete)
                }
            }
            matches = source.snapshot().numberOfItems
            source.clearFilter()
            app.render()
        }
        func percentile(_ values: [Double], _ p: Double) -> Double {
            guard !values.isEmpty else { return 0 }
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
        }
        let first = firstKeystroke ?? (0, 0)
        if json {
            print(
                "{\"query\": \(jsonString(query)), \"items\": \(corpus.count), \"matches\": \(matches), "
                    + "\"keystrokes\": \(toScreen.count), "
                    + "\"screenP50Ms\": \(fixed(percentile(toScreen, 0.5))), "
                    + "\"screenP99Ms\": \(fixed(percentile(toScreen, 0.99))), "
                    + "\"completeP50Ms\": \(fixed(percentile(toComplete, 0.5))), "
                    + "\"completeP99Ms\": \(fixed(percentile(toComplete, 0.99))), "
                    + "\"firstKeystrokeScreenMs\": \(fixed(first.screen)), "
                    + "\"firstKeystrokeCompleteMs\": \(fixed(first.complete))}")
        } else {
            print("items                      \(corpus.count)")
            print("query                      \(query) (\(matches) matches), \(toScreen.count) keystrokes measured")
            print(
                "keystroke to screen ms     p50 \(fixed(percentile(toScreen, 0.5)))  p99 \(fixed(percentile(toScreen, 0.99)))"
            )
            print(
                "keystroke to complete ms   p50 \(fixed(percentile(toComplete, 0.5)))  "
                    + "p99 \(fixed(percentile(toComplete, 0.99)))")
            print(
                "first keystroke ms         screen \(fixed(first.screen))  complete \(fixed(first.complete)) (gathers the texts)"
            )
        }
    }
}
