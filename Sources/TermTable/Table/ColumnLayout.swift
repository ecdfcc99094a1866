import TermTableCore

/// Lays out a table's columns in a row: each column's x and width, or nothing when it does not show.
///
/// Pure: from the columns, the widths measured of their content, the room (the rows' width less the mark
/// column), the frozen count and the first scrolled column.
///
/// 1. Columns hidden (``TableColumn/isHidden``) or hidden below the room (``ShrinkRule/hiddenBelowWidth``)
///    take no room.
/// 2. Each column's own width: ``ColumnWidth/fixed(_:)`` its columns; ``ColumnWidth/fitContent`` and
///    ``ColumnWidth/fraction(_:)`` the widest of the title and the measured content, at most
///    ``TableColumn/maximumWidth`` (fit content: ``TableColumn/defaultMaximumWidth``). Columns are one
///    column apart.
/// 3. When they fit, the room left is shared among the fraction columns by weight (a remainder column to the
///    leftmost); nothing scrolls.
/// 4. When they do not, columns give way in their ``ShrinkRule`` order (lowest first; the widest stretching
///    text column last of all by default) down to their minimum widths; when that makes them fit, nothing
///    scrolls.
/// 5. Otherwise every column keeps its own width and the row scrolls by whole column: the frozen columns at
///    the left (as many as end within two thirds of the room: the others scroll), then the columns from the
///    first scrolled one on, the last one cut at the edge. A first scrolled column wider than the room left
///    is shown from its `innerOffset`th character.
struct ColumnLayout: Equatable {
    /// Where one column shows.
    struct Placement: Hashable, Sendable {
        /// Its first terminal column, from the start of the rows' content.
        var x: Int
        /// Its width (at least 1).
        var width: Int
        /// Characters of the column scrolled out at its left (a column wider than the room).
        var innerOffset = 0
        /// True when the view's edge cuts the column (the rest of it is off-screen while the row scrolls): its
        /// text is clipped there; a value cut by its column's own width ends with `…` instead.
        var cutAtEdge = false
    }

    /// The columns between two columns.
    static let gap = 1

    /// Each column's placement, in the order of the columns; nil for one not shown.
    var placements: [Placement?]
    /// True when the columns did not fit and scroll sideways.
    var scrolls: Bool
    /// The index of the first scrolled column shown (nil when nothing scrolls or none shows).
    var firstScrolled: Int?
    /// The own widths of the columns (0 for those that take no room).
    var widths: [Int]
    /// How many columns stay frozen while the row scrolls: the frozen count, less those that would take more
    /// than two thirds of the room.
    var frozenShown = 0

    /// Lays out `columns`.
    ///
    /// - Parameters:
    ///   - columns: In display order, hidden ones included.
    ///   - contentWidths: The widest text measured in each column so far (0: none), by index.
    ///   - room: The terminal columns the row has.
    ///   - frozenCount: The first this many shown columns stay at the left.
    ///   - firstScrolled: The index of the first unfrozen column shown when the row scrolls (moved on to the
    ///     next one that shows when it is hidden or frozen).
    ///   - innerOffset: Characters scrolled inside a first scrolled column wider than the room left.
    init(
        columns: [TableColumn], contentWidths: [Int], room: Int, frozenCount: Int = 0, firstScrolled wanted: Int = 0,
        innerOffset: Int = 0
    ) {
        let count = columns.count
        placements = [Placement?](repeating: nil, count: count)
        scrolls = false
        self.firstScrolled = nil
        widths = [Int](repeating: 0, count: count)
        let room = max(0, room)
        var shown: [Int] = []
        for (index, column) in columns.enumerated()
        where !column.isHidden && (column.shrink.hiddenBelowWidth ?? 0) <= room {
            shown.append(index)
            widths[index] = Self.ownWidth(of: column, content: index < contentWidths.count ? contentWidths[index] : 0)
        }
        guard !shown.isEmpty, room > 0 else { return }
        let gaps = Self.gap * (shown.count - 1)
        let total = shown.reduce(gaps) { $0 + widths[$1] }
        if total <= room {
            var final = widths
            Self.share(room - total, among: shown, of: columns, into: &final)
            place(shown, final)
            return
        }
        // Narrowing, in the give-way order, down to the minimums.
        var narrowed = widths
        var loss = total - room
        let priorities = Self.priorities(of: columns, shown: shown, widths: widths)
        let minimums = shown.map { Self.minimumWidth(of: columns[$0], ownWidth: widths[$0]) }
        let levels = Set(shown.map { priorities[$0] }).sorted()
        for level in levels where loss > 0 {
            while loss > 0 {
                let pool = shown.indices.filter { priorities[shown[$0]] == level && narrowed[shown[$0]] > minimums[$0] }
                if pool.isEmpty { break }
                let base = loss / pool.count
                let remainder = loss % pool.count
                var took = 0
                // The rightmost give way first among equals (as the layout format does).
                for (rank, position) in pool.reversed().enumerated() {
                    let index = shown[position]
                    let take = min(narrowed[index] - minimums[position], base + (rank < remainder ? 1 : 0))
                    narrowed[index] -= take
                    loss -= take
                    took += take
                }
                if took == 0 { break }
            }
        }
        if loss <= 0 {
            place(shown, narrowed)
            return
        }
        // Scrolling by whole column at the columns' own widths.
        scrolls = true
        // Frozen columns keep at most two thirds of the room, so that a scrolled column always shows: one that
        // would end past them scrolls with the rest.
        var frozen: [Int] = []
        var x = 0
        for index in shown.prefix(max(0, frozenCount)) {
            guard x + widths[index] + Self.gap <= room * 2 / 3 else { break }
            frozen.append(index)
            placements[index] = Placement(x: x, width: widths[index])
            x += widths[index] + Self.gap
        }
        frozenShown = frozen.count
        let rest = shown.dropFirst(frozen.count)
        guard x < room, let start = rest.first(where: { $0 >= wanted }) ?? rest.last else { return }
        self.firstScrolled = start
        for index in rest where index >= start {
            guard x < room else { break }
            let width = widths[index]
            if index == start && x + width > room {
                let visible = room - x
                let offset = max(0, min(innerOffset, width - visible))
                placements[index] = Placement(x: x, width: visible, innerOffset: offset, cutAtEdge: true)
            } else {
                placements[index] = Placement(x: x, width: min(width, room - x), cutAtEdge: width > room - x)
            }
            x += width + Self.gap
        }
    }

    /// Places `shown` side by side at `widths`, one column apart.
    private mutating func place(_ shown: [Int], _ widths: [Int]) {
        var x = 0
        for index in shown where widths[index] > 0 {
            placements[index] = Placement(x: x, width: widths[index])
            x += widths[index] + Self.gap
        }
    }

    /// A column's own width from its rule and its measured content.
    static func ownWidth(of column: TableColumn, content: Int) -> Int {
        let title = TerminalText.width(of: column.title)
        switch column.width {
        case .fixed(let width):
            return max(1, min(width, column.maximumWidth ?? width))
        case .fitContent:
            return max(1, min(max(title, content), column.maximumWidth ?? TableColumn.defaultMaximumWidth))
        case .fraction:
            return max(1, min(max(title, content), column.maximumWidth ?? TableColumn.defaultMaximumWidth))
        }
    }

    /// The narrowest a column gets before the row scrolls: its ``ShrinkRule/minimumWidth``, else its title's
    /// width for a fraction column (at least 1: it stretches, as a `stretch` field narrows) and its own width
    /// for the others (as a fixed field is hidden whole: here the row scrolls instead).
    static func minimumWidth(of column: TableColumn, ownWidth: Int) -> Int {
        if let minimum = column.shrink.minimumWidth { return max(1, min(ownWidth, minimum)) }
        switch column.width {
        case .fixed, .fitContent: return ownWidth
        case .fraction: return max(1, min(ownWidth, TerminalText.width(of: column.title)))
        }
    }

    /// The give-way order of the columns (lowest first), by index: a column's ``ShrinkRule/priority`` when set;
    /// else fraction columns first (0), then the others (``ShrinkRule/lastPriority``), and last of all the
    /// widest stretching text column (the largest fraction, then the widest, then the leftmost), which keeps
    /// its width longest.
    static func priorities(of columns: [TableColumn], shown: [Int], widths: [Int]) -> [Int] {
        var keeper: Int?
        var best: (Double, Int) = (0, 0)
        for index in shown where columns[index].valueType == .text && columns[index].shrink.priority == nil {
            guard case .fraction(let share) = columns[index].width else { continue }
            if keeper == nil || (share, widths[index]) > best {
                keeper = index
                best = (share, widths[index])
            }
        }
        return columns.indices.map { index in
            if let priority = columns[index].shrink.priority { return priority }
            if index == keeper { return ShrinkRule.lastPriority + 1 }
            if case .fraction = columns[index].width { return 0 }
            return ShrinkRule.lastPriority
        }
    }

    /// Adds `extra` columns to the fraction columns of `shown`, by weight (a remainder to the leftmost).
    private static func share(_ extra: Int, among shown: [Int], of columns: [TableColumn], into widths: inout [Int]) {
        var weights: [(Int, Double)] = []
        for index in shown {
            if case .fraction(let weight) = columns[index].width, weight > 0, weight.isFinite {
                weights.append((index, weight))
            }
        }
        guard extra > 0, !weights.isEmpty else { return }
        let sum = weights.reduce(0) { $0 + $1.1 }
        var given = 0
        var grants: [Int] = []
        for (index, weight) in weights {
            var grant = Int((Double(extra) * weight / sum).rounded(.down))
            if let maximum = columns[index].maximumWidth { grant = max(0, min(grant, maximum - widths[index])) }
            grants.append(grant)
            given += grant
        }
        var left = extra - given
        for (position, (index, _)) in weights.enumerated() {
            var grant = grants[position]
            if left > 0, columns[index].maximumWidth.map({ widths[index] + grant < $0 }) ?? true {
                grant += 1
                left -= 1
            }
            widths[index] += grant
        }
    }
}
