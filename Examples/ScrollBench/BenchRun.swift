import Glibc
import TermTable

/// What one run of one mode measured.
struct BenchResult: Codable, Sendable {
    var workload: String
    var mode: String
    var screen: String
    var rows: Int
    var frames: Int
    var seconds: Double
    var framesPerSecond: Double
    var medianMicroseconds: Double
    var p99Microseconds: Double
    var cellsCreated: Int
    var cellsReused: Int
    var clones: Int
    var parses: Int
    var peakRSSMiB: Double
    var finalScreenOK: Bool?
}

/// Runs the workload: frame 0 with row 0 selected, then F moves down, each frame drawn.
@MainActor
enum BenchRun {
    static func run(
        workload: BenchWorkload = .list, mode: BenchMode, rows: Int, frames: Int, screen: Screen,
        screenName: String, layout: BenchLayoutSource, estimatedRowHeight: Int? = nil, indicator: Bool = false
    ) throws -> BenchResult {
        let table = TableView()
        let source: BenchDataSource?
        let dataSource: AnyObject  // the table holds its data source weakly
        switch workload {
        case .list:
            let list = try BenchDataSource(rows: rows, mode: mode, layout: layout)
            table.showsScrollIndicator = false
            list.register(in: table)
            table.dataSource = list
            source = list
            dataSource = list
        case .news:
            let library = try layout.library()
            let newsSource = try NewsDataSource(rows: rows, library: library, table: table)
            table.dataSource = newsSource
            table.delegate = newsSource
            source = nil
            dataSource = newsSource
        case .autoHeight:
            let autoSource = try AutoHeightDataSource(rows: rows, table: table)
            // Beside a run with an estimate (`indicator`), the scroll indicator is drawn, so the two runs differ
            // only by the estimate: the thumb counted in lines (the ledger of heights) or in rows.
            table.showsScrollIndicator = indicator
            table.estimatedRowHeight = estimatedRowHeight
            table.dataSource = autoSource
            source = nil
            dataSource = autoSource
        }
        let app = Application(screen: screen, rootView: table)
        let parsesBefore = LayoutLibrary.parseCount
        let clock = ContinuousClock()
        var histogram = FrameHistogram()
        let rebuildsCells = mode == .noReuse || mode == .reparse
        let start = clock.now
        app.render()  // frame 0
        for frame in 1...max(1, frames) where frames > 0 {
            let frameStart = clock.now
            if rebuildsCells { table.reloadData() }
            if workload == .autoHeight {
                // One row a frame: ↓ on a row taller than the view scrolls it by a line instead (issue 23), and
                // the workload measures rows placed at their wrapped heights, so it moves by rows.
                table.moveCursor(by: 1)
            } else {
                app.handle(.key(workload == .news ? newsMove(frame: frame, table: table) : .down))
            }
            app.render()
            histogram.record(clock.now - frameStart)
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var finalOK: Bool? = nil
        if let buffer = screen as? BufferScreen {
            switch workload {
            case .list: finalOK = verify(buffer, rows: rows, frames: frames)
            case .news: finalOK = verifyNews(buffer, table: table)
            case .autoHeight: finalOK = verifyAutoHeight(buffer, table: table, frames: frames)
            }
        }
        withExtendedLifetime(dataSource) {}
        let clones = source?.clones ?? 0
        return BenchResult(
            workload: workload.rawValue + (estimatedRowHeight.map { " est=\($0)" } ?? ""), mode: mode.rawValue,
            screen: screenName, rows: rows, frames: frames,
            seconds: seconds, framesPerSecond: seconds > 0 ? Double(frames) / seconds : 0,
            medianMicroseconds: histogram.percentileMicroseconds(0.5),
            p99Microseconds: histogram.percentileMicroseconds(0.99),
            cellsCreated: table.statistics.cellsCreated + (rebuildsCells ? clones : 0),
            cellsReused: table.statistics.cellsReused,
            clones: (mode == .handcoded ? 0 : table.statistics.cellsCloned) + clones,
            parses: LayoutLibrary.parseCount - parsesBefore,
            peakRSSMiB: peakRSSMiB(), finalScreenOK: finalOK)
    }

    /// The news workload's move for `frame` (from 1): one row down, with a page down and a page up in every
    /// 20 frames; from the last row it jumps home.
    static func newsMove(frame: Int, table: TableView) -> Key {
        if let cursor = table.state.cursor, let last = table.metrics.lastItem, cursor == last.indexPath { return .home }
        switch frame % 20 {
        case 9: return .pageDown
        case 19: return .pageUp
        default: return .down
        }
    }

    /// The news workload's final frame: the row under the cursor shown in reverse video, its section's header on top.
    static func verifyNews(_ screen: BufferScreen, table: TableView) -> Bool {
        guard let cursor = table.state.cursor, let top = table.state.top else { return false }
        let title = String(Workload.title(NewsDataSource.article(cursor)).prefix(16))
        let shown = (0..<screen.size.height).contains { (y: Int) -> Bool in
            screen.line(y).contains(title)
                && screen.styleMask(line: y) { $0.attributes.contains(.reverse) }.contains("^")
        }
        return shown && screen.line(0).contains("Feed \(top.section):")
    }

    /// The auto-height workload's final frame: row F under the cursor, every line of it in reverse video, as
    /// many lines as its message wraps to (or to the bottom), its first line holding its date and title.
    static func verifyAutoHeight(_ screen: BufferScreen, table: TableView, frames: Int) -> Bool {
        guard table.state.cursor == IndexPath(row: frames, section: 0) else { return false }
        let lines = (0..<screen.size.height).filter { y in
            screen.styleMask(line: y) { $0.attributes.contains(.reverse) }.contains("^")
        }
        guard let first = lines.first, lines == Array(first..<(first + lines.count)) else { return false }
        guard let message = table.cellForRow(at: IndexPath(row: frames, section: 0))?.viewWithTag(2, as: Label.self)
        else { return false }
        let wrapped = TerminalText.wrap(AutoHeightDataSource.message(frames), width: message.frame.width).count
        let line = screen.line(first)
        return line.contains(Workload.date(frames)) && line.contains(String(Workload.title(frames).prefix(20)))
            && (lines.count == wrapped || lines.last == screen.size.height - 1)
    }

    /// The final frame must show rows top...F with row F in reverse video across the line, as the peers' check requires.
    static func verify(_ screen: BufferScreen, rows: Int, frames: Int) -> Bool {
        let height = screen.size.height
        let width = screen.size.width
        let selected = min(frames, rows - 1)
        let top = max(0, selected - (height - 1))
        for y in 0..<height {
            let row = top + y
            let expected = row < rows ? Workload.line(row, width: width) : String(repeating: " ", count: width)
            guard screen.line(y) == expected else { return false }
            let reverse = screen.styleMask(line: y) { $0.attributes.contains(.reverse) }
            let want = String(repeating: row == selected ? "^" : " ", count: width)
            guard reverse == want else { return false }
        }
        return true
    }

    /// The process's peak resident memory so far, in MiB.
    static func peakRSSMiB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
