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

extension TableView: KeyHelpProviding {
    /// The commands the hint bar shows by default, with their hints: up and down.
    public static let defaultCommandHints: [TableCommand: String] = [.moveUp: "up", .moveDown: "down"]

    /// The table's keys in force, with their help: ``keyBindings`` grouped by command, in the order of
    /// the ``TableCommand`` cases, labelled with the keys' names (`"↓/j"`).
    ///
    /// Made from ``keyBindings`` each time, so a key rebound or removed changes the help;
    /// marking commands are left out unless the table has multiple selection, column commands unless it has
    /// ``tableColumns``; the sideways keys follow while
    /// ``allowsHorizontalScrolling`` is on.
    public var keyHelp: [KeyBinding] {
        var keysByCommand: [TableCommand: [Key]] = [:]
        for (key, command) in keyBindings { keysByCommand[command, default: []].append(key) }
        let table = TableCommand.allCases.compactMap { command -> KeyBinding? in
            guard command.applies(in: selectionMode), !command.isColumnCommand || !tableColumns.isEmpty,
                let keys = keysByCommand[command]
            else { return nil }
            let ordered = keys.sorted { ($0.helpOrder, $0.helpName) < ($1.helpOrder, $1.helpName) }
            return KeyBinding(ordered, help: command.help, hint: commandHints[command])
        }
        return table + horizontalKeyHelp
    }
}
