import Glibc
import LogKit
import TermTable

/// `find-bench`: fuzzy matching over many log lines, the way a live filter runs it.
///
///     swift run -c release find-bench [--items N] [--seed S] [--input FILE] --query Q [--json]
///     swift run -c release find-bench --generate N [--seed S] > FILE
///
/// It reads the lines of FILE (or builds N log-like lines from a seed), then for the
/// query measures the first screen of results (`--screen`, 50: the best-scored hits
/// among the first chunks of lines, in line order, that hold a screen of them) and
/// the complete ranked result (every line matched in parallel on every core, sorted
/// by score, then shorter lines, then line order). `--json` prints one object with
/// `matches`, `readMs`, `firstScreenMs` and `completeMs`; both times are counted from
/// the moment the query is given, and the complete result reuses the lines the
/// first screen scanned. `--print` writes the matching lines in ranked order
/// (compare with `fzf --filter Q`, which also ranks). `--live` types the query into a live
/// table's filter letter by letter and reports keystroke-to-screen percentiles (`FindBench+Live.swift`).
@main
struct FindBench {
    struct Options {
        var items = 1_000_000
        var seed: UInt64 = 24
        var input: String?
        var query: String?
        var json = false
        var generate: Int?
        var screen = 50
        var printLines = false
        var live = false
        var rounds = 5
    }

    static func main() async {
        var options = Options()
        var arguments = CommandLine.arguments.dropFirst()
        func value(_ name: String) -> String {
            guard let value = arguments.popFirst() else { fail("\(name) needs a value") }
            return value
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--items": options.items = number(value(argument), argument)
            case "--seed": options.seed = UInt64(number(value(argument), argument))
            case "--input": options.input = value(argument)
            case "--query": options.query = value(argument)
            case "--json": options.json = true
            case "--print": options.printLines = true
            case "--live": options.live = true
            case "--rounds": options.rounds = number(value(argument), argument)
            case "--screen": options.screen = number(value(argument), argument)
            case "--generate": options.generate = number(value(argument), argument)
            case "--help", "-h":
                print(
                    "usage: find-bench [--items N] [--seed S] [--input FILE] --query Q [--json] [--print] [--screen N]\n"
                        + "       find-bench [--items N | --input FILE] --query Q --live [--rounds R] [--json]\n"
                        + "       find-bench --generate N [--seed S] > FILE")
                return
            default: fail("unknown argument \(argument)")
            }
        }
        if let lines = options.generate {
            generate(lines: lines, seed: options.seed)
            return
        }
        guard let queryText = options.query else { fail("--query is required") }
        let clock = ContinuousClock()
        let readStart = clock.now
        let corpus: FuzzyCorpus
        if let input = options.input {
            corpus = FuzzyCorpus(lines: readFile(input))
        } else {
            var generator = LogGenerator(seed: options.seed)
            corpus = FuzzyCorpus((0..<options.items).map { _ in generator.nextLine() })
        }
        let readMs = milliseconds(clock.now - readStart)
        if options.live {
            await live(corpus: corpus, query: queryText, rounds: options.rounds, json: options.json)
            return
        }

        let queryStart = clock.now
        let query = FuzzyQuery(queryText)
        let first = corpus.firstScreen(query, count: options.screen)
        let firstScreenMs = milliseconds(clock.now - queryStart)
        let scannedHits = corpus.hits(query, in: 0..<first.scanned) ?? []
        let restIndices = Array(Int32(first.scanned)..<Int32(corpus.count))
        var all = await corpus.rank(query, among: restIndices, order: .items) ?? []
        all = scannedHits + all
        FuzzyCorpus.sortByRank(&all)
        let completeMs = milliseconds(clock.now - queryStart)

        if options.printLines {
            var output = ""
            for hit in all {
                output += corpus.text(at: Int(hit.index))
                output += "\n"
                if output.utf8.count > 1 << 16 {
                    print(output, terminator: "")
                    output = ""
                }
            }
            print(output, terminator: "")
        } else if options.json {
            print(
                "{\"query\": \(jsonString(queryText)), \"items\": \(corpus.count), \"matches\": \(all.count), "
                    + "\"readMs\": \(fixed(readMs)), \"firstScreenMs\": \(fixed(firstScreenMs)), "
                    + "\"completeMs\": \(fixed(completeMs)), \"firstScreen\": \(first.hits.count), "
                    + "\"firstScreenScanned\": \(first.scanned), \"cores\": \(FuzzyCorpus.coreCount)}")
        } else {
            print("items            \(corpus.count)")
            print("query            \(queryText)")
            print("matches          \(all.count)")
            print("read ms          \(fixed(readMs))")
            print("first screen ms  \(fixed(firstScreenMs))  (\(first.hits.count) hits from \(first.scanned) lines)")
            print("complete ms      \(fixed(completeMs))  (\(FuzzyCorpus.coreCount) cores)")
            for hit in all.prefix(5) { print("  \(hit.score)  \(corpus.text(at: Int(hit.index)))") }
        }
    }

    /// Writes `lines` generated lines to standard output.
    static func generate(lines: Int, seed: UInt64) {
        var generator = LogGenerator(seed: seed)
        var output = ""
        output.reserveCapacity(1 << 17)
        for _ in 0..<lines {
            output += generator.nextLine()
            output += "\n"
            if output.utf8.count > 1 << 16 {
                print(output, terminator: "")
                output.removeAll(keepingCapacity: true)
            }
        }
        print(output, terminator: "")
    }

    /// The whole file at `path`.
    static func readFile(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { fail("\(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { fail("\(path): \(String(cString: strerror(errno)))") }
        var bytes = [UInt8](repeating: 0, count: max(0, Int(status.st_size)))
        var filled = 0
        bytes.withUnsafeMutableBytes { buffer in
            while filled < buffer.count {
                let got = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if got <= 0 { break }
                filled += got
            }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    /// `value` with one decimal.
    static func fixed(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `text` as a JSON string.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` as a number of at least 0 (`_` allowed between digits), else the program stops naming `option`.
    static func number(_ text: String, _ option: String) -> Int {
        guard let value = Int(text.filter { $0 != "_" }), value >= 0 else { fail("\(option): not a number: \(text)") }
        return value
    }

    static func fail(_ message: String) -> Never {
        let line = Array("find-bench: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(2)
    }
}
