import Testing

@testable import TermTable

/// The pure column layout: own widths, sharing, narrowing in the give-way order, scrolling by column.
@Suite("Column layout")
struct ColumnLayoutTests {
    func frames(_ layout: ColumnLayout) -> [String] {
        layout.placements.map {
            $0.map { "\($0.x)+\($0.width)" + ($0.innerOffset > 0 ? ">\($0.innerOffset)" : "") } ?? "-"
        }
    }

    @Test func fitContentColumnsTakeTheWidestOfTitleAndContentCappedAtTheirMaximum() {
        var capped = TableColumn("c", title: "C")
        capped.maximumWidth = 6
        let columns = [TableColumn("a", title: "NAME"), TableColumn("b", title: "B"), capped, TableColumn("d")]
        let layout = ColumnLayout(columns: columns, contentWidths: [2, 7, 30, 100], room: 200)
        #expect(frames(layout) == ["0+4", "5+7", "13+6", "20+40"])
        #expect(!layout.scrolls)
    }

    @Test func fractionColumnsShareTheRoomLeftByWeight() {
        let columns = [
            TableColumn("a", width: .fixed(5)), TableColumn("b", title: "B", width: .fraction(1)),
            TableColumn("c", title: "C", width: .fraction(3)),
        ]
        // Own widths 5, 1, 1 and two gaps: 9; 31 left, shared 7 and 23, the remainder to the leftmost.
        #expect(frames(ColumnLayout(columns: columns, contentWidths: [], room: 40)) == ["0+5", "6+9", "16+24"])
    }

    @Test func hiddenColumnsAndColumnsHiddenBelowAWidthTakeNoRoom() {
        var hidden = TableColumn("b", width: .fixed(3))
        hidden.isHidden = true
        var below = TableColumn("c", width: .fixed(3))
        below.shrink = ShrinkRule(hiddenBelowWidth: 30)
        let columns = [TableColumn("a", width: .fixed(3)), hidden, below, TableColumn("d", width: .fixed(3))]
        #expect(frames(ColumnLayout(columns: columns, contentWidths: [], room: 29)) == ["0+3", "-", "-", "4+3"])
        #expect(frames(ColumnLayout(columns: columns, contentWidths: [], room: 30)) == ["0+3", "-", "4+3", "8+3"])
    }

    @Test func theWidestStretchingTextColumnGivesWayLastByDefault() {
        // NAME stretches widest, STATUS less, AGE fits its content: STATUS narrows first (to its title), and
        // NAME only once it cannot (the NAME vanished at 80 columns, the first to give way).
        let columns = [
            TableColumn("status", title: "STATUS", width: .fraction(1)),
            TableColumn("name", title: "NAME", width: .fraction(2)),
            TableColumn("age", title: "AGE"),
        ]
        #expect(ColumnLayout.priorities(of: columns, shown: [0, 1, 2], widths: [12, 20, 10]) == [0, 101, 100])
        // Own widths 12, 20, 10 and two gaps: 44.
        let six = ColumnLayout(columns: columns, contentWidths: [12, 20, 10], room: 38)
        #expect(frames(six) == ["0+6", "7+20", "28+10"])
        let ten = ColumnLayout(columns: columns, contentWidths: [12, 20, 10], room: 34)
        #expect(frames(ten) == ["0+6", "7+16", "24+10"])
        #expect(!ten.scrolls)
        // Below every minimum (6 + 4 + 10 + 2) the row scrolls at the columns' own widths.
        #expect(ColumnLayout(columns: columns, contentWidths: [12, 20, 10], room: 21).scrolls)
    }

    @Test func anExplicitShrinkOrderWins() {
        var name = TableColumn("name", title: "N", width: .fraction(2))
        name.shrink = ShrinkRule(priority: 1)
        var other = TableColumn("other", title: "O", width: .fraction(1))
        other.shrink = ShrinkRule(priority: 5)
        let layout = ColumnLayout(columns: [name, other], contentWidths: [10, 10], room: 16)
        #expect(frames(layout) == ["0+5", "6+10"])
    }

    @Test func columnsThatCannotFitScrollByWholeColumnWithFrozenOnesKept() {
        let columns = (0..<6).map { TableColumn("c\($0)", width: .fixed(8)) }
        let layout = ColumnLayout(columns: columns, contentWidths: [], room: 30, frozenCount: 1, firstScrolled: 3)
        #expect(layout.scrolls)
        #expect(layout.firstScrolled == 3)
        // c0 frozen at 0; c3 at 9, c4 at 18, c5 cut at the edge (27..30).
        #expect(frames(layout) == ["0+8", "-", "-", "9+8", "18+8", "27+3"])
    }

    @Test func aFirstScrolledColumnWiderThanTheRoomScrollsInsideItself() {
        let columns = [TableColumn("a", width: .fixed(4)), TableColumn("b", width: .fixed(50))]
        let layout = ColumnLayout(
            columns: columns, contentWidths: [], room: 20, frozenCount: 1, firstScrolled: 1, innerOffset: 10)
        #expect(frames(layout) == ["0+4", "5+15>10"])
        // The offset stops where the column's end touches the edge.
        let end = ColumnLayout(
            columns: columns, contentWidths: [], room: 20, frozenCount: 1, firstScrolled: 1, innerOffset: 99)
        #expect(frames(end) == ["0+4", "5+15>35"])
    }

    @Test func aFrozenOrHiddenFirstScrolledColumnMovesOnToTheNextThatShows() {
        var columns = (0..<4).map { TableColumn("c\($0)", width: .fixed(10)) }
        columns[2].isHidden = true
        let layout = ColumnLayout(columns: columns, contentWidths: [], room: 22, frozenCount: 1, firstScrolled: 2)
        #expect(layout.firstScrolled == 3)
        #expect(frames(layout) == ["0+10", "-", "-", "11+10"])
        let frozen = ColumnLayout(columns: columns, contentWidths: [], room: 22, frozenCount: 1, firstScrolled: 0)
        #expect(frozen.firstScrolled == 1)
    }

    @Test func noColumnDrawsOutsideTheRoomAtAnyWidth() {
        let columns = [
            TableColumn("a", title: "ALPHA"), TableColumn("b", width: .fraction(1)),
            TableColumn("c", width: .fixed(12)),
        ]
        for room in 0..<40 {
            for first in 0..<3 {
                let layout = ColumnLayout(
                    columns: columns, contentWidths: [9, 14, 0], room: room, frozenCount: 1, firstScrolled: first)
                var end = 0
                for placement in layout.placements.compactMap({ $0 }) {
                    #expect(placement.x >= end && placement.width >= 1 && placement.x + placement.width <= room)
                    end = placement.x + placement.width
                }
            }
        }
    }
}
