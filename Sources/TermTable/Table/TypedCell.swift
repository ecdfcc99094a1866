/// A cell class generated from a `.layout` file by `TermTableLayoutPlugin`: its named fields are typed properties.
///
/// The generated class is a ``TableViewCell`` subclass with one property per
/// named field, of the class the layout declares (a `label` field is a
/// ``/TermTableCore/Label``, a `progress` field a ``/TermTableCore/ProgressBar``). The fields are found once,
/// when the cell is made from its template (``/TermTableCore/View/init(copying:)``), and kept:
/// reading one is reading a stored property, with no look-up by name or tag,
/// and a recycled cell keeps them.
///
/// ```swift
/// let cell = tableView.dequeueReusableCell(NewsLayout.news, for: indexPath)
/// cell.title.text = article.title
/// return cell
/// ```
public protocol TypedCell: TableViewCell {
    /// The named fields the class expects, with the kind the layout gave each (to check layouts loaded at run time).
    static var fields: [TypedCellField] { get }
}

/// One named field of a generated ``TypedCell``: its name and the kind of view the layout declares.
public struct TypedCellField: Hashable, Sendable {
    /// The field's name in the layout (`[2 title]`, `name=title`).
    public var name: String
    /// The kind of view the layout declares for it.
    public var kind: ViewKind

    /// Creates a field description.
    public init(_ name: String, _ kind: ViewKind) {
        self.name = name
        self.kind = kind
    }
}

extension TableViewCell {
    /// The view named `name` as a `type`, for a generated ``TypedCell``; throws when there is none or it is of another class.
    public func typedField<T: View>(_ name: String, as type: T.Type) throws(TypedCellError) -> T {
        guard let view = view(named: name) else {
            throw .missingField(name, expected: String(describing: T.self), identifier: reuseIdentifier)
        }
        guard let match = view as? T else {
            throw .wrongClass(
                name, expected: String(describing: T.self), found: String(describing: Swift.type(of: view)),
                identifier: reuseIdentifier)
        }
        return match
    }

    /// Stops the program, the terminal restored, for a generated cell whose fields do not match its layout.
    ///
    /// A programmer error, as an unregistered identifier: ``TableView/register(_:from:)``
    /// checks a layout loaded at run time before any cell is made, so this is only
    /// reached by a cell made from an unchecked template, or built in code.
    public static func failTypedCell(_ error: TypedCellError) -> Never {
        TerminalGuard.fail("\(error)")
    }
}
