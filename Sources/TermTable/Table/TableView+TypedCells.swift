extension TableView {
    /// Registers `template` for the cells of a typed identifier (usually the template of the same identifier).
    public func register<Cell>(template: CellTemplate, for identifier: CellIdentifier<Cell>) {
        register(template: template, forCellReuseIdentifier: identifier.rawValue)
    }

    /// Registers the template of `identifier` from `library`, after checking it has every field the typed cell expects.
    ///
    /// ```swift
    /// try tableView.register(NewsLayout.news, from: NewsLayout.library())
    /// ```
    public func register<Cell>(_ identifier: CellIdentifier<Cell>, from library: LayoutLibrary) throws {
        try identifier.check(in: library)
        register(template: try library.template(identifier.rawValue), for: identifier)
    }

    /// A recycled or fresh cell of `identifier`, as its generated class: the fields are properties, found once per cell.
    ///
    /// A fresh cell is copied from the template as `Cell` (its fields found then);
    /// a recycled one already is a `Cell`, so handing it out costs one type check.
    /// An identifier never registered is a programmer error, as with the string API.
    public func dequeueReusableCell<Cell>(_ identifier: CellIdentifier<Cell>, for indexPath: IndexPath) -> Cell {
        let cell: TableViewCell
        do {
            cell = try reuse.dequeue(identifier.rawValue, copyingTemplateAs: Cell.self)
        } catch {
            TerminalGuard.fail("\(error)")
        }
        if let typed = cell as? Cell { return typed }
        // A cell made for the string API (recycled, or of a class registered in code) is copied as `Cell`.
        let typed = Cell(copying: cell)
        typed.reuseIdentifier = identifier.rawValue
        return typed
    }
}
