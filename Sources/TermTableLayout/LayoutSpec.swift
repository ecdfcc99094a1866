import TermTableCore

/// A place in a layout file: file, line and column (both 1-based).
public struct LayoutLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given to the loader (or a name for strings).
    public var file: String
    /// The line, 1-based.
    public var line: Int
    /// The column, 1-based, counted in characters.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors jump to.
    public var description: String { "\(file):\(line):\(column)" }
}

/// What a selected cell looks like.
public enum SelectionStyle: Hashable, Sendable {
    /// Not highlighted when selected.
    case none
    /// The theme's cursor style across the whole row (``/TermTableCore/Theme/Role/cursor``: reverse video in the
    /// default themes), the default.
    case reverse
    /// A style of its own, merged over every view of the row (its colours win; a view keeps its own
    /// colour where this style gives none).
    case custom(Style)

    /// The style merged over the row's content when selected, nil for `.none`.
    public var style: Style? {
        switch self {
        case .none: return nil
        case .reverse: return Style(role: .cursor)
        case .custom(let style): return style
        }
    }
}

/// The mark at the right end of a cell.
public enum CellAccessory: String, Hashable, Sendable, CaseIterable {
    /// No mark.
    case none
    /// `›`: the row opens something.
    case disclosure
    /// `✓`: the row is chosen.
    case checkmark
}

/// The kinds of view a layout field can be.
public enum ViewKind: String, Hashable, Sendable, CaseIterable {
    /// ``/TermTableCore/Label``: text.
    case label
    /// ``/TermTableCore/ProgressBar``.
    case progress
    /// ``/TermTableCore/Button``.
    case button
    /// ``/TermTableCore/TextField``: editable text.
    case field
    /// ``/TermTableCore/Slider``.
    case slider
    /// ``/TermTableCore/Glyph``: one symbol.
    case glyph
    /// ``/TermTableCore/Separator``: a line.
    case separator
    /// ``/TermTableCore/Box``: a border with an optional title.
    case box
    /// Static text drawn on the canvas outside brackets (a ``/TermTableCore/Label`` with tag 0).
    case text
}

extension ViewKind {
    /// The name of the view class a field of this kind is made as (`label` and `text`: `Label`).
    ///
    /// What the generated accessors declare and what `CellTemplate` builds; one table for both.
    public var viewClassName: String {
        switch self {
        case .label, .text: "Label"
        case .progress: "ProgressBar"
        case .button: "Button"
        case .field: "TextField"
        case .slider: "Slider"
        case .glyph: "Glyph"
        case .separator: "Separator"
        case .box: "Box"
        }
    }
}

/// The typed properties of a field, each nil when the layout does not set it.
public struct ViewProperties: Hashable, Sendable {
    /// Text of a label or field, title of a button or box, shown until the app sets it (`text=`, `title=`, `sample=`).
    public var text: String?
    /// Alignment of text in the field (`align=left|center|right`).
    public var alignment: TextAlignment?
    /// Where too-long text is cut (`truncate=head|middle|tail|clip`).
    public var truncation: TerminalText.TruncationMode?
    /// Maximum lines a label wraps to: 0 for `wrap` alone (as many as the field is drawn tall, stretched
    /// or not), N for `wrap=N`; nil without `wrap`.
    public var wrapLines: Int?
    /// The action sent by a button, slider or field (`action=NAME`).
    public var action: String?
    /// Initial value of a progress bar or slider (`value=`).
    public var value: Double?
    /// Lowest value of a slider (`min=`).
    public var minimum: Double?
    /// Highest value of a slider (`max=`).
    public var maximum: Double?
    /// Step of a slider (`step=`).
    public var step: Double?
    /// Placeholder of a text field (`placeholder=`).
    public var placeholder: String?
    /// The symbol of a glyph, the line character of a separator (`symbol=`).
    public var symbol: String?
    /// A hidden view (`hidden`).
    public var hidden: Bool?
    /// A progress bar that shows its percentage (`percent`).
    public var showsPercentage: Bool?
    /// The field's column title in a header row built from the cell (`heading=`, see `ColumnHeaderView` in TermTable).
    public var heading: String?

    /// No property set.
    public init() {}
}

/// One view of a cell template as the layout file describes it.
public struct ViewSpec: Hashable, Sendable {
    /// The integer tag (0 for static text).
    public var tag: Int
    /// The name given in the field (`[1 title]`) or by `name=`.
    public var name: String?
    /// The kind of view.
    public var kind: ViewKind
    /// The frame on the canvas (x, y within the cell; width and height of the field).
    public var frame: Rect
    /// How the view follows the cell's size (`stretch`, `pin=right`, ...).
    public var autoresizing: Autoresizing
    /// How the view gives way when the cell is narrower than its canvas (`min-width=`, `shrink=`, `hide-below=`).
    public var shrinkRule: ShrinkRule
    /// The view's text style (`style=bold,dim fg=red bg=default`).
    public var style: Style
    /// Kind-specific properties.
    public var properties: ViewProperties
    /// Where the field is drawn (for errors found later, e.g. by the builder).
    public var location: LayoutLocation

    /// Creates a view spec.
    public init(
        tag: Int, name: String? = nil, kind: ViewKind, frame: Rect, autoresizing: Autoresizing = [],
        shrinkRule: ShrinkRule = ShrinkRule(), style: Style = .plain,
        properties: ViewProperties = ViewProperties(), location: LayoutLocation
    ) {
        self.tag = tag
        self.name = name
        self.kind = kind
        self.frame = frame
        self.autoresizing = autoresizing
        self.shrinkRule = shrinkRule
        self.style = style
        self.properties = properties
        self.location = location
    }
}

/// One root cell template of a layout file.
public struct CellSpec: Hashable, Sendable {
    /// The most lines a cell's canvas may have: taller cells are refused at the first line over it, so a
    /// layout cannot make a preview or a table draw (and hold) tens of thousands of lines per cell.
    public static let maximumHeight = 256

    /// The reuse identifier (required, unique in a file).
    public var identifier: String
    /// The canvas width the cell was drawn at, in columns.
    public var width: Int
    /// The cell's height in lines (the canvas height).
    public var height: Int
    /// Whether the row is as tall as its content at the row's width (`height=auto`), never shorter than
    /// ``height``.
    public var heightIsAutomatic: Bool
    /// Whether the row can be selected (`selectable=no` for headers).
    public var selectable: Bool
    /// How the row looks when selected.
    public var selectionStyle: SelectionStyle
    /// The mark at the right end.
    public var accessory: CellAccessory
    /// Indentation level (each level is two columns).
    public var indentation: Int
    /// The cell's background style (`style=`), nil for none.
    public var style: Style?
    /// The views: fields and static text, in canvas order (top to bottom, left to right).
    public var views: [ViewSpec]
    /// Where the `cell` line is.
    public var location: LayoutLocation

    /// Creates a cell spec.
    public init(
        identifier: String, width: Int, height: Int, selectable: Bool = true,
        selectionStyle: SelectionStyle = .reverse, accessory: CellAccessory = .none,
        indentation: Int = 0, style: Style? = nil, views: [ViewSpec], location: LayoutLocation,
        heightIsAutomatic: Bool = false
    ) {
        self.identifier = identifier
        self.width = width
        self.height = height
        self.heightIsAutomatic = heightIsAutomatic
        self.selectable = selectable
        self.selectionStyle = selectionStyle
        self.accessory = accessory
        self.indentation = indentation
        self.style = style
        self.views = views
        self.location = location
    }
}

/// A parsed layout file: its cell templates in file order.
public struct LayoutDocument: Hashable, Sendable {
    /// The file's path or name.
    public var file: String
    /// The cell templates, in file order.
    public var cells: [CellSpec]

    /// Creates a document.
    public init(file: String, cells: [CellSpec]) {
        self.file = file
        self.cells = cells
    }

    /// The cell with `identifier`.
    public func cell(_ identifier: String) -> CellSpec? {
        cells.first { $0.identifier == identifier }
    }
}
