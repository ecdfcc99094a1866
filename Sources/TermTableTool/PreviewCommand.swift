import ArgumentParser
import Foundation
import TermTable

/// `termtable preview FILE`: shows the cells of a layout file as they will look.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show the cells of a layout file.",
        discussion: """
            In a terminal, shows every cell at the terminal's width and lays them out again when \
            the window is resized (arrows and page keys scroll, q quits). With --width, or when \
            the output is not a terminal, prints each cell framed with its identifier and height.
            """
    )

    @Argument(help: "The .layout file.")
    var file: String

    @Option(help: "Print the cells at this width, 1 to 4096 (default 80 when the output is not a terminal).")
    var width: Int?

    @Option(help: "Show only the cell with this identifier.")
    var identifier: String?

    func validate() throws {
        if let width, !LayoutPreview.widths.contains(width) {
            throw ValidationError("--width must be between \(LayoutPreview.widths.lowerBound) and "
                                  + "\(LayoutPreview.widths.upperBound) columns (got \(width))")
        }
    }

    func run() async throws {
        let status = await PreviewCommand.preview(file: file, width: width, identifier: identifier)
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    static func preview(file: String, width: Int?, identifier: String?) -> Int32 {
        do {
            let library = try LayoutLibrary(contentsOf: file)
            let identifiers = try identifier.map { [try library.spec($0).identifier] } ?? library.identifiers
            if width != nil || isatty(STDOUT_FILENO) == 0 {
                print(try LayoutPreview.render(library, identifiers: identifiers, width: width ?? 80))
            } else {
                try interactive(library, identifiers: identifiers, file: file)
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data((String(describing: error) + "\n").utf8))
            return 1
        }
    }

    /// Shows the cells on the terminal until q.
    @MainActor
    static func interactive(_ library: LayoutLibrary, identifiers: [String], file: String) throws {
        let screen = try CursesScreen()
        defer { screen.close() }
        var top = 0
        var contentHeight = 0
        func draw() throws {
            screen.clear()
            let size = screen.size
            var y = 1 - top
            for identifier in identifiers {
                let template = try library.template(identifier)
                let height = template.spec.height
                screen.put("\(identifier) · height \(height) · designed at \(template.spec.width) columns",
                           at: Point(x: 0, y: y), style: .dim)
                let cell = template.instantiate()
                cell.frame = Rect(x: 0, y: y + 1, width: size.width, height: height)
                if y + 1 + height > 1 && y + 1 < size.height { cell.render(on: screen) }
                y += height + 2
            }
            contentHeight = y + top
            screen.fill(Rect(x: 0, y: 0, width: size.width, height: 1), with: " ", style: .reverse)
            screen.put(" \(file) · \(size.width) columns · ↑↓ scroll · q quits", at: .zero, style: .reverse)
            screen.flush()
        }
        try draw()
        while true {
            guard let event = screen.nextEvent(timeout: nil) else { continue }
            let page = max(1, screen.size.height - 2)
            let limit = max(0, contentHeight - screen.size.height)
            switch event {
            case .key(let key) where key == Key("q") || key == .escape: return
            case .key(let key) where key == .down || key == Key("j"): top = min(limit, top + 1)
            case .key(let key) where key == .up || key == Key("k"): top = max(0, top - 1)
            case .key(let key) where key == .pageDown || key == .space: top = min(limit, top + page)
            case .key(let key) where key == .pageUp: top = max(0, top - page)
            case .key(let key) where key == .home: top = 0
            case .key(let key) where key == .end: top = limit
            case .mouse(let mouse) where mouse.kind == .wheelDown: top = min(limit, top + 3)
            case .mouse(let mouse) where mouse.kind == .wheelUp: top = max(0, top - 3)
            default: break
            }
            try draw()
        }
    }
}
