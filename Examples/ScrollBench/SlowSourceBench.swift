import Dispatch
import Glibc
import TermTable

/// `--workload slow-source --latency-ms MS`: the list's rows from a source that answers `MS` milliseconds after it
/// is asked (on a background queue; the answers are handed to the main actor, which the frame loop drains as an
/// app's run loop would), beside the same rows in memory, in one run.
///
/// Both runs page down (PgDn) and hold j at a key-repeat rate of 30 a second; after each burst the keys stop and
/// the run waits until the page is complete. Answers are taken in (``TableView/reconfigureRows(at:)``) and drawn
/// as they arrive, in frames of their own, as ``Application``'s loop does (they are main-actor work, run between
/// its turns, and a turn draws before it reads keys). Frame times are the main actor's work per frame: a key and
/// its drawing, or answers and theirs; never the waits.
@MainActor
enum SlowSourceBench {
    /// One run's figures (frames in microseconds, waits in milliseconds).
    struct Run: Codable {
        var source: String
        var pagingFrames: Int
        var pagingP50Us: Double
        var pagingP99Us: Double
        var pagingPlaceholderFrameShare: Double
        var holdingJFrames: Int
        var holdingJP50Us: Double
        var holdingJP99Us: Double
        var holdingJPlaceholderFrameShare: Double
        /// The frames drawn for answers that arrived between keys, while paging and holding j (none in memory).
        var answerFrames: Int
        var answerP50Us: Double
        var answerP99Us: Double
        /// The slowest frame of the run, key or answer frame (after the keys stop too).
        var maxFrameUs: Double
        /// After the keys stop: the median and the slowest time until no placeholder is left on screen.
        var pageCompleteMedianMs: Double
        var pageCompleteMaxMs: Double
        /// After the keys stop: the slowest time until the cursor's row shows its data.
        var cursorRowRealMaxMs: Double
        var rowsRequested: Int
        var rowsCancelled: Int
    }

    /// The whole result: the slow source beside the in-memory list.
    struct Result: Codable {
        var workload = "slow-source"
        var latencyMs: Int
        var rows: Int
        var width: Int
        var height: Int
        var keyRepeatPerSecond: Int
        var slow: Run
        var list: Run
        /// The goals of issue 37: no slow-source frame slower than the list's p99; the cursor's row real within
        /// two latencies of the keys stopping.
        var noFrameSlowerThanListP99: Bool
        var slowP99WithinListP99: Bool
        var cursorRowWithinTwoLatencies: Bool
    }

    /// The rows, answered late or at once; requests answered on a background queue after the latency.
    final class Source: TableViewDataSource, TableViewDataSourcePrefetching {
        let rows: Int
        let latency: Int  // milliseconds; 0: every row is at hand
        /// The rows at hand, one flag a row (a page cache's lookup: no hashing for each row drawn).
        var arrived: [Bool]
        var cancelled = Set<Int>()
        /// Answers handed over by the background queue (one batch per request), taken in by the frame loop on the
        /// main actor.
        let inbox = Locked<[[Int]]>([])

        init(rows: Int, latency: Int) {
            self.rows = rows
            self.latency = latency
            arrived = [Bool](repeating: latency == 0, count: rows)
        }

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
        func tableView(_ tableView: TableView, isRowAvailableAt indexPath: IndexPath) -> Bool {
            arrived[indexPath.row]
        }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! BasicCell
            cell.textLabel.text = Workload.title(indexPath.row)
            cell.detailTextLabel.text = Workload.date(indexPath.row)
            return cell
        }
        func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
            let rows = indexPaths.map(\.row)
            cancelled.subtract(rows)
            let inbox = self.inbox
            // One query per request (a page of a database), answered after the latency.
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(latency)) {
                inbox.withLock { $0.append(rows) }
            }
        }
        func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
            cancelled.formUnion(indexPaths.map(\.row))
        }

        /// Takes in the answers that arrived (those not cancelled since) and tells the table, all in one call; false
        /// when none.
        func takeAnswers(into table: TableView) -> Bool {
            let batches = inbox.withLock { inbox in
                defer { inbox.removeAll(keepingCapacity: true) }
                return inbox
            }
            guard !batches.isEmpty else { return false }
            var answered: [IndexPath] = []
            for batch in batches {
                for row in batch where !arrived[row] && (cancelled.isEmpty || !cancelled.contains(row)) {
                    arrived[row] = true
                    answered.append(IndexPath(row: row, section: 0))
                }
            }
            guard !answered.isEmpty else { return false }
            table.reconfigureRows(at: answered)
            return true
        }
    }

    static let keyRepeatPerSecond = 30

    static func run(rows: Int, latency: Int, frames: Int, width: Int, height: Int) -> Result {
        let slow = measure(rows: rows, latency: latency, frames: frames, width: width, height: height)
        let list = measure(rows: rows, latency: 0, frames: frames, width: width, height: height)
        return Result(
            latencyMs: latency, rows: rows, width: width, height: height, keyRepeatPerSecond: keyRepeatPerSecond,
            slow: slow, list: list,
            noFrameSlowerThanListP99: slow.maxFrameUs <= max(list.pagingP99Us, list.holdingJP99Us),
            slowP99WithinListP99: max(slow.pagingP99Us, slow.holdingJP99Us)
                <= max(list.pagingP99Us, list.holdingJP99Us),
            cursorRowWithinTwoLatencies: slow.cursorRowRealMaxMs <= Double(2 * latency))
    }

    /// Sleeps for `duration` (the time between keys, or between looks at the answers).
    static func pause(_ duration: Duration) {
        usleep(UInt32(max(0, min(1e6, milliseconds(duration) * 1e3))))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    /// Pages down and holds j in bursts, waiting after each burst for the page to complete.
    static func measure(rows: Int, latency: Int, frames: Int, width: Int, height: Int) -> Run {
        let clock = ContinuousClock()
        let table = TableView()
        table.register(BasicCell.self, forCellReuseIdentifier: "row")
        let source = Source(rows: rows, latency: latency)
        if latency > 0 { table.prefetchDataSource = source }  // an in-memory list has none
        table.dataSource = source
        let app = Application(screen: BufferScreen(width: width, height: height), rootView: table)
        app.render()
        var complete: [Double] = []
        var cursorReal: [Double] = []
        var maxFrame = 0.0
        var answerFrames = FrameHistogram()
        let interval = Duration.milliseconds(1_000 / keyRepeatPerSecond)

        /// One frame per key at the key-repeat rate, and one for each time answers arrive between keys (as the
        /// application's loop draws them: answers are main-actor work, run between its turns, and a turn draws
        /// before it reads the keys): each frame's work timed, the waits not.
        /// Key frames go in the burst's histogram, answer frames in `answerFrames` (both in the slowest frame).
        func burst(_ key: Key, count: Int) -> (FrameHistogram, Int) {
            var histogram = FrameHistogram()
            var withPlaceholders = 0
            func answerFrame() {
                let start = clock.now
                guard source.takeAnswers(into: table) else { return }
                app.render()
                let took = clock.now - start
                answerFrames.record(took)
                maxFrame = max(maxFrame, milliseconds(took) * 1e3)
            }
            for index in 0..<count {
                let next = clock.now + interval
                answerFrame()  // answers that came with the key: drawn first
                let start = clock.now
                app.handle(.key(key))
                app.render()
                let took = clock.now - start
                histogram.record(took)
                maxFrame = max(maxFrame, milliseconds(took) * 1e3)
                if table.prefetchStatistics.placeholderRowsOnScreen > 0 { withPlaceholders += 1 }
                guard index < count - 1 else { break }  // the keys stop at the last frame
                // Until the next key: answers drawn as they arrive (looked for each millisecond).
                while clock.now < next {
                    answerFrame()
                    pause(min(.milliseconds(1), next - clock.now))
                }
            }
            return (histogram, withPlaceholders)
        }

        /// The keys stopped: frames as answers arrive until no placeholder is left (at most 5 s).
        func settle() {
            let start = clock.now
            var cursorShown: Double?
            while clock.now - start < .seconds(5) {
                let frameStart = clock.now
                if source.takeAnswers(into: table) {
                    app.render()
                    maxFrame = max(maxFrame, milliseconds(clock.now - frameStart) * 1e3)
                }
                if cursorShown == nil, let cursor = table.indexPathForSelectedRow,
                    table.cellForRow(at: cursor)?.isPlaceholder == false
                {
                    cursorShown = milliseconds(clock.now - start)
                }
                if table.prefetchStatistics.placeholderRowsOnScreen == 0 {
                    complete.append(milliseconds(clock.now - start))
                    break
                }
                pause(.milliseconds(1))
            }
            cursorReal.append(cursorShown ?? 5_000)
        }

        let pagingFrames = max(1, min(frames, 500) / 5)
        var paging = FrameHistogram()
        var pagingPlaceholders = 0
        for _ in 0..<5 {
            let (histogram, placeholders) = burst(.pageDown, count: pagingFrames / 5 + 1)
            paging.merge(histogram)
            pagingPlaceholders += placeholders
            settle()
        }
        let holdingFrames = max(1, min(frames, 600))
        var holding = FrameHistogram()
        var holdingPlaceholders = 0
        for _ in 0..<3 {
            let (histogram, placeholders) = burst(.down, count: holdingFrames / 3)
            holding.merge(histogram)
            holdingPlaceholders += placeholders
            settle()
        }
        complete.sort()
        let statistics = table.prefetchStatistics
        return Run(
            source: latency == 0 ? "in memory" : "\(latency) ms",
            pagingFrames: paging.count, pagingP50Us: paging.percentileMicroseconds(0.5),
            pagingP99Us: paging.percentileMicroseconds(0.99),
            pagingPlaceholderFrameShare: Double(pagingPlaceholders) / Double(max(1, paging.count)),
            holdingJFrames: holding.count, holdingJP50Us: holding.percentileMicroseconds(0.5),
            holdingJP99Us: holding.percentileMicroseconds(0.99),
            holdingJPlaceholderFrameShare: Double(holdingPlaceholders) / Double(max(1, holding.count)),
            answerFrames: answerFrames.count, answerP50Us: answerFrames.percentileMicroseconds(0.5),
            answerP99Us: answerFrames.percentileMicroseconds(0.99), maxFrameUs: maxFrame,
            pageCompleteMedianMs: complete.isEmpty ? 5_000 : complete[complete.count / 2],
            pageCompleteMaxMs: complete.last ?? 5_000, cursorRowRealMaxMs: cursorReal.max() ?? 5_000,
            rowsRequested: statistics.rowsRequested, rowsCancelled: statistics.rowsCancelled)
    }
}
