/// A reuse identifier that knows the class of its cells: what a generated layout accessor hands a table.
///
/// `TermTableLayoutPlugin` generates one per cell of a `.layout` file
/// (`NewsLayout.news` for `cell news` in `News.layout`), so a misspelt
/// identifier is a compile error, not a run-time one:
///
/// ```swift
/// try tableView.register(NewsLayout.news, from: library)
/// let cell = tableView.dequeueReusableCell(NewsLayout.news, for: indexPath)
/// cell.title.text = article.title
/// return cell
/// ```
///
/// ``rawValue`` is the plain string, for the string API
/// (`dequeueReusableCell(withIdentifier:for:)` with a string).
public struct CellIdentifier<Cell: TypedCell>: Hashable, Sendable, CustomStringConvertible {
    /// The reuse identifier as the layout file spells it.
    public let rawValue: String

    /// An identifier for cells whose fields `Cell` gives.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The identifier itself.
    public var description: String { rawValue }

    /// Checks that `library` has this cell with every field `Cell` expects, of the declared kind.
    ///
    /// For layouts loaded at run time (a user's restyled copy): a field renamed or
    /// of another kind is found here, with the file and the field named, instead of
    /// when the first cell is shown.
    @MainActor
    public func check(in library: LayoutLibrary) throws(TypedCellError) {
        guard let spec = try? library.spec(rawValue) else { throw .missingCell(rawValue, files: library.files) }
        for field in Cell.fields {
            guard let view = spec.views.first(where: { $0.name == field.name }) else {
                throw .missingField(field.name, expected: field.kind.viewClassName, identifier: rawValue)
            }
            if !Self.sameClass(view.kind, field.kind) {
                throw .wrongClass(
                    field.name, expected: field.kind.viewClassName, found: view.kind.viewClassName,
                    identifier: rawValue)
            }
        }
    }

    /// A fresh cell of this identifier from `library`, outside any table (to read a template's styles, to measure).
    @MainActor
    public func makeCell(from library: LayoutLibrary) throws -> Cell {
        try check(in: library)
        let cell = try library.template(rawValue).instantiate(as: Cell.self)
        cell.reuseIdentifier = rawValue
        return cell
    }

    /// True when fields of kinds `a` and `b` are made as the same class.
    static func sameClass(_ a: ViewKind, _ b: ViewKind) -> Bool { a.viewClassName == b.viewClassName }
}
