/// Where a view draws: the screen, the view's origin on it, the clip rectangle, and a base style.
///
/// Coordinates given to a context are the view's own; the context moves them
/// to the screen and clips to the view's visible part, so a view can never draw
/// outside its frame. The base style is merged under every style drawn (a marked
/// row's style); the overlay style over it, which is how a selected cell's
/// selection style reaches every label in it and wins over the labels' colours.
///
/// A style that names a theme role (``Style/role``) is resolved through the context's ``theme`` before it is
/// merged, so views draw in the app's theme without holding it.
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
    /// The theme the roles of the styles drawn are looked up in.
    public var theme: Theme

    /// Creates a context.
    public init(screen: Screen, origin: Point, clip: Rect, baseStyle: Style = .plain, theme: Theme = .dark) {
        self.screenPointer = screen
        self.origin = origin
        self.clip = clip
        self.theme = theme
        self.baseStyle = theme.resolve(baseStyle)
    }

    /// The context of a subview at `frame` (in this view's coordinates).
    public func child(frame: Rect) -> DrawContext {
        let screenFrame = frame.offsetBy(dx: origin.x, dy: origin.y)
        var context = DrawContext(
            screen: screen, origin: screenFrame.origin, clip: clip.intersection(screenFrame),
            baseStyle: baseStyle, theme: theme)
        context.overlayStyle = overlayStyle
        return context
    }

    /// This context with `style` merged into the base style.
    public func with(baseStyle style: Style) -> DrawContext {
        var copy = self
        copy.baseStyle = theme.resolve(baseStyle).merging(theme.resolve(style))
        return copy
    }

    /// This context with `style` merged into the overlay style.
    public func with(overlayStyle style: Style) -> DrawContext {
        var copy = self
        let style = theme.resolve(style)
        copy.overlayStyle = overlayStyle.map { theme.resolve($0).merging(style) } ?? style
        return copy
    }

    /// Writes `text` at `point` (view coordinates), clipped to the view.
    public func put(_ text: String, at point: Point, style: Style = .plain) {
        let y = origin.y + point.y
        guard y >= clip.minY, y < clip.maxY else { return }
        var drawn = theme.resolve(baseStyle).merging(theme.resolve(style))
        if let overlayStyle { drawn = drawn.merging(theme.resolve(overlayStyle)) }
        screen.put(text, at: Point(x: origin.x + point.x, y: y), clippedTo: clip.minX..<clip.maxX, style: drawn)
    }

    /// Fills `rect` (view coordinates), clipped to the view, with `character`.
    public func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.offsetBy(dx: origin.x, dy: origin.y).intersection(clip)
        guard !area.isEmpty else { return }
        var drawn = theme.resolve(baseStyle).merging(theme.resolve(style))
        if let overlayStyle { drawn = drawn.merging(theme.resolve(overlayStyle)) }
        screen.fill(area, with: character, style: drawn)
    }

    /// Shows the text cursor at `point` (view coordinates) if it is inside the view.
    public func showCursor(at point: Point) {
        let p = Point(x: origin.x + point.x, y: origin.y + point.y)
        if clip.contains(p) { screen.setCursor(p) }
    }
}
