import CSQLite
import Foundation
import TermTableTesting
import Testing

/// `tv FILE.sqlite` as a program: in tmux (the table list, a table opened, `G`, a sort, a filter, Esc back, the terminal
/// restored), and the bad input told before any screen with its exit status.
@Suite("tv on SQLite files", .serialized)
struct TVSQLiteEndToEndTests {
    @Test(.enabled(if: hasTmux, "tmux is not installed"))
    func opensATableFromTheListGoesToTheEndSortsAndFilters() throws {
        let tv = try BuiltProducts.executable(named: "tv")
        let directory = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Named .csv: a SQLite file is told by its header, not its name.
        SQLiteTestDatabases.people(directory.appendingPathComponent("people.csv").path, rows: 20_000)
        let session = try TmuxSession(running: tv, arguments: ["people.csv"], width: 120, directory: directory)
        defer { session.close() }
        try session.waitFor("the list, counted") { $0.contains("small") && $0.contains("20000") }
        try session.send("j", "Enter")
        try session.waitFor("the table's first rows") { $0.contains("name 1 ") && $0.contains("<blob 10 bytes>") }
        #expect(!session.capture().contains("\u{1B}[31m"), "the escape sequence in a name never reaches the terminal")
        try session.send("G")
        try session.waitFor(text: "20000 name 20000␛[31m")
        try session.send("l", "l", "l", "l", "]")
        try session.waitFor("sorted by k, descending") { $0.contains("▼ k") && $0.contains(" 999") }
        try session.send("h", "h", "h", "/")
        try session.type("name 19999")
        try session.send("Enter")
        try session.waitFor("the filter's one row") { $0.contains("1 row ×") && $0.contains("name 19999") }
        try session.send("Escape")
        try session.waitFor("the list again") { $0.contains("tables and views") && $0.contains("small") }
        try session.send("q")
        #expect(try session.waitForExitStatus() == 0)
        #expect(try session.terminalWasRestored(), "terminal modes differ after tv ended")
    }

    @Test func badInputIsToldWithItsExitStatus() throws {
        let directory = TVRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.sqlite").path
        SQLiteTestDatabases.people(good, rows: 10)

        let unknown = try TVRun.run([good, "peple"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("no table or view “peple”; the file has: small, t"), "\(unknown.errors)")

        let writes = try TVRun.run(["--query", "DELETE FROM t", good])
        #expect(writes.status == 2 && writes.errors.contains("would change the database"), "\(writes.errors)")

        // The SQLite header, then no database.
        let bad = try TVRun.file(
            "bad.sqlite", Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0x5A, count: 4096), in: directory)
        let notADatabase = try TVRun.run([bad, "t"])
        #expect(notADatabase.status == 1 && notADatabase.errors.contains("not a database"), "\(notADatabase.errors)")

        // Another program holds the write lock past the busy timeout (2 s).
        var writer: OpaquePointer?
        sqlite3_open_v2(good, &writer, SQLITE_OPEN_READWRITE, nil)
        defer { sqlite3_close(writer) }
        sqlite3_exec(writer, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE t SET k = 1", nil, nil, nil)
        let locked = try TVRun.run([good, "t"])
        #expect(locked.status == 1 && locked.errors.contains("locked"), "\(locked.errors)")
    }
}
