import TermTableCore

/// A one-line bar of key hints (`"↑/k up · ↓/j down · / filter · ? help · q quit"`), made from key bindings.
///
/// With no ``bindings`` of its own, the bar shows the bindings in force of the app that
/// shows it (``Application/bindingsInForce``) that have a ``KeyBinding/hint``,
/// worked out each time it is drawn, so it follows the focus and any key rebound.
/// While a key sequence is pending (``Application/pendingKeys``), the bar shows its keys and the keys that go
/// on with it instead (`g… g first row · t next tab`). Hints are dropped whole from the end when the bar is too narrow; a first hint that does
/// not fit alone is cut with an ellipsis (never inside a character).
///
/// ```swift
/// let hints = KeyHintBar(frame: Rect(x: 0, y: 23, width: 80, height: 1))
/// root.addSubview(hints)
/// ```
public final class KeyHintBar: View {
    /// The bindings shown; nil (the default): the app's bindings in force that ask for the hint bar.
    public var bindings: [KeyBinding]? {
        didSet { if bindings != oldValue { setNeedsDisplay() } }
    }
    /// The style of the hints.
    public var textStyle = Style(role: .status) {
        didSet { if textStyle != oldValue { setNeedsDisplay() } }
    }

    /// What stands between two hints.
    nonisolated public static let separator = " · "

    /// Creates a bar showing `bindings` (nil: the app's bindings in force).
    public init(bindings: [KeyBinding]? = nil, frame: Rect = .zero) {
        self.bindings = bindings
        super.init(frame: frame)
    }

    /// The bindings the bar shows now.
    public var shownBindings: [KeyBinding] {
        if let bindings { return bindings.filter(\.isEnabled) }
        guard let app = host as? Application else { return [] }
        return app.bindingsInForce.filter(\.showsInHintBar)
    }

    /// The bar's line in `width` columns: the hints of ``shownBindings``, or, with no ``bindings`` of its own while a
    /// key sequence of its app is pending, the keys typed (`g…`) then the keys that go on
    /// (``Application/pendingContinuations``).
    public func line(width: Int) -> String {
        let glyphs = host?.glyphs ?? .unicode
        guard bindings == nil, let app = host as? Application, !app.pendingKeys.isEmpty else {
            return KeyHintBar.text(for: shownBindings, width: width, glyphs: glyphs)
        }
        let typed = TerminalText.sanitize(
            Key.spellingArrows(in: KeySequence(app.pendingKeys).helpName, for: glyphs) + "… ")
        let typedWidth = TerminalText.width(of: typed)
        guard typedWidth < width else { return TerminalText.truncate(typed, toWidth: width) }
        return typed + KeyHintBar.text(for: app.pendingContinuations, width: width - typedWidth, glyphs: glyphs)
    }

    /// The line for `bindings` in `width` columns: label and ``KeyBinding/hint`` (else its help) of each, whole
    /// hints while they fit, else the first one cut; `separator` between two. On a screen without Unicode arrows
    /// (`glyphs`) the labels' arrows are spelled out (`Key.spellingArrows(in:for:)`).
    nonisolated public static func text(
        for bindings: [KeyBinding], width: Int, separator: String = separator, glyphs: ScreenGlyphs = .unicode
    ) -> String {
        guard width > 0 else { return "" }
        let hints = bindings.filter(\.isEnabled).map {
            TerminalText.sanitize(Key.spellingArrows(in: $0.label, for: glyphs) + " " + ($0.hint ?? $0.help))
        }
        var line = ""
        var used = 0
        for hint in hints {
            let gap = line.isEmpty ? 0 : TerminalText.width(of: separator)
            let hintWidth = TerminalText.width(of: hint)
            guard used + gap + hintWidth <= width else {
                if line.isEmpty { return TerminalText.truncate(hint, toWidth: width) }
                break
            }
            if !line.isEmpty { line += separator }
            line += hint
            used += gap + hintWidth
        }
        return line
    }

    /// Every hint on one line.
    public override var preferredSize: Size {
        Size(
            width: TerminalText.width(
                of: KeyHintBar.text(for: shownBindings, width: Int.max / 2, glyphs: host?.glyphs ?? .unicode)),
            height: 1)
    }

    /// The bar paints every cell of its frame.
    public override var isOpaque: Bool { true }

    public override func draw(in context: DrawContext) {
        super.draw(in: context)
        guard frame.width > 0, frame.height > 0 else { return }
        let padding = Style(background: context.theme.resolve(textStyle).background)
        context.fill(Rect(origin: .zero, size: frame.size), style: padding)
        context.put(line(width: frame.width), at: .zero, style: textStyle)
    }
}
