/// The marks an outline row starts with: tree guides per level and a disclosure mark (`│ ├─ └─`, `▸ ▾`).
///
/// ``OutlineSnapshot/prefix(for:guides:)`` builds a row's prefix from them: for each ancestor below the top
/// level a ``vertical`` (the ancestor has siblings after it) or a ``blank``, then the item's ``branch`` or
/// ``lastBranch`` (top-level items have none), then ``expanded``, ``collapsed`` or ``leaf``. Every piece of a
/// set has the same width, so children line up under their parent's disclosure mark.
///
/// ``OutlineDataSource/guides`` follows the screen: ``ascii`` on a terminal without line drawing (see
/// ``/TermTableCore/ScreenGlyphs``), ``plain`` in the screen-reader mode, ``unicode`` elsewhere. Every set is two
/// columns a level, so a tree's
/// columns and click targets are the same on either.
public struct OutlineGuides: Sendable, Equatable {
    /// An ancestor that has siblings after it (`│ `).
    public var vertical: String
    /// An ancestor that is the last of its siblings (`  `).
    public var blank: String
    /// The item, with siblings after it (`├─`).
    public var branch: String
    /// The item, the last of its siblings (`└─`).
    public var lastBranch: String
    /// An expanded item with children (`▾ `).
    public var expanded: String
    /// A collapsed item with children (`▸ `).
    public var collapsed: String
    /// An item without children (`  `).
    public var leaf: String

    /// A set of marks.
    public init(
        vertical: String, blank: String, branch: String, lastBranch: String, expanded: String, collapsed: String,
        leaf: String
    ) {
        self.vertical = vertical
        self.blank = blank
        self.branch = branch
        self.lastBranch = lastBranch
        self.expanded = expanded
        self.collapsed = collapsed
        self.leaf = leaf
    }

    /// Box-drawing guides and triangles: `│ ├─└─▸ ▾ `.
    public static let unicode = OutlineGuides(
        vertical: "│ ", blank: "  ", branch: "├─", lastBranch: "└─", expanded: "▾ ", collapsed: "▸ ", leaf: "  ")
    /// ASCII only, for a terminal without line drawing: `| ` and `|-`, and a backquote and a dash for the last
    /// child (tree(1)'s `--charset=ascii`, two columns a level); `+ ` collapsed and `- ` expanded (the keys that
    /// expand and collapse it).
    public static let ascii = OutlineGuides(
        vertical: "| ", blank: "  ", branch: "|-", lastBranch: "`-", expanded: "- ", collapsed: "+ ", leaf: "  ")
    /// The screen-reader mode's (``/TermTableCore/ScreenGlyphs/plain``): indentation only, no guides (a reader
    /// would say them before every row's text), and `+ ` collapsed, `- ` expanded as in ``ascii``.
    public static let plain = OutlineGuides(
        vertical: "  ", blank: "  ", branch: "  ", lastBranch: "  ", expanded: "- ", collapsed: "+ ", leaf: "  ")
}

extension OutlineSnapshot {
    /// The guides and disclosure mark `item`'s row starts with (empty when it is not in the tree), in O(depth).
    ///
    /// ```swift
    /// // ▾ src
    /// // ├─▸ Core            (collapsed)
    /// // └─  main.swift
    /// label.text = tree.prefix(for: item, guides: .unicode) + name
    /// ```
    public func prefix(for item: ItemIdentifier, guides: OutlineGuides = .unicode) -> String {
        guard let slot = slots[item] else { return "" }
        var result = guidesAbove(slot, guides)
        if parents[slot] > 0 { result += isLast(slot) ? guides.lastBranch : guides.branch }
        if children[slot].isEmpty && childStates[slot] == nil {
            result += guides.leaf
        } else {
            result += expanded[slot] ? guides.expanded : guides.collapsed
        }
        return result
    }

    /// The guides of a loading or error row under `parent`: those of a child of it, before its first child.
    func placeholderPrefix(under parent: ItemIdentifier, guides: OutlineGuides) -> String {
        guard let slot = slots[parent] else { return "" }
        var result = guidesAbove(slot, guides)
        if parents[slot] > 0 { result += isLast(slot) ? guides.blank : guides.vertical }
        return result + (children[slot].isEmpty ? guides.lastBranch : guides.branch) + guides.leaf
    }

    func isLast(_ slot: Int) -> Bool { positions[slot] == children[parents[slot]].count - 1 }

    /// For each ancestor of `slot` below the top level, from the top down: a vertical guide when it has siblings
    /// after it, else a blank.
    func guidesAbove(_ slot: Int, _ guides: OutlineGuides) -> String {
        var ancestors: [Int] = []
        var ancestor = parents[slot]
        while ancestor > 0, parents[ancestor] > 0 {
            ancestors.append(ancestor)
            ancestor = parents[ancestor]
        }
        var result = ""
        for ancestor in ancestors.reversed() { result += isLast(ancestor) ? guides.blank : guides.vertical }
        return result
    }
}
