import Foundation

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
                r.workload, r.mode, r.screen, "\(r.rows)", "\(r.frames)", String(format: "%.0f", r.framesPerSecond),
                String(format: "%.1f", r.medianMicroseconds), String(format: "%.1f", r.p99Microseconds),
                "\(r.cellsCreated)", "\(r.cellsReused)", "\(r.clones)", "\(r.parses)",
                String(format: "%.1f", r.peakRSSMiB), r.finalScreenOK.map { $0 ? "ok" : "WRONG" } ?? "-",
            ])
        }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max()! }
        var text = lines.map { row in
            row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        text.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
        if let reuse = results.first(where: { $0.mode == "reuse" && $0.workload == "list" }) {
            for other in results where other.workload == "list" && other.mode != "reuse" && other.framesPerSecond > 0 {
                text.append(
                    String(format: "reuse / %@: %.2fx", other.mode, reuse.framesPerSecond / other.framesPerSecond))
            }
        }
        return text.joined(separator: "\n")
    }
}
