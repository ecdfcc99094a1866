import ProcessKit
import TermTable

extension ProcessViewer {
    /// The words the title bar names the sortable columns by (`sort memory ▼`), by column identifier.
    nonisolated public static let sortNames = ["pid": "pid", "cpu": "cpu", "rss": "memory", "command": "name"]

    /// A column of the `proc` cell as the viewer shows it: pid, CPU and memory sort as numbers (CPU and memory
    /// largest first), the command A to Z; the state and the threads do not sort.
    nonisolated public static func configured(_ column: TableColumn) -> TableColumn {
        var column = column
        let largestFirst = TableSortDescriptor(column: column.identifier, ascending: false)
        switch column.identifier {
        case "pid": column.valueType = .integer
        case "cpu": (column.valueType, column.sortDescriptorPrototype) = (.decimal, largestFirst)
        case "rss": (column.valueType, column.sortDescriptorPrototype) = (.integer, largestFirst)
        case "command": break
        case "threads": (column.valueType, column.sortDescriptorPrototype) = (.integer, nil)
        default: column.sortDescriptorPrototype = nil
        }
        return column
    }

    /// The value `entry` sorts by in the sortable column with `identifier`: numbers for pid, CPU and memory, the
    /// command case-blind. Ties go by the sort's next levels, then keep the list's order (pid, then start time).
    nonisolated public static func sortKey(of entry: ProcessEntry, column identifier: String) -> TableSortKey {
        switch identifier {
        case "pid": .integer(Int64(entry.pid))
        case "cpu": .decimal(entry.cpuPercent)
        case "rss": .integer(entry.residentBytes)
        case "command": .text(entry.command.lowercased())
        default: .empty
        }
    }
}
