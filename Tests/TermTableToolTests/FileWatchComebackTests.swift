import Foundation
import Glibc
import Testing

@testable import TermTable

extension FileWatchTests {
    /// Ways a removed file comes back that create its name without writing or renaming (issue 21): before,
    /// only a write or a rename was seen, and the preview said "the file is gone" until `r`.
    @Test(arguments: ["ln", "ln -s", "mkdir", "mkfifo"])
    func aFileThatComesBackIsSeen(how: String) async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.layout")
        let other = directory.appendingPathComponent("other.txt")
        try "one".write(to: file, atomically: false, encoding: .utf8)
        try "two".write(to: other, atomically: false, encoding: .utf8)
        let watch = FileWatch(path: file.path) {}
        defer { watch.cancel() }
        #expect(watch.mechanism == .inotify)
        try FileManager.default.removeItem(at: file)
        #expect(await Self.waitFor(watch, count: 1), "the file removed")
        let seen = watch.changeCount
        switch how {
        case "ln": #expect(link(other.path, file.path) == 0)
        case "ln -s": #expect(symlink(other.path, file.path) == 0)
        case "mkdir": #expect(mkdir(file.path, 0o755) == 0)
        default: #expect(mkfifo(file.path, 0o644) == 0)
        }
        #expect(await Self.waitFor(watch, count: seen + 1), "the file back through \(how)")
    }
}
