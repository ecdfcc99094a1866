import TermTableCore

/// A table's sideways scrolling (``TableView/allowsHorizontalScrolling``): configuration and offset.
///
/// **Owns** the switch, the columns scrolled out at the left, the width rows are laid out at when
/// set, the step and the keys.
///
/// **Invariants**: ``offset`` is never negative; the table draws at most its maximum
/// (``TableView/maximumHorizontalOffset``), so a narrower content or a wider view never shows blank columns
/// past the rows' end.
///
/// **Reset by**: nothing but the app (a copy of the table takes the configuration, not the offset).
@MainActor
final class TableHorizontalScrolling {
    /// Rows may be wider than the view and scrolled sideways.
    var isOn = false
    /// Columns scrolled out at the left.
    var offset = 0
    /// The width rows are laid out at (nil: the widest registered template's design width).
    var rowWidth: Int?
    /// Columns a step of ←/→ scrolls.
    var step = 8
    /// The keys and what they do.
    var keyBindings: [Key: HorizontalScrollCommand] = HorizontalScrollCommand.defaultKeyBindings

    /// Not scrolled, off.
    init() {}

    /// Takes the configuration of `other` (not its offset).
    func takeConfiguration(of other: TableHorizontalScrolling) {
        isOn = other.isOn
        rowWidth = other.rowWidth
        step = other.step
        keyBindings = other.keyBindings
    }
}
