import Foundation

extension TmuxSession {
    /// Starts `executable` in a shell that records what an end-to-end test checks after it: the terminal's modes
    /// before and after it (files `before` and `after`, `stty -g`), its exit status (`status`) and its pid (`pid`),
    /// all in `directory`; then the pane stays open, so the last screen can be read.
    ///
    /// The program runs in `directory` with `LANG=C.UTF-8`, `TERM=xterm-256color` and `environment` over the
    /// test's own environment, less the variables named in `unsetting`; `setUp` is shell text run first (a
    /// `ulimit`). Arguments are quoted for the shell, so any text can be one.
    ///
    /// ```swift
    /// let session = try TmuxSession(running: try BuiltProducts.executable(named: "myapp"), arguments: ["inbox.mbox"],
    ///                               environment: ["XDG_CONFIG_HOME": config.path], directory: temp)
    /// defer { session.close() }
    /// try session.waitFor(text: "Inbox")
    /// try session.send("q")
    /// #expect(try session.waitForExitStatus() == 0)
    /// #expect(try session.terminalWasRestored())
    /// ```
    public convenience init(
        running executable: String, arguments: [String] = [], environment: [String: String] = [:],
        unsetting: [String] = [], setUp: String = "", width: Int = 100, height: Int = 30, directory: URL
    ) throws {
        let assignments = (["LANG": "C.UTF-8", "TERM": "xterm-256color"].merging(environment) { $1 })
            .sorted { $0.key < $1.key }
            .map { "\($0.key)=\(Self.shellQuoted($0.value))" }
        let unsets = unsetting.map { "-u \(Self.shellQuoted($0))" }
        let command = ([executable] + arguments).map(Self.shellQuoted).joined(separator: " ")
        let script = """
            trap ':' INT TERM HUP
            cd \(Self.shellQuoted(directory.path))
            stty -g > before
            \(setUp)
            env \((unsets + assignments).joined(separator: " ")) sh -c 'echo $$ > pid; exec "$0" "$@"' \(command)
            echo $? > status
            stty -g > after
            echo E2E-DONE
            exec sleep 600
            """
        let url = directory.appendingPathComponent("run.sh")
        try script.write(to: url, atomically: true, encoding: .utf8)
        try self.init(width: width, height: height, command: "sh \(Self.shellQuoted(url.path))", directory: directory)
    }

    /// Waits for the program started by ``init(running:arguments:environment:unsetting:setUp:width:height:directory:)``
    /// to end and returns its exit status (128 + the signal's number when a signal ended it).
    public func waitForExitStatus(timeout: Duration = TmuxSession.defaultTimeout) throws -> Int32 {
        let text = try waitForFile("status", timeout: timeout).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let status = Int32(text) else { throw Failure(description: "status file holds “\(text)”") }
        return status
    }

    /// True when the program started by ``init(running:arguments:environment:unsetting:setUp:width:height:directory:)``
    /// has ended leaving the terminal's modes as they were before it and the alternate screen off.
    public func terminalWasRestored(timeout: Duration = TmuxSession.defaultTimeout) throws -> Bool {
        let after = try waitForFile("after", timeout: timeout)
        let before = try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8)
        let alternateScreen = try format("#{alternate_on}")
        return after == before && alternateScreen == "0"
    }

    /// The pid of the program started by ``init(running:arguments:environment:unsetting:setUp:width:height:directory:)``.
    public func programPID(timeout: Duration = TmuxSession.defaultTimeout) throws -> pid_t {
        let text = try waitForFile("pid", timeout: timeout).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw Failure(description: "pid file holds “\(text)”") }
        return pid
    }

    /// A new empty folder under the temporary directory for one test's files, named `prefix-<uuid>`.
    public static func newDirectory(prefix: String = "termtable-e2e") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `text` as one word for `sh`: in single quotes, each `'` written `'\''`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
