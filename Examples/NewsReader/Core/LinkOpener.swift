import Foundation

/// Opens an article's link with the browser named by `$BROWSER`, detached from the terminal.
public enum LinkOpener {
    /// The browser command `$BROWSER` names: its first `:`-separated entry, nil when unset or empty.
    public static func browser(in environment: [String: String]) -> String? {
        guard let value = environment["BROWSER"] else { return nil }
        let first = value.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return first.isEmpty ? nil : first
    }

    /// The shell command that runs `browser` on the URL given as `$1` (`%s` in `browser` stands for it).
    public static func shellCommand(browser: String) -> String {
        browser.contains("%s") ? browser.replacingOccurrences(of: "%s", with: "\"$1\"") : browser + " \"$1\""
    }

    /// Starts `$BROWSER URL` with its input and output on /dev/null and returns the status message;
    /// without `$BROWSER`, the message is the URL itself. `finished` hears a failing browser later.
    @MainActor
    public static func open(_ url: URL, environment: [String: String],
                            finished: @escaping @MainActor @Sendable (String) -> Void) -> String {
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
        let name = (browser.split(separator: " ").first.map(String.init) ?? browser)
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
