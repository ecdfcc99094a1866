import Glibc
import TermTableCore

extension KeyMap {
    /// Where `app`'s key map is: `$XDG_CONFIG_HOME/<app>/keys.conf`, else `$HOME/.config/<app>/keys.conf`; nil
    /// when neither variable is set.
    public static func defaultPath(forApp app: String, environment: [String: String]? = nil) -> String? {
        let variables = environment ?? currentEnvironment()
        if let config = variables["XDG_CONFIG_HOME"], config.hasPrefix("/") { return "\(config)/\(app)/keys.conf" }
        if let home = variables["HOME"], !home.isEmpty { return "\(home)/.config/\(app)/keys.conf" }
        return nil
    }

    /// The process's environment variables.
    static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// Reads the key map at `path`: a missing file is an empty map and no problem; a file that is not a regular
    /// file (a FIFO, a directory, a device), larger than ``maximumFileSize``, not UTF-8 text (a NUL byte) or
    /// unreadable is one problem and an empty map, never a wait or a crash; then its lines (``parse(_:file:)``).
    public static func load(contentsOf path: String) -> (map: KeyMap, problems: [Problem]) {
        func refused(_ message: String) -> (map: KeyMap, problems: [Problem]) {
            (KeyMap(file: path), [Problem(file: path, line: nil, message: message + ": the default keys are used")])
        }
        switch SmallTextFile.read(path, maximumSize: maximumFileSize, what: "a key map") {
        case .missing: return (KeyMap(file: path), [])
        case .refused(let message): return refused(message)
        case .text(let text): return parse(text, file: path)
        }
    }
}
