import Foundation
import TermTableTesting

/// Runs the built `tv` with standard output and standard error kept apart.
enum TVRun {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static func directory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tv-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `tv ARGUMENTS` run to its end (at most 60 s: `timeout` ends a hang with status 124), with `environment`
    /// over this process's.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let tv = try BuiltProducts.executable(named: "tv")
        let folder = directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let err = folder.appendingPathComponent("err").path
        let quoted = ([tv] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "exec timeout 60 \(quoted.joined(separator: " ")) > '\(out)' 2> '\(err)'"
        let result = try ChildProcess.run(
            ["/bin/sh", "-c", command],
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
        let output = FileManager.default.contents(atPath: out).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let errors = FileManager.default.contents(atPath: err).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Result(status: result.status, output: output, errors: errors)
    }

    /// Writes `bytes` to a new file named `name` and returns its path.
    static func file(_ name: String, _ bytes: [UInt8], in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
