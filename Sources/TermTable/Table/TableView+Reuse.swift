import TermTableCore
import TermTableLayout

/// What went wrong asking a table for a cell.
public enum TableViewError: Error, CustomStringConvertible, Equatable {
    /// No template or class was registered under the identifier.
    case unregisteredIdentifier(String, registered: [String], suggestion: String?)

    /// A sentence naming the identifier and the registered ones.
    ///
    /// Identifiers can come from layout files, so each is passed through
    /// ``/TermTableCore/TerminalText/sanitize(_:)``: the message never carries control sequences.
    public var description: String {
        switch self {
        case .unregisteredIdentifier(let identifier, let registered, let suggestion):
            let quote = { (name: String) in "'\(TerminalText.sanitize(name))'" }
            var text = "no cell is registered for reuse identifier \(quote(identifier))"
            if let suggestion { text += "; did you mean \(quote(suggestion))?" }
            text +=
                registered.isEmpty
                ? " (no identifier is registered: call register(template:forCellReuseIdentifier:) first)"
                : " (registered: \(registered.map(quote).joined(separator: ", ")))"
            return text
        }
    }
}

extension TableView {
    /// Registers a layout template for cells of `identifier` (usually the template's own identifier).
    public func register(template: CellTemplate, forCellReuseIdentifier identifier: String) {
        reuse.register(template: template, forIdentifier: identifier)
    }

    /// Registers a cell class, built in code, for cells of `identifier`.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        reuse.register(cellClass, forIdentifier: identifier)
    }

    /// The identifiers registered, sorted.
    public var registeredIdentifiers: [String] { reuse.registeredIdentifiers }

    /// A recycled cell of `identifier`, or a fresh one; for `indexPath`'s row.
    ///
    /// After rows moved in the data (``insertRows(at:)``, ``deleteRows(at:)``, a snapshot applied), a row
    /// that was on screen gets back the cell it had, so a row that shows what it showed is not drawn again.
    ///
    /// An identifier never registered is a programmer error: the terminal is
    /// restored and the program stops with a message that names the identifier,
    /// the nearest registered one and all registered ones. (A typo never silently
    /// disables reuse by making a fresh cell for every row.)
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        do {
            let preferred = painter.movedCells?[TableItem(section: indexPath.section, row: indexPath.row)]
            let cell = try reuse.dequeue(identifier, copyingTemplateAs: TableViewCell.self, preferring: preferred)
            if !columnModel.columns.isEmpty {
                cell.columnState.known = columnModel.columns
            } else if cell.columnState.placement != nil {
                cell.columnPlacement = nil  // the table's columns were removed since the cell showed
            }
            return cell
        } catch {
            TerminalGuard.fail("\(error)")
        }
    }

    /// A recycled or fresh cell of `identifier`, throwing ``TableViewError`` when it is not registered.
    public func dequeueReusableCellIfRegistered(withIdentifier identifier: String) throws -> TableViewCell {
        try reuse.dequeue(identifier, copyingTemplateAs: TableViewCell.self)
    }

    /// The cells waiting in the queue of `identifier`.
    public func queuedCellCount(forIdentifier identifier: String) -> Int {
        reuse.queuedCellCount(forIdentifier: identifier)
    }
}

extension TableView {
    /// Registers every cell template of `library` under its own reuse identifier.
    ///
    /// ```swift
    /// try table.registerCells(from: LayoutLibrary(contentsOf: "Layouts/News.layout"))
    /// ```
    public func registerCells(from library: LayoutLibrary) throws {
        for identifier in library.identifiers {
            register(template: try library.template(identifier), forCellReuseIdentifier: identifier)
        }
    }
}
