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
    static let headerTitleIdentifier = "termtable.header-title"

    /// Registers a layout template for cells of `identifier` (usually the template's own identifier).
    public func register(template: CellTemplate, forCellReuseIdentifier identifier: String) {
        templates[identifier] = template
        cellClasses[identifier] = nil
    }

    /// Registers a cell class, built in code, for cells of `identifier`.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass
        templates[identifier] = nil
    }

    /// The identifiers registered, sorted.
    public var registeredIdentifiers: [String] {
        (Array(templates.keys) + Array(cellClasses.keys)).sorted()
    }

    /// A recycled cell of `identifier`, or a fresh one; for `indexPath`'s row.
    ///
    /// An identifier never registered is a programmer error: the terminal is
    /// restored and the program stops with a message that names the identifier,
    /// the nearest registered one and all registered ones. (A typo never silently
    /// disables reuse by making a fresh cell for every row.)
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        do {
            return try dequeueReusableCellIfRegistered(withIdentifier: identifier)
        } catch {
            TerminalGuard.fail("\(error)")
        }
    }

    /// A recycled or fresh cell of `identifier`, throwing ``TableViewError`` when it is not registered.
    public func dequeueReusableCellIfRegistered(withIdentifier identifier: String) throws -> TableViewCell {
        try dequeueReusableCellIfRegistered(withIdentifier: identifier, copyingTemplateAs: TableViewCell.self)
    }

    /// A recycled or fresh cell of `identifier`; a fresh cell from a template is copied as `cellClass`.
    func dequeueReusableCellIfRegistered(
        withIdentifier identifier: String, copyingTemplateAs cellClass: TableViewCell.Type
    ) throws -> TableViewCell {
        if var pool = reusePools[identifier], let cell = pool.popLast() {
            reusePools[identifier] = pool
            statistics.cellsReused += 1
            cell.prepareForReuse()
            return cell
        }
        if let template = templates[identifier] {
            statistics.cellsCreated += 1
            statistics.cellsCloned += 1
            let cell = template.instantiate(as: cellClass)
            cell.reuseIdentifier = identifier
            return cell
        }
        if let cellClass = cellClasses[identifier] {
            statistics.cellsCreated += 1
            return cellClass.init(reuseIdentifier: identifier)
        }
        let registered = registeredIdentifiers
        throw TableViewError.unregisteredIdentifier(
            identifier, registered: registered, suggestion: LayoutIdentifiers.nearest(to: identifier, in: registered))
    }

    /// Puts a cell in its queue for reuse (cells not made for a registered identifier are dropped).
    func enqueue(_ cell: TableViewCell) {
        cell.removeFromSuperview()
        guard let identifier = cell.reuseIdentifier,
            templates[identifier] != nil || cellClasses[identifier] != nil
                || identifier == TableView.headerTitleIdentifier
        else { return }
        // A data source that makes its own cells instead of dequeuing would grow the queue
        // without end; keep at most the largest screenful seen (plus a few) per identifier,
        // so a view that shrinks and grows back does not make its cells again.
        let limit = max(8, visibleHighWater + 4)
        if reusePools[identifier, default: []].count < limit { reusePools[identifier, default: []].append(cell) }
    }

    /// The cells waiting in the queue of `identifier`.
    public func queuedCellCount(forIdentifier identifier: String) -> Int {
        reusePools[identifier]?.count ?? 0
    }

    /// A cell for a title header.
    func dequeueHeaderTitleCell() -> BasicCell {
        if var pool = reusePools[TableView.headerTitleIdentifier], let cell = pool.popLast() as? BasicCell {
            reusePools[TableView.headerTitleIdentifier] = pool
            cell.prepareForReuse()
            return cell
        }
        let cell = BasicCell(reuseIdentifier: TableView.headerTitleIdentifier)
        cell.isSelectable = false
        cell.selectionStyle = .none
        return cell
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
