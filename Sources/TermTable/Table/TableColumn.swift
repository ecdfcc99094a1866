import TermTableCore
import TermTableLayout

/// A column of a table: `NSTableColumn`'s role, as a value.
///
/// Give a table its columns with ``TableView/addTableColumn(_:)`` (or ``TableView/tableColumns``): the table
/// then shows a header row of their titles, lays the columns out (``ColumnWidth``, ``/TermTableCore/ShrinkRule``), scrolls
/// them sideways by whole column with the first ``TableView/frozenColumnCount`` kept in place, and places a
/// row's cells at their frames. Columns declared in a layout file with `heading=`
/// (``TableColumn/columns(of:)-(CellTemplate)``) and columns made at run time are the same thing.
///
/// ```swift
/// table.addTableColumn(TableColumn("name", title: "NAME", width: .fraction(1)))
/// table.addTableColumn(TableColumn("size", title: "SIZE", valueType: .integer))   // right-aligned
/// ```
///
/// The delegate hears which column title was clicked (``TableViewDelegate/tableView(_:didSelectColumn:)``).
public struct TableColumn: Hashable, Sendable {
    /// The column's identifier, unique in a table (a layout field's name, or its tag written as a number).
    public var identifier: String
    /// The title shown in the header row (`heading=`).
    public var title: String
    /// The tag of the cell subview this column places (a layout field's tag); 0 for a column made in code,
    /// whose cells get a ``/TermTableCore/Label`` (``TableViewCell/view(forColumn:)``).
    public var tag: Int
    /// The layout field's name, when the column comes from a layout (`[3 cpu]` or `name=cpu`).
    public var name: String?
    /// How wide the column is (default ``ColumnWidth/fitContent``).
    public var width: ColumnWidth
    /// The widest the column gets (nil: no bound beyond the view for fixed and fraction columns; fit-content
    /// columns stop at ``TableColumn/defaultMaximumWidth``).
    public var maximumWidth: Int?
    /// How the column's text and title are aligned (default: right for numbers, else left).
    public var alignment: TextAlignment
    /// What the column holds (default ``/TermTableCore/ColumnValueType/text``); numbers are right-aligned by default.
    public var valueType: ColumnValueType
    /// The layout format's narrow-width rules: how far the column narrows (`min-width=`), in which order
    /// (`shrink=`; by default fraction columns first, the widest stretching text column last of all) and the
    /// table width below which it is hidden (`hide-below=`). Columns that still do not fit scroll sideways
    /// rather than hide.
    public var shrink: ShrinkRule
    /// True for a column kept in ``TableView/tableColumns`` but not shown.
    public var isHidden: Bool
    /// The sort a click on the column's title (or a sort key) starts with: the column and its first direction;
    /// nil when the column cannot be sorted. Default: ascending by this column.
    public var sortDescriptorPrototype: TableSortDescriptor?

    /// The widest a ``ColumnWidth/fitContent`` column gets without a ``maximumWidth``.
    public static let defaultMaximumWidth = 40

    /// Creates a column made in code.
    ///
    /// - Parameters:
    ///   - identifier: Unique in the table; also the title when `title` is nil.
    ///   - title: The header's text.
    ///   - width: The width rule.
    ///   - maximumWidth: The widest the column gets (``maximumWidth``).
    ///   - alignment: Nil: right for ``/TermTableCore/ColumnValueType/integer`` and
    ///     ``/TermTableCore/ColumnValueType/decimal``, else left.
    ///   - valueType: What the column holds.
    ///   - shrink: How the column gives way when the columns do not fit (``shrink``).
    ///   - sortable: False for a column that a click on its title does not sort (no
    ///     ``sortDescriptorPrototype``).
    public init(
        _ identifier: String, title: String? = nil, width: ColumnWidth = .fitContent, maximumWidth: Int? = nil,
        alignment: TextAlignment? = nil, valueType: ColumnValueType = .text, shrink: ShrinkRule = ShrinkRule(),
        sortable: Bool = true
    ) {
        self.identifier = identifier
        self.title = title ?? identifier
        self.tag = 0
        self.name = nil
        self.width = width
        self.maximumWidth = maximumWidth
        self.alignment = alignment ?? valueType.defaultAlignment
        self.valueType = valueType
        self.shrink = shrink
        self.isHidden = false
        self.sortDescriptorPrototype = sortable ? TableSortDescriptor(column: identifier) : nil
    }

    /// Creates the column of a layout field: identified by its name, or by its tag written as a number.
    public init(tag: Int, name: String? = nil, title: String) {
        self.init(name ?? String(tag), title: title)
        self.tag = tag
        self.name = name
    }

    /// The columns a cell template declares with `heading=`, in the template's order (top to bottom, left to
    /// right): tag, name, title, width (the field's design width, or ``ColumnWidth/fraction(_:)`` 1 when it
    /// stretches), alignment and shrink rule of each field.
    public static func columns(of template: CellTemplate) -> [TableColumn] { columns(of: template.spec) }

    /// The columns a parsed cell declares with `heading=` (as for a template).
    public static func columns(of spec: CellSpec) -> [TableColumn] {
        spec.views.compactMap { view in
            guard let heading = view.properties.heading else { return nil }
            var column = TableColumn(tag: view.tag, name: view.name, title: heading)
            column.width = view.autoresizing.contains(.flexibleWidth) ? .fraction(1) : .fixed(view.frame.width)
            column.alignment = view.properties.alignment ?? .left
            column.shrink = view.shrinkRule
            return column
        }
    }
}
