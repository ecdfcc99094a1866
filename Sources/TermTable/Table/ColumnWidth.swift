/// How wide a ``TableColumn`` is.
public enum ColumnWidth: Hashable, Sendable {
    /// Exactly this many terminal columns.
    case fixed(Int)
    /// A share of the room left once every column has its own width (the layout format's `stretch`): the
    /// shares of all fraction columns are weighed against each other. Its own width is that of its title and
    /// the text measured so far, as for ``fitContent``.
    case fraction(Double)
    /// The widest of: the title, the rows drawn so far, a sample of up to 100 rows asked at reload (a
    /// ``TableViewColumnDataSource``), never all rows; capped by ``TableColumn/maximumWidth``
    /// (``TableColumn/defaultMaximumWidth`` without one).
    case fitContent
}
