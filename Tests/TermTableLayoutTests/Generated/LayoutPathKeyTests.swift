import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableLayout

/// The layout cache's key for a path (`LayoutFileSystem.canonicalPath`, written on the C library so the
/// toolkit does not run Foundation's URL parser) against what Foundation's URL gives, for generated paths:
/// `.`, `..`, repeated and trailing slashes, files, folders, symbolic links to folders and files, missing
/// files. `TERMTABLE_PROPERTY_CASES` sets the number of cases, `TERMTABLE_PROPERTY_SEED` the seed.
@Suite struct LayoutPathKeyTests {
    static var budget: Int { ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 500 }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x9A7B_4E75
    }

    /// A folder `root` with `a/b/f.layout`, `a/g.layout`, a link `s` to `a/b`, a link `l` to `a/g.layout`
    /// and a relative link `a/up` to `..`.
    static func makeTree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layout-keys-\(UUID().uuidString)")
            .path
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
        try "x".write(toFile: root + "/a/b/f.layout", atomically: false, encoding: .utf8)
        try "y".write(toFile: root + "/a/g.layout", atomically: false, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/s", withDestinationPath: root + "/a/b")
        try manager.createSymbolicLink(atPath: root + "/l", withDestinationPath: "a/g.layout")
        try manager.createSymbolicLink(atPath: root + "/a/up", withDestinationPath: "..")
        // The temporary folder may itself be reached through a link: the keys compare resolved paths.
        return root
    }

    @Test func theKeyIsWhatFoundationsURLGives() throws {
        let root = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let names = ["a", "b", "s", "l", "up", ".", "..", "", "f.layout", "g.layout", "missing", "new.layout"]
        var random = SeededRandom(seed: Self.seed)
        var mismatches: [String] = []
        for _ in 0..<Self.budget {
            let count = Int.random(in: 0...5, using: &random)
            let tail = (0..<count).map { _ in names[Int.random(in: 0..<names.count, using: &random)] }
            let path = root + "/" + tail.joined(separator: "/")
            let expected = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            let key = LayoutFileSystem.canonicalPath(path)
            if key != expected { mismatches.append("\(path): \(key), URL: \(expected)") }
        }
        #expect(mismatches.isEmpty, "seed \(Self.seed):\n\(mismatches.prefix(10).joined(separator: "\n"))")
    }

    /// A relative path is taken against the working directory, as URL does.
    @Test func aRelativePathIsTakenFromTheWorkingDirectory() {
        for path in ["Layouts/Bench.layout", "./Layouts/../Layouts/News.layout", "missing/x.layout", "."] {
            #expect(
                LayoutFileSystem.canonicalPath(path)
                    == URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path, "\(path)")
        }
    }
}
