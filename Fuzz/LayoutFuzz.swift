// libFuzzer harness for the layout format: parser, lint, library, naming check, templates,
// cells drawn at nine widths and in a table. Built by Scripts/fuzz.sh together with the
// TermTable sources into one module (so internal API is reachable), not by SwiftPM.
import Foundation

/// Draws every cell of the input at many widths and in tables; any trap, memory error or leak is a finding.
@MainActor
func fuzzLayout(_ text: String) {
    let (_, errors) = LayoutParser.check(text, file: "fuzz.layout")
    for error in errors.prefix(50) { _ = error.description }
    _ = LayoutLint.format(LayoutLint.lint(text: text, file: "fuzz.layout", strict: true).errors)
    guard let library = try? LayoutLibrary(string: text, name: "fuzz.layout") else { return }
    do { try library.checkNaming() } catch { _ = error.description }

    for identifier in library.identifiers {
        guard let template = try? library.template(identifier) else { continue }
        let designed = template.spec.width
        let height = template.spec.height
        for width in [0, 1, 2, 5, 13, designed - 1, designed, designed + 7, 120] where width >= 0 {
            let cell = template.instantiate()
            let screen = BufferScreen(width: width, height: height)
            cell.frame = Rect(x: 0, y: 0, width: width, height: height)
            cell.render(on: screen)
            cell.frame = Rect(x: 0, y: 0, width: width / 2, height: height)
            cell.render(on: screen)
        }
    }
    _ = try? LayoutPreview.render(library, width: 1)
    _ = try? LayoutPreview.render(library, width: 40)

    // A table of two rows per identifier, labels filled in, drawn at three sizes and scrolled.
    let table = TableView()
    guard (try? table.registerCells(from: library)) != nil else { return }
    let source = FuzzSource(identifiers: library.identifiers)
    table.dataSource = source
    for size in [Size(width: 40, height: 8), Size(width: 7, height: 3), Size(width: 120, height: 20)] {
        let screen = BufferScreen(size: size)
        table.frame = Rect(origin: .zero, size: size)
        table.reloadData()
        table.render(on: screen)
        for _ in 0..<3 {
            _ = table.moveCursor(by: 1)
            table.render(on: screen)
        }
        _ = table.moveCursor(by: 1000)
        table.render(on: screen)
    }
}

/// Two rows for each identifier, every label given text with a wide character and a mark.
@MainActor
final class FuzzSource: TableViewDataSource {
    let identifiers: [String]
    init(identifiers: [String]) { self.identifiers = identifiers }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { identifiers.count * 2 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: identifiers[indexPath.row / 2], for: indexPath)
        FuzzSource.fill(cell.contentView, row: indexPath.row)
        return cell
    }

    static func fill(_ view: View, row: Int) {
        if let label = view as? Label { label.text = "row \(row) 日本 e\u{301} a fairly long text that wraps" }
        for child in view.subviews { fill(child, row: row) }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func layoutFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    MainActor.assumeIsolated { fuzzLayout(text) }
    return 0
}
