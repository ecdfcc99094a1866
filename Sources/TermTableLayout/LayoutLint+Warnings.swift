import TermTableCore

extension LayoutLint {
    /// The warnings of a file that parsed without errors: `height=auto` on a cell where no field stretches in
    /// height (the row can then never grow past its canvas).
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
