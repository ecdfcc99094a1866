import FoundationEssentials
import TermTableCore
import TermTableLayout

/// Draws a ``LayoutPreviewModel`` at the view's width: a status line, the file's errors, every cell, a help line.
///
/// Each cell is drawn as a table would draw it at the view's width, filled
/// with its fields' `sample=` values, under a line naming it; the cursor's
/// cell is marked `▶`. When the file does not load, its errors come first
/// (file:line:col, the source line, the caret, the hint), above the cells of
/// the last version that loaded. Keys: ↑↓ / j k move, PgUp PgDn Home End
/// jump, s or space selects, h highlights, r reads the file again; a click
/// puts the cursor on a cell and the wheel moves it. Everything else (q)
/// is left to the app.
@MainActor
package final class LayoutPreviewView: View {
    /// The model drawn.
    package let model: LayoutPreviewModel
    /// What the status line says after the file's name and width (how the file is followed).
    package var statusNote = ""
    /// The first content line shown (content scrolls under the status line).
    package private(set) var top = 0

    /// The help line at the bottom.
    nonisolated package static let help = "↑↓/jk move · s select · h highlight · r reload · q quit"

    private var cells: [String: TableViewCell] = [:]
    private var cellsLibrary: ObjectIdentifier?
    /// Where each identifier's block (name line, header row, cell) starts in content lines, and its height.
    private var blocks: [(start: Int, height: Int)] = []

    /// A view drawing `model`.
    package init(model: LayoutPreviewModel) {
        self.model = model
        super.init(frame: .zero)
    }

    package override var acceptsFocus: Bool { true }

    // MARK: Content

    /// One line of content: text, a cell's name line, its header row, or a line of the cell itself.
    private enum Line {
        case text(String, Style)
        case cellTitle(Int)
        case columnHeader(String)
        case cell(Int, row: Int)
    }

    /// The content lines at `width`, recording where each cell's block is.
    private func contentLines(width: Int) -> [Line] {
        var lines: [Line] = []
        if let problem = model.problem {
            for line in problem.split(separator: "\n", omittingEmptySubsequences: false) {
                // Tabs would move the terminal's cursor: a tab is one column in the line and under the caret alike.
                let text = TerminalText.sanitize(String(line.map { $0 == "\t" ? " " : $0 }))
                let style: Style =
                    text.contains(": error: ") || text.hasPrefix("error: ")
                    ? Style(role: .error, attributes: .bold)
                    : text.hasPrefix("hint: ") ? Style(role: .warning) : .plain
                lines.append(.text(text, style))
            }
            lines.append(.text("", .plain))
            if model.library != nil {
                lines.append(.text("── the last version that loaded ──", .dim))
                lines.append(.text("", .plain))
            }
        }
        blocks = []
        guard let library = model.library else { return lines }
        for (index, identifier) in model.identifiers.enumerated() {
            guard let template = try? library.template(identifier) else { continue }
            let start = lines.count
            lines.append(.cellTitle(index))
            if let header = LayoutPreview.renderColumnHeader(template, width: width) {
                lines.append(.columnHeader(header))
            }
            var height = template.spec.height
            if template.spec.heightIsAutomatic, let cell = cell(for: identifier) {
                height = rows(of: cell, width: width)
            }
            for row in 0..<height { lines.append(.cell(index, row: row)) }
            blocks.append((start, lines.count - start))
            lines.append(.text("", .plain))
        }
        return lines
    }

    /// A fresh cell per identifier for each version of the file, kept while the version is shown.
    private func cell(for identifier: String) -> TableViewCell? {
        guard let library = model.library else { return nil }
        if cellsLibrary != ObjectIdentifier(library) {
            cells = [:]
            cellsLibrary = ObjectIdentifier(library)
        }
        if let cell = cells[identifier] { return cell }
        guard let cell = try? library.instantiate(identifier) else { return nil }
        cells[identifier] = cell
        return cell
    }

    /// The lines `cell` is drawn on at `width`: its height, or for a `height=auto` cell the lines its content
    /// needs there (at most ``/TermTableLayout/CellSpec/maximumHeight``), as a table would draw its row.
    private func rows(of cell: TableViewCell, width: Int) -> Int {
        guard cell.heightIsAutomatic else { return cell.height }
        return min(max(cell.height, cell.heightThatFits(width: width)), CellSpec.maximumHeight)
    }

    /// The lines between the status and help lines.
    private var visibleHeight: Int { max(0, frame.height - 2) }

    /// Scrolls so the cursor's whole block is shown (its top when it is taller than the screen).
    private func scrollToCursor(contentHeight: Int) {
        let visible = visibleHeight
        if model.identifiers.indices.contains(model.cursor), blocks.indices.contains(model.cursor) {
            let block = blocks[model.cursor]
            if block.start + block.height > top + visible { top = block.start + block.height - visible }
            if block.start < top { top = block.start }
            if model.cursor == 0, model.problem != nil { top = 0 }  // the errors stay in view above the first cell
        }
        top = min(max(0, top), max(0, contentHeight - visible))
    }

    // MARK: Drawing

    package override func draw(in context: DrawContext) {
        let width = frame.width
        context.fill(bounds)
        let lines = contentLines(width: width)
        scrollToCursor(contentHeight: lines.count)
        for y in 0..<visibleHeight {
            let index = top + y
            guard index < lines.count else { break }
            draw(lines[index], at: y + 1, width: width, in: context)
        }
        drawStatus(width: width, in: context)
        if frame.height > 1 {
            context.fill(Rect(x: 0, y: frame.height - 1, width: width, height: 1), style: Style(role: .cursor))
            context.put(" " + LayoutPreviewView.help, at: Point(x: 0, y: frame.height - 1), style: Style(role: .cursor))
        }
    }

    private func draw(_ line: Line, at y: Int, width: Int, in context: DrawContext) {
        switch line {
        case .text(let text, let style):
            context.put(text, at: Point(x: 0, y: y), style: style)
        case .columnHeader(let text):
            context.put(text, at: Point(x: 0, y: y), style: .underline)
        case .cellTitle(let index):
            let identifier = model.identifiers[index]
            guard let spec = try? model.library?.spec(identifier) else { return }
            var title = (index == model.cursor ? "▶ " : "  ") + identifier
            title +=
                " · height \(spec.heightIsAutomatic ? "auto" : "\(spec.height)") · designed at \(spec.width) columns"
            if model.selected.contains(identifier) { title += " · selected" }
            if model.highlighted.contains(identifier) { title += " · highlighted" }
            context.put(title, at: Point(x: 0, y: y), style: Style(role: index == model.cursor ? .title : .dim))
        case .cell(let index, let row):
            // A cell is drawn whole once, from its first line on screen (rows above the screen are clipped).
            guard row == 0 || y == 1 else { return }
            let identifier = model.identifiers[index]
            guard let cell = cell(for: identifier) else { return }
            cell.isSelected = model.selected.contains(identifier)
            cell.isHighlighted = model.highlighted.contains(identifier)
            cell.frame = Rect(x: 0, y: y - row, width: width, height: rows(of: cell, width: width))
            // Drawn the way a view draws its subviews (mark and selection styles included), inside the content area.
            var content = context
            content.clip = context.clip.intersection(
                Rect(x: context.origin.x, y: context.origin.y + 1, width: width, height: visibleHeight))
            cell.layoutIfNeeded()
            renderSubview(cell, in: content)
        }
    }

    private func drawStatus(width: Int, in context: DrawContext) {
        let name = TerminalText.sanitize(URL(filePath: model.path).lastPathComponent)
        var status = " \(name) · \(width) columns"
        switch model.state {
        case .unread: break
        case .loaded, .missing:
            if let identifier = model.currentIdentifier {
                status += " · \(model.cursor + 1)/\(model.identifiers.count) \(identifier)"
            }
        case .failed:
            status += " · does not load"
        }
        if model.state == .missing { status += " · the file is gone, waiting for it" }
        if !statusNote.isEmpty { status += " · " + statusNote }
        context.fill(Rect(x: 0, y: 0, width: width, height: 1), style: Style(role: .cursor))
        context.put(status, at: .zero, style: Style(role: .cursor))
    }

    // MARK: Input

    package override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .down, Key("j"): model.moveCursor(by: 1)
        case .up, Key("k"): model.moveCursor(by: -1)
        case .pageDown: model.moveCursor(by: max(1, pageCells()))
        case .pageUp: model.moveCursor(by: -max(1, pageCells()))
        case .home: model.moveCursor(to: 0)
        case .end: model.moveCursor(to: model.identifiers.count - 1)
        case Key("s"), .space: model.toggleSelected()
        case Key("h"): model.toggleHighlighted()
        case Key("r"): model.reload()
        default: return false
        }
        setNeedsDisplay()
        return true
    }

    /// About how many cells a screenful holds (for the page keys).
    private func pageCells() -> Int {
        guard !blocks.isEmpty else { return 1 }
        let average = blocks.map(\.height).reduce(0, +) / blocks.count + 1
        return max(1, visibleHeight / max(1, average))
    }

    package override func handleMouse(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .wheelDown: model.moveCursor(by: 1)
        case .wheelUp: model.moveCursor(by: -1)
        case .press:
            let line = top + point.y - 1
            guard point.y >= 1, point.y <= visibleHeight,
                let index = blocks.firstIndex(where: { line >= $0.start && line < $0.start + $0.height + 1 })
            else { return false }
            model.moveCursor(to: index)
        default: return false
        }
        setNeedsDisplay()
        return true
    }
}
