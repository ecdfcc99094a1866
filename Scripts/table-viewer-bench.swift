// The TableViewerKit benchmark (Scripts/table-viewer-bench.sh builds and runs it; not a target of the package,
// so the package has no `tv` executable before the app arrives with the column model, issue 34).
//
// table-viewer-bench FILE [ROWS]: writes ROWS generated rows (default 3,367,760, the trial's flights10.csv) to FILE
// when it does not exist, then times opening, the first 50 rows, the full index, the column types, a numeric and
// a text sort, and reports the peak and anonymous memory.
import Glibc
import TableViewerKit

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func status(_ key: String) -> String {
    guard let file = fopen("/proc/self/status", "r") else { return "?" }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix(key + ":") {
            return text.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(
                String.init) ?? "?"
        }
    }
    return "?"
}

func mib(_ kilobytes: String) -> String {
    guard let value = Double(kilobytes) else { return kilobytes }
    return String(Int((value / 1024 * 10).rounded())).dropLast() + "."
        + String(Int((value / 1024 * 10).rounded())).suffix(1)
}

func ms(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) + " ms" }

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: table-viewer-bench FILE [ROWS]")
    exit(2)
}
let path = arguments[1]
let rows = arguments.count > 2 ? Int(arguments[2]) ?? 3_367_760 : 3_367_760
if access(path, F_OK) != 0 {
    let start = now()
    try TableGenerator.writeCSV(path: path, rows: rows, seed: 1)
    print("generated \(rows) rows in \(ms(now() - start))")
}

let openStart = now()
let table = try TableFile(path: path)
let opened = now() - openStart
print("file: \(table.file.count) bytes, \(table.columns.count) columns, format \(table.format)")
print("open (map, sniff, header): \(ms(opened))")

// The first screen: the first chunk indexed and 50 rows read, while the rest is indexed.
let firstStart = now()
let done = Cancellation()
table.buildIndexInBackground { progress in
    if progress.isComplete { done.cancel() }
}
while table.rowCount < 50, !table.progress.isComplete { usleep(200) }
for row in 0..<min(50, table.rowCount) { _ = table.row(row) }
let firstChunk = now() - firstStart
print("first 50 rows readable: \(ms(firstChunk))")
while !done.isCancelled { usleep(1000) }
let indexed = now() - firstStart
print("fully indexed: \(table.rowCount) rows in \(ms(indexed)), \(table.issueCount) rows with problems")
print(
    "  after the index: peak RSS \(mib(status("VmHWM"))) MiB, RssAnon \(mib(status("RssAnon"))) MiB, RssFile \(mib(status("RssFile"))) MiB"
)

let typesStart = now()
let types = table.profileColumns().map(\.type)
print("column types (1,000-row sample): \(ms(now() - typesStart)): \(types.map(\.rawValue).joined(separator: ","))")

for (name, descending) in [("dep_delay", true), ("tailnum", true), ("date", false)] {
    guard let column = table.columns.firstIndex(of: name) else { continue }
    let start = now()
    let order = table.sortedRows(by: [SortKey(column: column, ascending: !descending)], types: types)!
    let elapsed = now() - start
    var scratch: [UInt8] = []
    let offsets = table.offsets
    let top = table.withField(row: Int(order[0]), column: column, offsets: offsets, scratch: &scratch) {
        String(decoding: $0, as: UTF8.self)
    }
    print("sort \(name) (\(types[column].rawValue), \(descending ? "desc" : "asc")): \(ms(elapsed)), top value \(top)")
}
let twoStart = now()
_ = table.sortedRows(
    by: [SortKey(column: 3), SortKey(column: 8, ascending: false)], types: types)!
print("sort carrier asc, dep_delay desc: \(ms(now() - twoStart))")
print(
    "end: peak RSS \(mib(status("VmHWM"))) MiB, RssAnon \(mib(status("RssAnon"))) MiB, RssFile \(mib(status("RssFile"))) MiB"
)
