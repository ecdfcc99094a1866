import ProcessKit
import TermTable

extension ProcessViewer {
    /// The tree's outline column: the command, after the guides (`├─`, `└─`) and the disclosure mark.
    static let treeColumn = "command"

    /// `t` (and `procs --tree`): the processes by parent, as htop's tree view and `ps --forest` show them, or back
    /// to the list grouped by user. The cursor, the marks and the filter stay on their processes.
    public func setTreeMode(_ on: Bool) {
        guard on != isTreeMode else { return }
        let cursor = cursorProcess
        let marks = Set(allMarkedProcesses)
        let query = filterQuery
        table.deselectAll()
        isTreeMode = on
        if on {
            let outline = self.outline ?? makeOutline()
            self.outline = outline
            table.dataSource = outline
            if outline.isFiltering { outline.clearFilter() }
        } else {
            table.dataSource = dataSource
        }
        apply()
        if !query.isEmpty { setFilter(query) } else if isFiltering { setFilter("") }
        for id in marks { if let indexPath = indexPath(of: id) { table.selectRow(at: indexPath) } }
        if let cursor, let indexPath = indexPath(of: cursor) {
            table.setCursor(indexPath, notify: false)
            table.scrollToRow(at: indexPath, at: .middle)
        }
        bindTreeKeys()
        message = nil
        updateBars()
    }

    /// The outline data source of the tree mode: the list's `proc` cells, the guides and disclosure marks before the
    /// command (the outline column, where a click on a mark expands or collapses).
    func makeOutline() -> OutlineDataSource<ProcessID> {
        let outline = OutlineDataSource<ProcessID>(tableView: table) { [unowned self] table, indexPath, id in
            self.cell(for: id, at: indexPath, in: table)
        }
        outline.outlineColumnIdentifier = Self.treeColumn
        outline.filterText = { [unowned self] id in self.list[id].map(ProcessList.filterText(of:)) ?? "" }
        return outline
    }

    /// Shows the processes by parent; the cursor and the marks stay on their processes, a collapsed process stays
    /// collapsed, a new one comes expanded. Marks of processes gone are reported as in the list.
    func applyTree() {
        guard let outline else { return }
        let before = Set(outline.selectedItemIdentifiers)
        // While filtering, the filter expands what it shows at every run: what the user collapsed stays collapsed.
        let shown = outline.snapshot()
        let collapsedWhileFiltering =
            outline.isFiltering
            ? shown.visibleItems.filter { !shown.isExpanded($0) && shown.numberOfChildren(of: $0) > 0 } : []
        let tree = Self.processTree(
            of: list.entries.values.filter(list.shows), sortedBy: table.sortDescriptors,
            keepingExpansionOf: outline.unfilteredSnapshot)
        droppedMarks = []
        isApplying = true
        outline.apply(tree)
        for id in collapsedWhileFiltering where outline.snapshot().contains(id) { outline.collapse(id) }
        isApplying = false
        droppedMarks = before.filter { !tree.contains($0) }.sorted { $0.pid < $1.pid }
        sectionSummaries = [:]
    }

    /// The tree of `entries` by parent pid: a process whose parent is not among them (pid 1, kthreadd, one whose
    /// parent is another user's and unreadable, or not in `--pid`) is a root. Siblings are in the order of `sort`
    /// (its levels in turn), then by pid. A process in `previous` keeps its expansion there; a new one is expanded.
    /// O(n log n) for n processes.
    nonisolated public static func processTree(
        of entries: [ProcessEntry], sortedBy sort: [TableSortDescriptor],
        keepingExpansionOf previous: OutlineSnapshot<ProcessID> = OutlineSnapshot()
    ) -> OutlineSnapshot<ProcessID> {
        var byPID: [Int32: ProcessEntry] = [:]
        for entry in entries { byPID[entry.pid] = entry }
        var children: [Int32?: [ProcessEntry]] = [:]
        for entry in byPID.values {
            let parent = entry.parentPID
            let hasParent = parent != entry.pid && byPID[parent] != nil
            children[hasParent ? parent : nil, default: []].append(entry)
        }
        func ordered(_ entries: [ProcessEntry]) -> [ProcessEntry] {
            entries.sorted { a, b in
                for level in sort {
                    let x = sortKey(of: a, column: level.column)
                    let y = sortKey(of: b, column: level.column)
                    if x != y { return level.ascending ? x < y : y < x }
                }
                return (a.pid, a.id.startTicks) < (b.pid, b.id.startTicks)
            }
        }
        var tree = OutlineSnapshot<ProcessID>()
        var expanded: [ProcessID] = []
        var level: [(parent: ProcessID?, pid: Int32?)] = [(nil, nil)]
        // Breadth first: a parent is in the tree before its children are appended to it. A cycle of parents (not
        // possible in /proc, but a sample is read over time) has no root and is left out.
        while !level.isEmpty {
            var next: [(parent: ProcessID?, pid: Int32?)] = []
            for (parentID, pid) in level {
                let kids = ordered(children[pid] ?? [])
                guard !kids.isEmpty else { continue }
                tree.append(kids.map(\.id), to: parentID)
                for kid in kids {
                    if !previous.contains(kid.id) || previous.isExpanded(kid.id) { expanded.append(kid.id) }
                    next.append((kid.id, kid.pid))
                }
            }
            level = next
        }
        tree.expand(expanded)
        return tree
    }

    /// `M`: marks the cursor's process and every process below it in the tree (in the list: the cursor's process).
    public func markSubtree() {
        guard let outline, isTreeMode, let root = outline.cursorItemIdentifier else { return }
        var stack = [root]
        var hidden = 0
        let marked = Set(table.indexPathsForSelectedRows)
        while let id = stack.popLast() {
            if let indexPath = outline.indexPath(for: id) {
                if !marked.contains(indexPath) { table.selectRow(at: indexPath) }
            } else {
                hidden += 1
            }
            stack += outline.children(of: id)
        }
        message = hidden > 0 ? "collapsed processes are not marked: expand first (*)" : nil
        updateBars()
    }

    /// The tree's actions, bound to the table while the tree is shown. ← → h l (collapse or go to the parent,
    /// expand or go to the first child) and `+` `-` `*` are the table's own keys in an outline with a row cursor.
    func makeTreeActions() -> [AppAction] {
        [
            AppAction(
                "process.markSubtree", keys: [Key("M")], help: "mark the process and its children", section: "Tree"
            ) {
                [unowned self] in self.markSubtree()
            }
        ]
    }

    /// Binds the tree's actions to the table in tree mode, and removes them in the list.
    func bindTreeKeys() {
        guard let app else { return }
        if isTreeMode {
            app.addActions(treeActions, to: table)
        } else {
            for action in treeActions { app.removeAction(named: action.name, from: table) }
        }
    }
}
