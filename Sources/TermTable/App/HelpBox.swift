import TermTableCore

/// A bordered box listing keys and their actions, sized to its content.
public final class HelpBox: Box {
    /// The (key, action) lines.
    public private(set) var entries: [(key: String, action: String)] = []

    /// Creates a help box.
    public init(title: String, entries: [(key: String, action: String)]) {
        self.entries = entries
        super.init(title: title)
        backgroundStyle = .plain
    }

    public required init(copying other: View) {
        entries = (other as! HelpBox).entries
        super.init(copying: other)
    }

    static let hint = " any key closes "

    var keyWidth: Int { entries.map { TerminalText.width(of: $0.key) }.max() ?? 0 }

    /// The size that shows every entry: keys column, two spaces, actions, border and a margin.
    public override var preferredSize: Size {
        let actionWidth = entries.map { TerminalText.width(of: $0.action) }.max() ?? 0
        let titleWidth = TerminalText.width(of: title ?? "") + 6
        let hintWidth = TerminalText.width(of: HelpBox.hint) + 4
        return Size(width: max(titleWidth, hintWidth, keyWidth + actionWidth + 6), height: entries.count + 4)
    }

    public override func draw(in context: DrawContext) {
        super.draw(in: context)
        let keyWidth = self.keyWidth
        for (index, entry) in entries.enumerated() where index + 2 < frame.height - 1 {
            let y = index + 2
            context.put(TerminalText.fit(entry.key, width: keyWidth), at: Point(x: 2, y: y), style: .bold)
            context.put(
                TerminalText.truncate(entry.action, toWidth: max(0, frame.width - keyWidth - 6)),
                at: Point(x: 4 + keyWidth, y: y))
        }
        if frame.height >= 3 {
            context.put(
                TerminalText.truncate(HelpBox.hint, toWidth: max(0, frame.width - 4)),
                at: Point(x: 2, y: frame.height - 1), style: .dim)
        }
    }
}
