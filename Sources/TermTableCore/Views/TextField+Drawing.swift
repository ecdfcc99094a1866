/// Drawing a text field: the part of the text around the cursor, whatever the text's length.
extension TextField {
    /// Draws the text (or the placeholder) and places the cursor.
    func drawField(in context: DrawContext) {
        let width = frame.width
        guard width > 0 else { return }
        context.fill(Rect(x: 0, y: 0, width: width, height: 1), style: textStyle)
        if !isFocused && alignment != .left && TerminalText.width(of: text.isEmpty ? placeholder : text) < width {
            let shown = TerminalText.fit(text.isEmpty ? placeholder : text, width: width, alignment: alignment)
            context.put(shown, at: .zero, style: text.isEmpty ? textStyle.merging(.dim) : textStyle)
            return
        }
        if storage.isEmpty {
            context.put(TerminalText.truncate(placeholder, toWidth: width), at: .zero, style: textStyle.merging(.dim))
            if isFocused { context.showCursor(at: .zero) }
            return
        }
        // Scroll so the cursor stays visible: the first glyph shown is the earliest one from which the
        // glyphs up to the cursor take less than the width (so the cursor's own cell is on the field).
        var start = cursorIndex
        var cursorColumn = 0
        while start > storage.startIndex {
            let previous = storage.index(before: start)
            let glyphWidth = TerminalText.width(of: storage[previous])
            if cursorColumn + glyphWidth >= width { break }
            cursorColumn += glyphWidth
            start = previous
            steps += 1
        }
        // Only the glyphs that reach the field are drawn.
        var visible = ""
        var column = 0
        var index = start
        while index < storage.endIndex, column < width {
            if let glyph = TerminalText.glyph(for: storage[index]) {
                visible.append(glyph.character)
                column += glyph.width
            }
            index = storage.index(after: index)
            steps += 1
        }
        context.put(visible, at: Point(x: 0, y: 0), style: textStyle)
        if isFocused { context.showCursor(at: Point(x: cursorColumn, y: 0)) }
    }
}
