import TermTableCore
import TermTableLayout

/// Type-to-jump for a table: typed letters move the cursor to the next row whose text starts with them.
///
/// As in libmenu's pattern buffer and file managers: the letters typed within
/// ``pause`` of each other make one prefix (case ignored); a pause starts a new
/// one; the same letter typed again goes on to the next row starting with it.
/// Only keys no binding takes reach it: the table's ``TableView/keyBindings`` and
/// the app's own come first, so `j` or `q` keep their meaning.
///
/// ```swift
/// table.typeToJump = TypeToJump { indexPath in dataSource.itemIdentifier(for: indexPath).map { titles[$0] } }
/// ```
@MainActor
public final class TypeToJump {
    /// The text a row is found by (nil: the row is skipped).
    public let text: @MainActor (IndexPath) -> String?
    /// How long a pause between two letters starts a new prefix (default 1 second).
    public var pause: Duration
    /// The clock the pause is measured on (tests give their own).
    public var now: @MainActor () -> ContinuousClock.Instant
    /// The letters typed so far (lower-cased), "" after a pause.
    public private(set) var buffer = ""
    var lastKey: ContinuousClock.Instant?

    /// Type-to-jump over the rows' `text`.
    public init(
        pause: Duration = .seconds(1), now: @escaping @MainActor () -> ContinuousClock.Instant = { .now },
        text: @escaping @MainActor (IndexPath) -> String?
    ) {
        self.text = text
        self.pause = pause
        self.now = now
    }

    /// Adds `character` to the buffer (after a pause, starts a new one) and says where the search starts: true
    /// when it starts after the cursor's row (a new prefix, or the same letter again), false at the cursor's row.
    func type(_ character: Character) -> (prefix: String, afterCursor: Bool) {
        let time = now()
        if let lastKey, time - lastKey > pause { buffer = "" }
        lastKey = time
        buffer += String(character).lowercased()
        if let first = buffer.first, buffer.allSatisfy({ $0 == first }) {
            return (String(first), true)
        }
        return (buffer, false)
    }
}
