import TermTableCore

/// A bordered box listing keys and their actions, sized to its content.
///
/// When the screen is too short for every line, the box scrolls: ↓/`j` and ↑/`k` by a line, PgDn/PgUp (and
/// Ctrl-F/Ctrl-B, Space) by a page, `g`/Home and `G`/End to the ends, and the wheel by three lines; the bottom
/// edge says how many lines are above and below (`↓ 14 more`). Esc, `q` and `?` close it, as does any other key.
public final class HelpBox: Box {
    /// The (key, action) lines.
    public private(set) var entries: [(key: String, action: String)] = []

    /// The first entry shown (0 unless the box is too short for every entry and was scrolled).
    public private(set) var firstShownEntry = 0 {
        didSet { if firstShownEntry != oldValue { setNeedsDisplay() } }
    }

    /// Creates a help box.
    public init(title: String, entries: [(key: String, action: String)]) {
        self.entries = entries
        super.init(title: title)
        backgroundStyle = .plain
    }

    public required init(copying other: View) {
        let other = other as! HelpBox
        entries = other.entries
        firstShownEntry = other.firstShownEntry
        super.init(copying: other)
    }

    static let hint = " any key closes "

    /// Where the first entry shown starts, in the box: inside the border, below the blank line under the title.
    static let firstEntryOrigin = Point(x: 2, y: 2)

    var keyWidth: Int { entries.map { TerminalText.width(of: $0.key) }.max() ?? 0 }

    /// The size that shows every entry: keys column, two spaces, actions, border and a margin.
    public override var preferredSize: Size {
        let actionWidth = entries.map { TerminalText.width(of: $0.action) }.max() ?? 0
        let titleWidth = TerminalText.width(of: title ?? "") + 6
        let hintWidth = TerminalText.width(of: HelpBox.hint) + 4
        return Size(width: max(titleWidth, hintWidth, keyWidth + actionWidth + 6), height: entries.count + 4)
    }

    /// The entries the frame shows at once: lines 2 to the one above the bottom edge.
    var shownEntries: Int { max(0, frame.height - 3) }

    /// The largest ``firstShownEntry``: the last entry on the last line shown.
    var lastFirstEntry: Int { max(0, entries.count - shownEntries) }

    /// Whether the frame is too short for every entry (the box scrolls).
    public var scrolls: Bool { entries.count > shownEntries }

    /// Scrolls by `lines` entries (negative: up), kept between the first entry and the last screenful.
    public func scroll(by lines: Int) {
        firstShownEntry = max(0, min(lastFirstEntry, min(firstShownEntry, lastFirstEntry) + lines))
    }

    /// Keys that scroll a box too short for its entries; every other key (Esc, `q`, `?` among them) is left to
    /// close it.
    public override func handleKey(_ key: Key) -> Bool {
        guard scrolls else { return false }
        let page = max(1, shownEntries - 1)
        switch key {
        case .down, Key("j"): scroll(by: 1)
        case .up, Key("k"): scroll(by: -1)
        case .pageDown, .space, Key.ctrl("f"): scroll(by: page)
        case .pageUp, Key.ctrl("b"): scroll(by: -page)
        case .home, Key("g"): scroll(by: -entries.count)
        case .end, Key("G"): scroll(by: entries.count)
        default: return false
        }
        return true
    }

    /// The wheel scrolls a box too short for its entries by three lines.
    public override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        guard scrolls, event.kind == .wheelUp || event.kind == .wheelDown else { return false }
        scroll(by: event.kind == .wheelUp ? -3 : 3)
        return true
    }

    /// What the bottom edge says: how to close the box, or, when it scrolls, the lines above and below
    /// (`↑ 2 · ↓ 12 more`, `↑ 14 · end`).
    var bottomText: String {
        guard scrolls else { return HelpBox.hint }
        let first = min(firstShownEntry, lastFirstEntry)
        let below = entries.count - first - shownEntries
        var parts: [String] = []
        if first > 0 { parts.append("↑ \(first)") }
        parts.append(below > 0 ? "↓ \(below) more" : "end")
        return " " + parts.joined(separator: " · ") + " "
    }

    public override func draw(in context: DrawContext) {
        super.draw(in: context)
        let keyWidth = self.keyWidth
        let first = min(firstShownEntry, lastFirstEntry)
        for index in first..<min(entries.count, first + shownEntries) {
            let entry = entries[index]
            let y = index - first + HelpBox.firstEntryOrigin.y
            context.put(
                TerminalText.fit(entry.key, width: keyWidth), at: Point(x: HelpBox.firstEntryOrigin.x, y: y),
                style: Style(role: .title))
            context.put(
                TerminalText.truncate(entry.action, toWidth: max(0, frame.width - keyWidth - 6)),
                at: Point(x: 4 + keyWidth, y: y))
        }
        if frame.height >= 3 {
            context.put(
                TerminalText.truncate(bottomText, toWidth: max(0, frame.width - 4)),
                at: Point(x: 2, y: frame.height - 1), style: Style(role: .dim))
        }
    }
}
