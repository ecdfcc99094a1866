/// Where a view draws: the screen, the view's origin on it, the clip rectangle, and a base style.
///
/// Coordinates given to a context are the view's own; the context moves them
/// to the screen and clips to the view's visible part, so a view can never draw
/// outside its frame. The base style is merged under every style drawn (a marked
/// row's style); the overlay style over it, which is how a selected cell's
/// selection style reaches every label in it and wins over the labels' colours.
@MainActor
public struct DrawContext {
    /// The screen drawn on (valid while the frame is drawn; a context is never kept).
    public var screen: Screen { screenPointer }
    private unowned(unsafe) let screenPointer: Screen
    /// What the screen can draw (a view that draws its own marks picks ASCII ones under ``ScreenGlyphs/ascii``).
    public var glyphs: ScreenGlyphs { screenPointer.glyphs }
    /// The view's top-left cell on the screen.
    public var origin: Point
    /// The screen cells the view may draw on.
    public var clip: Rect
    /// The style merged under everything drawn.
    public var baseStyle: Style
    /// The style merged over everything drawn, nil for none: its attributes added, its colours (when not
    /// default) winning.
    public var overlayStyle: Style?

    /// Creates a context.
    public init(screen: Screen, origin: Point, clip: Rect, baseStyle: Style = .plain) {
        self.screenPointer = screen
        self.origin = origin
        self.clip = clip
        self.baseStyle = baseStyle
    }

    /// The context of a subview at `frame` (in this view's coordinates).
    public func child(frame: Rect) -> DrawContext {
        let screenFrame = frame.offsetBy(dx: origin.x, dy: origin.y)
        var context = DrawContext(
            screen: screen, origin: screenFrame.origin, clip: clip.intersection(screenFrame),
            baseStyle: baseStyle)
        context.overlayStyle = overlayStyle
        return context
    }

    /// This context with `style` merged into the base style.
    public func with(baseStyle style: Style) -> DrawContext {
        var copy = self
        copy.baseStyle = baseStyle.merging(style)
        return copy
    }

    /// This context with `style` merged into the overlay style.
    public func with(overlayStyle style: Style) -> DrawContext {
        var copy = self
        copy.overlayStyle = overlayStyle?.merging(style) ?? style
        return copy
    }

    /// Writes `text` at `point` (view coordinates), clipped to the view.
    public func put(_ text: String, at point: Point, style: Style = .plain) {
        let y = origin.y + point.y
        guard y >= clip.minY, y < clip.maxY else { return }
        var drawn = baseStyle.merging(style)
        if let overlayStyle { drawn = drawn.merging(overlayStyle) }
        screen.put(text, at: Point(x: origin.x + point.x, y: y), clippedTo: clip.minX..<clip.maxX, style: drawn)
    }

    /// Fills `rect` (view coordinates), clipped to the view, with `character`.
    public func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.offsetBy(dx: origin.x, dy: origin.y).intersection(clip)
        guard !area.isEmpty else { return }
        var drawn = baseStyle.merging(style)
        if let overlayStyle { drawn = drawn.merging(overlayStyle) }
        screen.fill(area, with: character, style: drawn)
    }

    /// Shows the text cursor at `point` (view coordinates) if it is inside the view.
    public func showCursor(at point: Point) {
        let p = Point(x: origin.x + point.x, y: origin.y + point.y)
        if clip.contains(p) { screen.setCursor(p) }
    }
}
