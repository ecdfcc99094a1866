import TermTableCore

extension TableCommand {
    /// What the command does, as the help box says it (`"down"`).
    public var help: String {
        switch self {
        case .moveUp: return "up"
        case .moveDown: return "down"
        case .pageUp: return "page up"
        case .pageDown: return "page down"
        case .moveToTop: return "first row"
        case .moveToBottom: return "last row"
        case .activate: return "open the row"
        case .toggleSelection: return "mark / unmark"
        case .selectAll: return "mark all"
        case .selectNone: return "unmark all"
        case .moveLeft: return "column left"
        case .moveRight: return "column right"
        case .moveToFirstColumn: return "first column"
        case .moveToLastColumn: return "last column"
        case .sortAscending: return "sort ascending"
        case .sortDescending: return "sort descending"
        case .expandItem: return "expand"
        case .collapseItem: return "collapse"
        case .expandAllBelow: return "expand all below"
        }
    }

    /// True for the commands of an outline (``OutlineDataSource``): expand, collapse, expand all below.
    var isOutlineCommand: Bool {
        switch self {
        case .expandItem, .collapseItem, .expandAllBelow: return true
        default: return false
        }
    }

    /// True when the command can do something in `mode` (marking needs multiple selection).
    func applies(in mode: TableView.SelectionMode) -> Bool {
        switch self {
        case .toggleSelection, .selectAll, .selectNone: return mode == .multiple
        default: return true
        }
    }
}

extension TableView {
    /// True when ←/h and →/l would be an outline's rather than the columns': the cursor is a row (no
    /// ``tableColumns``, or ``cursorShape`` ``CursorShape/row``), as in NSOutlineView and Finder's list view.
    /// With a cell or column cursor they move the cursor's column and the tree keeps `-` and `+`.
    var arrowsAreOutlines: Bool { columnModel.columns.isEmpty || columnModel.shape == .row }
}

extension TableView: KeyHelpProviding {
    /// The commands the hint bar shows by default, with their hints: up and down.
    public static let defaultCommandHints: [TableCommand: String] = [.moveUp: "up", .moveDown: "down"]

    /// The table's keys in force, with their help: ``keyBindings`` grouped by command, in the order of
    /// the ``TableCommand`` cases, labelled with the keys' names (`"↓/j"`).
    ///
    /// Made from ``keyBindings`` each time, so a key rebound or removed changes the help;
    /// marking commands are left out unless the table has multiple selection, column commands unless it has
    /// ``tableColumns`` (in an outline with a row cursor ←/h and →/l are listed as the tree's), outline commands
    /// unless the data source is an ``OutlineDataSource``; the sideways keys follow while
    /// ``allowsHorizontalScrolling`` is on.
    public var keyHelp: [KeyBinding] {
        var keysByCommand: [TableCommand: [Key]] = [:]
        for (key, command) in keyBindings { keysByCommand[command, default: []].append(key) }
        let outline = dataSource is any OutlineCommandHandling
        let treeArrows = outline && arrowsAreOutlines
        var table: [KeyBinding] = []
        var tree: [KeyBinding] = []
        for command in TableCommand.allCases {
            guard command.applies(in: selectionMode), let keys = keysByCommand[command] else { continue }
            let isArrow = command == .moveLeft || command == .moveRight
            if command.isColumnCommand, tableColumns.isEmpty, !(isArrow && treeArrows) { continue }
            if command.isOutlineCommand, !outline { continue }
            let ordered = keys.sorted { ($0.helpOrder, $0.helpName) < ($1.helpOrder, $1.helpName) }
            if command.isOutlineCommand || (treeArrows && isArrow) {
                let help =
                    isArrow ? (command == .moveLeft ? "collapse / parent" : "expand / first child") : command.help
                tree.append(
                    KeyBinding(ordered, help: help, section: Self.outlineKeyHelpSection, hint: commandHints[command]))
            } else {
                table.append(KeyBinding(ordered, help: command.help, hint: commandHints[command]))
            }
        }
        return table + horizontalKeyHelp + tree
    }

    /// The help box's heading of an outline's keys (←/→ while they are the tree's, `+ - *`): an app's own tree
    /// keys listed under it (``KeyBinding/section``) join them under one heading (``Application/helpEntries(for:)-([KeyBinding])``).
    public static let outlineKeyHelpSection = "Tree"
}
