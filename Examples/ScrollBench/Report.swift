import Glibc

/// Formats benchmark results.
enum Report {
    /// The run with the median frames per second (the others' counters are the same).
    static func median(_ results: [BenchResult]) -> BenchResult {
        let sorted = results.sorted { $0.framesPerSecond < $1.framesPerSecond }
        return sorted[sorted.count / 2]
    }

    /// A plain-text table, one line per mode, with ratios against `reuse`.
    static func table(_ results: [BenchResult]) -> String {
        let header = [
            "workload", "mode", "screen", "rows", "frames", "frames/s", "µs/frame p50", "µs p99",
            "cells made", "reused", "clones", "parses", "peak RSS MiB", "final screen",
        ]
        var lines = [header]
        for r in results {
            lines.append([
                r.workload, r.mode, r.screen, "\(r.rows)", "\(r.frames)", fixed(r.framesPerSecond, 0),
                fixed(r.medianMicroseconds, 1), fixed(r.p99Microseconds, 1),
                "\(r.cellsCreated)", "\(r.cellsReused)", "\(r.clones)", "\(r.parses)",
                fixed(r.peakRSSMiB, 1), r.finalScreenOK.map { $0 ? "ok" : "WRONG" } ?? "-",
            ])
        }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max()! }
        var text = lines.map { row in
            row.enumerated().map { $0.element + String(repeating: " ", count: widths[$0.offset] - $0.element.count) }
                .joined(separator: "  ")
        }
        text.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
        if let reuse = results.first(where: { $0.mode == "reuse" && $0.workload == "list" }) {
            for other in results where other.workload == "list" && other.mode != "reuse" && other.framesPerSecond > 0 {
                text.append("reuse / \(other.mode): \(fixed(reuse.framesPerSecond / other.framesPerSecond, 2))x")
            }
        }
        return text.joined(separator: "\n")
    }

    /// `value` with `decimals` digits after the point, as C's `%.Nf` writes it (`fixed(2.345, 1)` is `2.3`).
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        let format = "%.\(max(0, min(decimals, 17)))f"
        var buffer = [CChar](repeating: 0, count: 32)
        while true {
            let size = buffer.count
            let count = Int(withVaList([value]) { vsnprintf(&buffer, size, format, $0) })
            guard count >= 0 else { return "\(value)" }
            if count < buffer.count {
                return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            buffer = [CChar](repeating: 0, count: count + 1)
        }
    }
}
