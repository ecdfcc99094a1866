import Foundation

/// Opens an article's link with the browser named by `$BROWSER`, detached from the terminal.
///
/// Links come from feeds, so they are untrusted: only absolute http and https addresses with a
/// host are opened (``refusal(for:)`` says why another is not), and the address reaches the
/// browser as one argument of its own, never inside the command text, and it always starts
/// with `http`, so a browser cannot read it as an option.
public enum LinkOpener {
    /// Why `url` will not be opened, or nil when it may be.
    public static func refusal(for url: URL) -> String? {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            let shown = scheme.isEmpty ? "“\(shortText(url.absoluteString))”" : "a \(shortText(scheme)): link"
            return "not opening \(shown): only http and https links open in the browser"
        }
        guard let host = url.host, !host.isEmpty else {
            return "not opening “\(shortText(url.absoluteString))”: the link has no host"
        }
        return nil
    }

    /// At most 40 characters of `text`, printable ASCII only (it comes from a feed).
    static func shortText(_ text: String) -> String {
        let printable = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
        return printable.count > 40 ? printable.prefix(39) + "…" : printable
    }

    /// The browser commands `$BROWSER` names, in order (`:`-separated), without empty entries.
    public static func browsers(in environment: [String: String]) -> [String] {
        guard let value = environment["BROWSER"] else { return [] }
        return value.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The browser to run: the first entry of `$BROWSER` whose program is found (on `PATH`, or
    /// the path given), else the first entry; nil when `$BROWSER` is unset or empty.
    public static func browser(in environment: [String: String]) -> String? {
        let entries = browsers(in: environment)
        let path = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        return entries.first { entry in
            let program = programName(of: entry)
            if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
            return path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
        } ?? entries.first
    }

    /// The program an entry runs: its first word.
    static func programName(of browser: String) -> String {
        browser.split(separator: " ").first.map(String.init) ?? browser
    }

    /// The shell command that runs `browser` on the URL given as `$1`.
    ///
    /// `%s` in `browser` stands for the URL (also when the entry quotes it: `'%s'` or `"%s"`) and
    /// `%%` for a `%`; without `%s` the URL is added as the last argument.
    public static func shellCommand(browser: String) -> String {
        var command = ""
        var sawURL = false
        var rest = Substring(browser)
        while let index = rest.firstIndex(of: "%") {
            var before = rest[..<index]
            let after = rest[rest.index(after: index)...]
            if after.hasPrefix("s") {
                // Drop quotes around %s: the replacement is quoted already.
                var tail = after.dropFirst()
                if let quote = before.last, quote == "'" || quote == "\"", tail.first == quote {
                    before = before.dropLast()
                    tail = tail.dropFirst()
                }
                command += before + "\"$1\""
                sawURL = true
                rest = tail
            } else if after.hasPrefix("%") {
                command += before + "%"
                rest = after.dropFirst()
            } else {
                command += before + "%"
                rest = after
            }
        }
        command += rest
        return sawURL ? command : command + " \"$1\""
    }

    /// Starts `$BROWSER URL` with its input and output on /dev/null and returns the status message;
    /// without `$BROWSER`, the message is the URL itself. `finished` hears a failing browser later.
    @MainActor
    public static func open(
        _ url: URL, environment: [String: String],
        finished: @escaping @MainActor @Sendable (String) -> Void
    ) -> String {
        if let refusal = refusal(for: url) { return refusal }
        guard let browser = browser(in: environment) else {
            return "BROWSER is not set; the link is \(url.absoluteString)"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The URL is an argument of the shell, never part of the command text.
        process.arguments = ["-c", shellCommand(browser: browser), "news-browser", url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let name = (programName(of: browser) as NSString).lastPathComponent
        process.terminationHandler = { process in
            let status = process.terminationStatus
            guard status != 0 else { return }
            Task { @MainActor in finished("\(name) exited with status \(status)") }
        }
        do {
            try process.run()
            return "opened in \(name): \(url.absoluteString)"
        } catch {
            return "cannot start \(name): \(error.localizedDescription)"
        }
    }
}
