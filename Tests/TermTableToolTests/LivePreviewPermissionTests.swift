import Foundation
import Glibc
import TermTableTesting
import Testing

/// `termtable preview --watch` run by a user without root's rights (issue 21): read access taken from the file
/// and given back. Without read access the file's own watch cannot be added again, so only the directory's
/// IN_ATTRIB tells the preview the file is readable again; before, "Permission denied" stayed until `r`.
@Suite("termtable preview --watch: permissions", .serialized)
struct LivePreviewPermissionTests {
    static var canDropRights: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            && hasTmux
    }

    @Test(.enabled(if: canDropRights, "needs root, setpriv and tmux (to run the preview as nobody)"))
    func readAccessGivenBackIsSeen() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perm-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(chmod(directory.path, 0o755) == 0)
        let file = directory.appendingPathComponent("demo.layout")
        try LivePreviewTests.demo.write(to: file, atomically: false, encoding: .utf8)
        #expect(chmod(file.path, 0o644) == 0)
        let tool = try BuiltProducts.executable(named: "termtable")
        let script = """
            cd '\(directory.path)'
            setpriv --reuid=65534 --regid=65534 --clear-groups \
              env LANG=C.UTF-8 TERM=xterm-256color HOME=/tmp '\(tool)' preview --watch demo.layout
            echo $? > status
            echo E2E-DONE
            exec sleep 600
            """
        try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(command: "sh '\(directory.path)/run.sh'", directory: directory)
        defer { session.close() }
        try session.waitFor(text: "Alpha")

        #expect(chmod(file.path, 0) == 0)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        try session.waitFor(text: "Permission denied")
        #expect(chmod(file.path, 0o644) == 0)
        let back = try session.waitFor("the cells back") { !$0.contains("Permission denied") && $0.contains("Alpha") }
        #expect(back.contains("watching"))
        try session.send("q")
        #expect(try session.waitForFile("status") == "0\n")
    }
}
