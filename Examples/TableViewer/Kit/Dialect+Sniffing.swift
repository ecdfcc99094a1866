import TermTableCore

extension Dialect {
    /// The dialect of a delimited file whose first bytes are `sample`: the separator among `,`, tab and `;` for
    /// which most records have the same number of fields (more than one), and whether the first record is a header.
    ///
    /// Header: when some column's later values are all numbers (or all dates), the first record is a header if its
    /// cells there are not; when no column is typed, it is one if its cells are non-empty, unique, and none of
    /// them occurs again in its column.
    public static func sniff(_ sample: UnsafeRawBufferPointer, isWholeFile: Bool) -> Dialect {
        var best: (separator: UInt8, score: Int, records: [[String]]) = (0x2C, -1, [])
        for separator: UInt8 in [0x2C, 0x09, 0x3B] {
            let scanner = DelimitedScanner(separator: separator)
            var records: [[String]] = []
            var position = 0
            // The last record, cut by the sample's end, counts for the header (a long first row) but not here.
            var complete = 0
            while records.count < 100, let record = scanner.record(in: sample, at: position) {
                if !(record.end == sample.count && !isWholeFile && record.start > 0) { complete += 1 }
                var fields: [String] = []
                scanner.forEachField(in: sample, record: record.start..<record.end) { _, span in
                    fields.append(TableFile.text(span, in: sample, limit: 256).text)
                    return true
                }
                records.append(fields)
                position = record.end
            }
            var counts: [Int: Int] = [:]
            for record in records.prefix(max(1, complete)) { counts[record.count, default: 0] += 1 }
            guard let mode = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }), mode.key > 1 else {
                continue
            }
            // Records agreeing on the count first, then more fields.
            let score = mode.value * 1000 + mode.key
            if score > best.score { best = (separator, score, records) }
        }
        if best.score < 0 {
            let scanner = DelimitedScanner(separator: 0x2C)
            if let record = scanner.record(in: sample, at: 0) {
                var fields: [String] = []
                scanner.forEachField(in: sample, record: record.start..<record.end) { _, span in
                    fields.append(TableFile.text(span, in: sample, limit: 256).text)
                    return true
                }
                best.records = [fields]
            }
        }
        return Dialect(separator: best.separator, hasHeader: Self.looksLikeHeader(best.records))
    }

    static func kind(_ text: String) -> Int {
        var copy = text
        return copy.withUTF8 { utf8 in
            switch ColumnType.of(UnsafeRawBufferPointer(utf8)) {
            case .integer, .decimal: return 1
            case .date, .dateTime: return 2
            case .boolean, .text: return 0
            }
        }
    }

    static func looksLikeHeader(_ records: [[String]]) -> Bool {
        guard let first = records.first, records.count > 1 else { return false }
        let rest = records.dropFirst().prefix(50)
        var votes = 0
        var typedColumns = 0
        for column in first.indices {
            let values = rest.compactMap { column < $0.count ? $0[column] : nil }.filter { !$0.isEmpty }
            guard let kind = values.first.map(kind), kind != 0, values.allSatisfy({ Self.kind($0) == kind }) else {
                continue
            }
            typedColumns += 1
            votes += Self.kind(first[column]) == kind ? -1 : 1
        }
        if typedColumns > 0 { return votes > 0 }
        guard first.allSatisfy({ !$0.isEmpty }), Set(first).count == first.count else { return false }
        for column in first.indices where rest.contains(where: { column < $0.count && $0[column] == first[column] }) {
            return false
        }
        return true
    }
}
