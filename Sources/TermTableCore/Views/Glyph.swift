/// One symbol (a letter, a box-drawing character, an emoji), centred in its frame.
open class Glyph: View, CopyableView {
    /// The symbol shown.
    public var symbol: Character {
        didSet { if symbol != oldValue { setNeedsDisplay() } }
    }
    /// The style of the symbol.
    public var symbolStyle: Style = .plain {
        didSet { if symbolStyle != oldValue { setNeedsDisplay() } }
    }

    /// Creates a glyph view.
    public init(symbol: Character, frame: Rect = .zero) {
        self.symbol = symbol
        super.init(frame: frame)
    }

    public required override init(copying other: View) {
        let other = other as! Glyph
        symbol = other.symbol
        symbolStyle = other.symbolStyle
        super.init(copying: other)
    }

    open override func draw(in context: DrawContext) {
        super.draw(in: context)
        let width = TerminalText.width(of: symbol)
        guard width > 0, frame.width >= width else { return }
        context.put(String(symbol), at: Point(x: (frame.width - width) / 2, y: frame.height / 2), style: symbolStyle)
    }
}
