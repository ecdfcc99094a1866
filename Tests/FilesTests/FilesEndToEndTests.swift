import Foundation
import TermTableTesting
import Testing

/// The real `files` binary in tmux (on its own socket): a temporary tree opened, a directory expanded, its child
/// shown, the preview of a file at 120 columns, quit with the terminal restored.
@Suite("files in tmux", .serialized)
struct FilesEndToEndTests {
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func expandsADirectoryShowsItsChildAndRestoresTheTerminal() throws {
        let files = try BuiltProducts.executable(named: "files")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("files-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tree = directory.appendingPathComponent("tree")
        try FileManager.default.createDirectory(
            at: tree.appendingPathComponent("alpha"), withIntermediateDirectories: true)
        try Data("inside\n".utf8).write(to: tree.appendingPathComponent("alpha/child-file.txt"))
        try Data("PREVIEWED-TEXT\n".utf8).write(to: tree.appendingPathComponent("zeta.txt"))
        let session = try TmuxSession(running: files, arguments: ["tree"], width: 120, height: 20, directory: directory)
        defer { session.close() }
        try session.waitFor(text: "alpha/")
        #expect(!session.capture().contains("child-file"), "nothing under alpha before it expands")
        try session.send("Enter")
        try session.waitFor(text: "child-file.txt")
        try session.send("Down")
        try session.send("Down")
        try session.waitFor(text: "PREVIEWED-TEXT")
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
        #expect(try session.terminalWasRestored(), "terminal modes differ after files ended")
    }

    /// Started in a locale naming a codeset other than UTF-8, `files` draws only ASCII: tree(1)-style guides, `+`
    /// on a collapsed directory and `-` on an expanded one, and ASCII borders and marks (issue 35 item 3).
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func inANonUTF8LocaleItDrawsOnlyASCII() throws {
        let files = try BuiltProducts.executable(named: "files")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "files-ascii-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tree = directory.appendingPathComponent("tree")
        try FileManager.default.createDirectory(
            at: tree.appendingPathComponent("alpha"), withIntermediateDirectories: true)
        try Data("inside\n".utf8).write(to: tree.appendingPathComponent("alpha/child-file.txt"))
        try Data("inside\n".utf8).write(to: tree.appendingPathComponent("alpha/last-file.txt"))
        try Data("text\n".utf8).write(to: tree.appendingPathComponent("zeta.txt"))
        let session = try TmuxSession(
            running: files, arguments: ["tree"], environment: ["LANG": "en_US.ISO-8859-1"],
            unsetting: ["LC_ALL", "LC_CTYPE", "TERMTABLE_ASCII"], height: 16, directory: directory)
        defer { session.close() }
        let collapsed = try session.waitFor(text: "alpha/")
        #expect(collapsed.contains("+ alpha/"), "\(collapsed)")
        try session.send("Enter")
        let expanded = try session.waitFor(text: "last-file.txt")
        #expect(expanded.contains("- alpha/") && expanded.contains("|-  child-file.txt"), "\(expanded)")
        #expect(expanded.contains("`-  last-file.txt"), "\(expanded)")
        #expect(expanded.unicodeScalars.allSatisfy { $0.isASCII }, "\(expanded)")
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
        try session.waitFor(text: "E2E-DONE")
    }

    /// The command words that run a program without root's right to read every directory: nothing for another user,
    /// `setpriv` to `nobody` for root (CI runs as root); nil when root has no `setpriv`.
    static var unprivileged: [String]? {
        guard geteuid() == 0 else { return [] }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : nil
    }

    /// A directory `files` may not read shows a permission-denied error row when expanded, and nothing inside it;
    /// run as `nobody` through `setpriv` when the tests run as root, as CI does (root reads every directory).
    @Test(
        .enabled(if: hasTmux, "tmux is not installed"),
        .enabled(if: unprivileged != nil, "running as root without setpriv: root reads every directory"))
    func anUnreadableDirectoryShowsAPermissionDeniedRow() throws {
        let files = try BuiltProducts.executable(named: "files")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "files-denied-\(UUID().uuidString)")
        let locked = directory.appendingPathComponent("tree/locked")
        defer {
            chmod(locked.path, 0o755)
            try? FileManager.default.removeItem(at: directory)
        }
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("home"), withIntermediateDirectories: true)
        try Data("secret\n".utf8).write(to: locked.appendingPathComponent("secret-file"))
        try Data("text\n".utf8).write(to: directory.appendingPathComponent("tree/zeta.txt"))
        for path in [directory.path, directory.path + "/tree"] { chmod(path, 0o755) }
        chmod(directory.path + "/home", 0o777)
        chmod(locked.path, 0)
        let unprivileged = try #require(Self.unprivileged)
        let session = try TmuxSession(
            running: unprivileged.first ?? files,
            arguments: unprivileged.dropFirst() + (unprivileged.isEmpty ? [] : [files]) + ["tree"],
            environment: ["HOME": directory.path + "/home"], height: 16, directory: directory)
        defer { session.close() }
        try session.waitFor(text: "locked/")
        try session.send("Enter")
        let denied = try session.waitFor(text: "Permission denied")
        #expect(!denied.contains("secret-file"), "\(denied)")
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
        try session.waitFor(text: "E2E-DONE")
    }
}
