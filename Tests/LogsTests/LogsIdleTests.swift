import Foundation
import TermTableTesting
import Testing

/// The real `logs` binary at rest in tmux (issue 25): after opening a file and handling keys, with the file not
/// growing, no thread of the process is scheduled, not even when other files come and go in its directory, and
/// following still works afterwards, through a rotation too.
@Suite("logs at rest, end to end", .serialized)
struct LogsIdleTests {
    @Test(
        .enabled(if: hasTmux, "tmux is not installed"),
        .disabled(if: ThreadActivity.underSanitizer, "a sanitizer's runtime wakes the process itself"))
    func logsAtRestIsNotScheduledAndStillFollowsThroughARotation() throws {
        let logs = try BuiltProducts.executable(named: "logs")
        // A directory of its own: the watch must not see other programs' files come and go.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logs-idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("app.log").path
        let generated = try ChildProcess.run(
            [logs, "--generate", "5000", "--output", log, "--seed", "11"],
            environment: ProcessInfo.processInfo.environment)
        #expect(generated.status == 0)
        // A last line of its own, to wait for: the generated ones are cut at the pane's width.
        let opened = try #require(FileHandle(forWritingAtPath: log))
        opened.seekToEndOfFile()
        opened.write(Data("2026-11-25T22:59:59.000Z INFO idle.marker: the last line before the rest\n".utf8))
        try opened.close()
        let session = try TmuxSession(
            width: 120, height: 30,
            command:
                "sh -c 'echo $$ > pid; exec env LANG=C.UTF-8 TERM=xterm-256color \"$0\" app.log' '\(logs)'; echo LOGS-DONE; sleep 30",
            directory: directory)
        defer { session.close() }
        try session.waitFor(text: "the last line before the rest")
        let pid = try #require(Int32(try session.waitForFile("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        // Keys through the run loop: up twice, down twice.
        try session.send("k", "k", "j", "j")
        Thread.sleep(forTimeInterval: 1.5)
        // Other programs' files come and go in the log's directory (as in /tmp or /var/log): not the log's business.
        let rest = try ThreadActivity.switches(of: pid) {
            for index in 0..<3 {
                try Data("other\n".utf8).write(to: directory.appendingPathComponent("other-\(index).tmp"))
                Thread.sleep(forTimeInterval: 1)
            }
        }
        #expect(rest.wasRead, "no thread of logs (pid \(pid)) could be read")
        #expect(rest.count <= 1, "logs at rest: \(rest) in 3 s")

        // Still following after the rest: a line appended by a writer that keeps the file open.
        let writer = try #require(FileHandle(forWritingAtPath: log))
        writer.seekToEndOfFile()
        writer.write(Data("2026-11-25T23:00:00.000Z WARN idle.writer: a line after the rest\n".utf8))
        try session.waitFor(text: "a line after the rest")
        try writer.close()
        // And a rotation: the file renamed, a new one at its name written by a writer that keeps it open.
        try FileManager.default.moveItem(atPath: log, toPath: log + ".1")
        #expect(FileManager.default.createFile(atPath: log, contents: nil))
        let rotated = try #require(FileHandle(forWritingAtPath: log))
        rotated.write(Data("2026-11-25T23:00:01.000Z INFO idle.writer: first line of the new file\n".utf8))
        try session.waitFor(text: "first line of the new file")
        Thread.sleep(forTimeInterval: 0.2)
        rotated.write(Data("2026-11-25T23:00:02.000Z INFO idle.writer: second line of the new file\n".utf8))
        try session.waitFor(text: "second line of the new file")
        try rotated.close()
        try session.send("q")
        try session.waitFor(text: "LOGS-DONE")
    }
}
