import TermTableCore

extension LayoutLint {
    /// The warnings of a file that parsed without errors: `height=auto` on a cell where no field stretches in
    /// height (the row can then never grow past its canvas); a `heading=` wider than its field, which does not
    /// stretch (the header row cuts the title).
    public static func warnings(in document: LayoutDocument, text: String) -> [LayoutDiagnostic] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        var warnings: [LayoutDiagnostic] = []
        for cell in document.cells where cell.heightIsAutomatic {
            guard !cell.views.contains(where: { $0.autoresizing.contains(.flexibleHeight) }) else { continue }
            let index = cell.location.line - 1
            let sourceLine = index >= 0 && index < lines.count ? lines[index] : ""
            warnings.append(
                LayoutDiagnostic(
                    severity: .warning, file: document.file, line: cell.location.line,
                    column: column(of: "height", in: sourceLine) ?? cell.location.column,
                    message: "`height=auto` on cell `\(cell.identifier)`, but no field stretches in height: "
                        + "the row stays \(cell.height) line\(cell.height == 1 ? "" : "s") tall",
                    hint: "add `stretch=both` (or `stretch=height`) and `wrap` to the field that should grow, "
                        + "or remove `height=auto`",
                    sourceLine: sourceLine))
        }
        warnings += headingWarnings(in: document, lines: lines)
        return warnings
    }

    /// A `heading=` wider than its field, on a field that does not stretch: the header row cuts it (`RESTARTS`
    /// shown as `RESTART`). The warning points at the field's `heading=` on its property line.
    static func headingWarnings(in document: LayoutDocument, lines: [String]) -> [LayoutDiagnostic] {
        var warnings: [LayoutDiagnostic] = []
        for cell in document.cells {
            for view in cell.views where !view.autoresizing.contains(.flexibleWidth) {
                guard let heading = view.properties.heading,
                    case let width = TerminalText.width(of: heading), width > view.frame.width
                else { continue }
                // The property line of the field: its tag (or name) first, with `heading=`.
                let keys = [String(view.tag)] + (view.name.map { [$0] } ?? [])
                let index = lines.indices.first { index in
                    guard index >= cell.location.line else { return false }
                    let words = lines[index].split(separator: " ", omittingEmptySubsequences: true)
                    return words.first.map { keys.contains(String($0)) } == true
                        && column(of: "heading", in: lines[index]) != nil
                }
                let sourceLine = index.map { lines[$0] } ?? ""
                warnings.append(
                    LayoutDiagnostic(
                        severity: .warning, file: document.file, line: index.map { $0 + 1 } ?? view.location.line,
                        column: column(of: "heading", in: sourceLine) ?? view.location.column,
                        message: "the heading \"\(heading)\" of field \(view.tag) is \(width) columns wide, "
                            + "its field \(view.frame.width): the header row cuts it",
                        hint: "widen the field to \(width) columns, make it stretch, or shorten the heading",
                        sourceLine: sourceLine))
            }
        }
        return warnings
    }

    /// The 1-based column (in characters) of the attribute `key=` on a cell line, nil when it is not there.
    static func column(of key: String, in line: String) -> Int? {
        var column = 1
        var previous: Character = " "
        var rest = Substring(line)
        while let character = rest.first {
            if previous == " " || previous == "\t", rest.hasPrefix(key + "=") { return column }
            previous = character
            rest = rest.dropFirst()
            column += 1
        }
        return nil
    }
}
