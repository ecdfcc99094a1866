/// Scrolling a one-line text sideways, for text cut at the right edge (`less -S`).
extension Label: HorizontallyScrollable {
    /// The most columns the text can be scrolled: its end then touches the right edge (0 when it fits).
    public var maximumHorizontalOffset: Int {
        max(0, TerminalText.width(of: text) - frame.width)
    }

    /// Runs the command `key` is bound to in `bindings` (a label takes no focus: an app or a superview passes its
    /// keys on); false when `key` is not bound.
    public func handleHorizontalScrollKey(
        _ key: Key, bindings: [Key: HorizontalScrollCommand] = HorizontalScrollCommand.defaultKeyBindings
    ) -> Bool {
        guard let command = bindings[key] else { return false }
        perform(command)
        return true
    }

    /// Draws the text from column ``horizontalOffset`` (at most ``maximumHorizontalOffset``), cut at the right edge;
    /// a wide character cut by an edge shows as spaces.
    func drawScrolledLine(width: Int, in context: DrawContext) {
        let offset = min(horizontalOffset, maximumHorizontalOffset)
        let (first, clusters) = TerminalText.visibleClusters(of: text, from: -offset, in: 0..<width)
        var line = ""
        var used = first
        for cluster in clusters {
            line.append(cluster.character)
            used += cluster.width
        }
        if first > 0 { context.fill(Rect(x: 0, y: 0, width: first, height: 1), style: padding(context.theme)) }
        context.put(line, at: Point(x: first, y: 0), style: textStyle)
        if used < width {
            context.fill(Rect(x: used, y: 0, width: width - used, height: 1), style: padding(context.theme))
        }
    }
}
