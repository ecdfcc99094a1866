import Foundation
import TermTable

/// What one run of one mode measured.
struct BenchResult: Codable, Sendable {
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
    static func run(mode: BenchMode, rows: Int, frames: Int, screen: Screen, screenName: String,
                    layoutPath: String) throws -> BenchResult {
        let source = try BenchDataSource(rows: rows, mode: mode, layoutPath: layoutPath)
        let table = TableView()
        table.showsScrollIndicator = false
        source.register(in: table)
        table.dataSource = source
        let app = Application(screen: screen, rootView: table)
        let parsesBefore = LayoutLibrary.parseCount
        let clock = ContinuousClock()
        var samples: [Duration] = []
        samples.reserveCapacity(frames)
        let start = clock.now
        app.render()  // frame 0
        for _ in 0..<frames {
            let frameStart = clock.now
            if mode == .noReuse || mode == .reparse { table.reloadData() }
            app.handle(.key(.down))
            app.render()
            samples.append(clock.now - frameStart)
        }
        let elapsed = clock.now - start
        let micro = samples.map { Double($0.components.attoseconds) / 1e12 + Double($0.components.seconds) * 1e6 }.sorted()
        func percentile(_ p: Double) -> Double {
            micro.isEmpty ? 0 : micro[min(micro.count - 1, Int(Double(micro.count - 1) * p))]
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var finalOK: Bool? = nil
        if let buffer = screen as? BufferScreen { finalOK = verify(buffer, rows: rows, frames: frames) }
        return BenchResult(
            mode: mode.rawValue, screen: screenName, rows: rows, frames: frames, seconds: seconds,
            framesPerSecond: seconds > 0 ? Double(frames) / seconds : 0,
            medianMicroseconds: percentile(0.5), p99Microseconds: percentile(0.99),
            cellsCreated: table.statistics.cellsCreated + (mode == .noReuse || mode == .reparse ? source.clones : 0),
            cellsReused: table.statistics.cellsReused,
            clones: (mode == .handcoded ? 0 : table.statistics.cellsCloned) + source.clones,
            parses: LayoutLibrary.parseCount - parsesBefore,
            peakRSSMiB: peakRSSMiB(), finalScreenOK: finalOK)
    }

    /// The final frame must show rows top...F with row F in reverse video across the line, as the peers' check requires.
    static func verify(_ screen: BufferScreen, rows: Int, frames: Int) -> Bool {
        let height = screen.size.height, width = screen.size.width
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
