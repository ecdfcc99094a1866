import TermTableCore

/// What ``Application/copy(_:)-(ClipboardText)`` did, with the sentence for a status line.
public enum CopyResult: Equatable, Sendable {
    /// The text (`byteCount` bytes of UTF-8) was sent to the terminal's clipboard.
    case copied(byteCount: Int)
    /// The text was over `limit` bytes of UTF-8 (`byteCount` is at least `limit + 1`) and nothing was sent.
    case tooLarge(byteCount: Int, limit: Int)
    /// The terminal cannot take a copy (not a terminal, `TERM=dumb`): why.
    case unavailable(reason: String)

    /// True when the text was sent.
    public var succeeded: Bool {
        if case .copied = self { return true }
        return false
    }

    /// The status line's sentence, naming what was copied: `message(describing: "3 rows")` is
    /// "Copied 3 rows (1.2 KB)".
    public func message(describing what: String) -> String {
        switch self {
        case .copied(let byteCount):
            return "Copied \(what) (\(CopyResult.size(byteCount)))"
        case .tooLarge(_, let limit):
            return "Not copied: \(what) come to more than \(CopyResult.size(limit)), the most a copy sends"
        case .unavailable(let reason):
            return "Cannot copy: \(reason)"
        }
    }

    /// The status line's sentence for a copy of "the text".
    public var message: String { message(describing: "the text") }

    /// `bytes` for people: "512 B", "1.2 KB", "3.4 MB" (powers of 1000).
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}

extension Application {
    /// Copies `text` to the user's clipboard through the terminal (OSC 52, see ``TerminalClipboard``): over SSH,
    /// in tmux and in GNU screen. Its control characters but tab, newline and carriage return are dropped; a
    /// text over ``ClipboardText/maximumByteCount`` is refused (``CopyResult/tooLarge(byteCount:limit:)``).
    ///
    /// ```swift
    /// let result = app.copy("42\tinit")
    /// status.text = result.message(describing: "1 row")  // "Copied 1 row (7 B)"
    /// ```
    @discardableResult
    public func copy(_ text: String) -> CopyResult {
        copy(ClipboardText(text))
    }

    /// Copies `text`, built within its limit (``ClipboardText/tsv(_:limit:)`` for rows): a text that went over
    /// is refused at once, without its sequence being built.
    @discardableResult
    public func copy(_ text: ClipboardText) -> CopyResult {
        if let reason = clipboard.unavailableReason { return .unavailable(reason: reason) }
        guard let bytes = clipboard.sequence(for: text) else {
            return .tooLarge(
                byteCount: max(text.byteCount, text.limit + 1), limit: min(text.limit, ClipboardText.maximumByteCount))
        }
        guard screen.writeControlSequence(ControlSequence(bytes: bytes)) else {
            return .unavailable(reason: "the output is not a terminal")
        }
        return .copied(byteCount: text.byteCount)
    }
}
