import TermTableCore
import TermTableLayout

/// A cell template from a layout file: built into a prototype once, cloned for every new cell.
///
/// The prototype view tree is made the first time it is needed; after that
/// ``instantiate()`` is a deep copy (``/TermTableCore/View/copy()``), which keeps tags, names,
/// actions, styles and autoresizing; its views are its own, and only handler
/// closures (which cannot be copied) are shared with the prototype and other
/// copies. ``cloneCount`` counts the copies made.
@MainActor
public final class CellTemplate {
    /// The cell as the layout file describes it.
    public let spec: CellSpec
    /// The number of cells made from this template.
    public private(set) var cloneCount = 0
    private var prototype: TableViewCell?

    /// Creates a template from a parsed cell.
    public init(spec: CellSpec) {
        self.spec = spec
    }

    /// The reuse identifier.
    public var identifier: String { spec.identifier }

    /// A fresh, independent cell laid out from the template.
    public func instantiate() -> TableViewCell {
        instantiate(as: TableViewCell.self)
    }

    /// A fresh cell laid out from the template, copied as `cellClass` (a generated typed cell finds its fields as
    /// it is copied): one copy of the prototype, whatever the class.
    public func instantiate<Cell: TableViewCell>(as cellClass: Cell.Type) -> Cell {
        cloneCount += 1
        if prototype == nil { prototype = CellTemplate.build(spec) }
        return cellClass.init(copying: prototype!)
    }

    /// Builds a cell's view tree from its spec (done once per template).
    static func build(_ spec: CellSpec) -> TableViewCell {
        let cell = TableViewCell(reuseIdentifier: spec.identifier)
        cell.height = spec.height
        cell.heightIsAutomatic = spec.heightIsAutomatic
        cell.frame = Rect(x: 0, y: 0, width: spec.width, height: spec.height)
        cell.selectionStyle = spec.selectionStyle
        cell.accessory = spec.accessory
        cell.indentationLevel = spec.indentation
        cell.isSelectable = spec.selectable
        cell.backgroundStyle = spec.style
        let design = Size(width: spec.width, height: spec.height)
        for viewSpec in spec.views {
            let view = makeView(viewSpec)
            view.frame = viewSpec.frame
            view.tag = viewSpec.tag
            view.name = viewSpec.name
            view.autoresizing = viewSpec.autoresizing
            view.shrinkRule = viewSpec.shrinkRule
            view.isHidden = viewSpec.properties.hidden ?? false
            view.captureDesign(in: design)
            cell.contentView.addSubview(view)
        }
        return cell
    }

    /// The view for one field.
    static func makeView(_ spec: ViewSpec) -> View {
        let p = spec.properties
        switch spec.kind {
        case .label, .text:
            let label = Label(text: p.text ?? "")
            label.textStyle = spec.style
            label.alignment = p.alignment ?? .left
            label.truncation = p.truncation ?? .tail
            if let lines = p.wrapLines {
                label.numberOfLines = lines
            } else if spec.frame.height > 1 && spec.kind == .label {
                label.numberOfLines = 0
            }
            return label
        case .progress:
            let bar = ProgressBar(value: p.value ?? 0)
            bar.showsPercentage = p.showsPercentage ?? false
            bar.barStyle = spec.style
            return bar
        case .button:
            let button = Button(title: p.text ?? "", action: p.action)
            button.titleStyle = spec.style
            button.alignment = p.alignment ?? .center
            button.truncation = p.truncation ?? .tail
            return button
        case .field:
            let field = TextField(text: p.text ?? "", placeholder: p.placeholder ?? "")
            field.action = p.action
            field.alignment = p.alignment ?? .left
            if spec.style != .plain { field.textStyle = spec.style }
            return field
        case .slider:
            let low = p.minimum ?? 0
            let high = max(low, p.maximum ?? 1)
            let slider = Slider(value: p.value ?? low, range: low...high, step: p.step)
            slider.action = p.action
            slider.trackStyle = spec.style
            return slider
        case .glyph:
            let glyph = Glyph(symbol: p.symbol?.first ?? "•")
            glyph.symbolStyle = spec.style
            return glyph
        case .separator:
            let separator = Separator()
            separator.symbol = p.symbol?.first
            if spec.style != .plain { separator.lineStyle = spec.style }
            return separator
        case .box:
            let box = Box(title: p.text)
            box.borderStyle = spec.style
            return box
        }
    }
}
