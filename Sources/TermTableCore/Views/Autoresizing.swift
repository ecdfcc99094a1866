/// How a view follows its superview when the superview's size changes.
///
/// The layout format's `stretch` is ``flexibleWidth``, `stretch=height` is
/// ``flexibleHeight``, `pin=right` is ``flexibleLeftMargin`` (the right margin is
/// kept) and `pin=bottom` is ``flexibleTopMargin``. Without any, a view keeps its
/// left and top margins and its size. ``AutoresizingLayout`` turns these into
/// frames.
public struct Autoresizing: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a mask from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The width grows and shrinks with the superview's width.
    public static let flexibleWidth = Autoresizing(rawValue: 1 << 0)
    /// The height grows and shrinks with the superview's height.
    public static let flexibleHeight = Autoresizing(rawValue: 1 << 1)
    /// The left margin absorbs the change: the view keeps its distance to the right edge.
    public static let flexibleLeftMargin = Autoresizing(rawValue: 1 << 2)
    /// The top margin absorbs the change: the view keeps its distance to the bottom edge.
    public static let flexibleTopMargin = Autoresizing(rawValue: 1 << 3)

    /// Keep the distance to the right edge (`pin=right`).
    public static let pinRight = flexibleLeftMargin
    /// Keep the distance to the bottom edge (`pin=bottom`).
    public static let pinBottom = flexibleTopMargin
    /// Fill the superview in both directions.
    public static let fill: Autoresizing = [.flexibleWidth, .flexibleHeight]
}

/// Computes the frames of a superview's children at a new size from the frames they were designed with.
///
/// Working from the design frames every time (not from the last frames) means
/// that shrinking to 10 columns and growing back gives the design exactly.
///
/// Horizontally, each line of the design is solved on its own. Views hidden by
/// their ``ShrinkRule/hiddenBelowWidth`` are taken out first. When the line is
/// wider than its design, the growth is shared among its stretching views (a
/// remainder column goes to the leftmost), every view moves right by the growth
/// of the stretching views left of it, and pinned views move with the right
/// edge. When it is narrower, views give way in the order of their
/// ``ShrinkRule`` (stretching views first): narrowed to their minimum widths,
/// then hidden; a view that is hidden or narrowed to nothing takes no room
/// (width 0, and the gap after it goes too). A view on several lines gets the
/// columns every one of its lines gives it. Finally any view that would still
/// run into the next view on its lines, or past the edge, is cut, so nothing
/// ever overlaps. Vertically the old rules apply with heights (stretching views
/// share the change, nothing hides).
public enum AutoresizingLayout {
    /// One child: its design frame and mask.
    public struct Item: Sendable {
        /// The frame the child was designed with.
        public var frame: Rect
        /// How it follows the superview.
        public var mask: Autoresizing
        /// How it gives way when the superview is narrower than the design.
        public var shrink: ShrinkRule
        /// Creates an item.
        public init(frame: Rect, mask: Autoresizing, shrink: ShrinkRule = ShrinkRule()) {
            self.frame = frame
            self.mask = mask
            self.shrink = shrink
        }
    }

    /// The frames of `items`, designed in a superview of `designSize`, in a superview of `size`.
    public static func frames(for items: [Item], designSize: Size, size: Size) -> [Rect] {
        let hides = items.contains { ($0.shrink.hiddenBelowWidth ?? 0) > size.width }
        if designSize == size && !hides { return items.map(\.frame) }
        let xs =
            designSize.width == size.width && !hides
            ? items.map { ($0.frame.x, min($0.frame.width, max(0, size.width - $0.frame.x))) }
            : horizontal(items, designWidth: designSize.width, width: size.width)
        let ys = axis(
            items.map {
                (
                    $0.frame.y, $0.frame.height, $0.frame.x, $0.frame.width,
                    $0.mask.contains(.flexibleHeight), $0.mask.contains(.flexibleTopMargin)
                )
            },
            delta: size.height - designSize.height, limit: size.height)
        return (0..<items.count).map { Rect(x: xs[$0].0, y: ys[$0].0, width: xs[$0].1, height: ys[$0].1) }
    }

    /// Solves one axis: (position, length, cross position, cross length, stretches, pinned far).
    private static func axis(_ items: [(Int, Int, Int, Int, Bool, Bool)], delta: Int, limit: Int) -> [(Int, Int)] {
        if delta == 0 { return items.map { ($0.0, min($0.1, max(0, limit - $0.0))) } }
        func sharesCross(_ a: Int, _ b: Int) -> Bool {
            let (ia, ib) = (items[a], items[b])
            return ia.2 < ib.2 + max(1, ib.3) && ib.2 < ia.2 + max(1, ia.3)
        }
        // Each stretching item's share: the delta divided among the stretching items on its lines.
        var share = [Int](repeating: 0, count: items.count)
        for i in items.indices where items[i].4 {
            let group = items.indices.filter { items[$0].4 && sharesCross(i, $0) }
                .sorted { (items[$0].0, $0) < (items[$1].0, $1) }
            let rank = group.firstIndex(of: i)!
            let base = delta / group.count
            let remainder = delta - base * group.count
            share[i] = base + (rank < abs(remainder) ? remainder.signum() : 0)
        }
        var result: [(Int, Int)] = []
        for i in items.indices {
            let item = items[i]
            var position = item.0
            var length = item.1
            if item.5 {
                position += delta
            } else {
                // Move by what stretching items before this one on its lines gained.
                for j in items.indices
                where j != i && items[j].4 && sharesCross(i, j)
                    && items[j].0 + items[j].1 <= item.0
                {
                    position += share[j]
                }
            }
            if item.4 { length = max(0, length + share[i]) }
            result.append((position, length))
        }
        // Nothing overlaps: cut each item at the next one on its lines, and at the edge.
        for i in items.indices {
            var end = min(limit, result[i].0 + result[i].1)
            for j in items.indices where j != i && sharesCross(i, j) {
                let other = result[j]
                if other.0 >= result[i].0 && other.0 < end && (other.0 > result[i].0 || j > i) {
                    end = other.0
                }
            }
            result[i].0 = max(0, min(result[i].0, limit))
            result[i].1 = max(0, end - result[i].0)
        }
        return result
    }
}
