/// Content that scrolls sideways by columns: a ``Label``'s cut text, a table's rows wider than the view.
///
/// A conforming type gives its offset, how far it can go and its step; the scrolling itself (the bounds,
/// the commands ←/→ and 0/$ run) is written once, here.
@MainActor
public protocol HorizontallyScrollable: AnyObject {
    /// Columns scrolled out at the left (0: the start shows).
    var horizontalOffset: Int { get set }
    /// The most columns the content can be scrolled: its end then touches the right edge (0 when it fits).
    var maximumHorizontalOffset: Int { get }
    /// The columns ``HorizontalScrollCommand/left`` and ``HorizontalScrollCommand/right`` scroll by.
    var horizontalStep: Int { get }
}

extension HorizontallyScrollable {
    /// Scrolls by `columns` (negative: back to the left), between the start and ``maximumHorizontalOffset``.
    public func scrollHorizontally(by columns: Int) {
        let maximum = maximumHorizontalOffset
        let current = min(horizontalOffset, maximum)
        horizontalOffset = max(0, min(maximum, current + columns))
    }

    /// Runs `command`: by ``horizontalStep`` columns, or to an end.
    public func perform(_ command: HorizontalScrollCommand) {
        switch command {
        case .left: scrollHorizontally(by: -horizontalStep)
        case .right: scrollHorizontally(by: horizontalStep)
        case .start: horizontalOffset = 0
        case .end: horizontalOffset = maximumHorizontalOffset
        }
    }
}
