import TermTableCore
import TermTableLayout

extension TableViewCell {
    /// The lines the cell needs `width` columns wide: its ``height``, grown by what a field that stretches in
    /// height needs beyond the lines it gets there (a wrapping label's lines), never less than ``height``.
    ///
    /// The table asks it for rows whose delegate answers ``RowHeight/automatic``. The cell is laid out at
    /// `width` and its own height first, so each field has the width the row gives it; the fields' own
    /// `sizeThatFits(_:)` then say how many lines their content takes.
    public func heightThatFits(width: Int) -> Int {
        let designed = max(0, height)
        let measuring = Rect(x: frame.x, y: frame.y, width: max(0, width), height: designed)
        if frame != measuring {
            setFrame(measuring, tellingSuperview: false)
            setNeedsLayout()
        }
        layoutIfNeeded()
        var extra = 0
        for view in contentView.subviews where !view.isHidden && view.autoresizing.contains(.flexibleHeight) {
            let wanted = view.sizeThatFits(Size(width: view.frame.width, height: Int.max / 4)).height
            extra = max(extra, wanted - view.frame.height)
        }
        return designed + extra
    }
}
