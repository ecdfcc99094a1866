import TermTableCore

/// Checks layout files and formats the result: what `termtable lint` prints.
///
/// ```
/// $ termtable lint Layouts/News.layout
/// Layouts/News.layout:7:5: error: tag 3 is drawn on the canvas but has no property line
///     | [3 summary           ] |
///       ^
/// hint: add a line such as `  3 label stretch` under the canvas
/// 1 file, 2 cells, 1 error
/// ```
public enum LayoutLint {
    /// What linting some files found.
    public struct Report: Sendable {
        /// How many files were given.
        public var files = 0
        /// How many cells the files hold (counting those of files with errors).
        public var cells = 0
        /// Every error inside the files, by file, line and column.
        public var errors: [LayoutError] = []
        /// Files that could not be read at all.
        public var loadFailures: [LayoutLibraryError] = []
        /// What works but is likely not what was meant, by file, line and column.
        public var warnings: [LayoutDiagnostic] = []
        /// Warnings fail the lint too (`termtable lint --strict`).
        public var warningsAreErrors = false

        /// Creates an empty report.
        public init() {}

        /// Errors inside files plus files that could not be read.
        public var errorCount: Int { errors.count + loadFailures.count }

        /// The exit status: 0 when nothing is wrong (warnings included, unless ``warningsAreErrors``), 1 otherwise.
        public var exitCode: Int32 { errorCount == 0 && (warnings.isEmpty || !warningsAreErrors) ? 0 : 1 }

        /// Everything to print: each problem, the warnings, then the summary line.
        public var output: String {
            var parts = loadFailures.map(\.description)
            if !errors.isEmpty { parts.append(LayoutLint.format(errors)) }
            parts += warnings.map(\.description)
            parts.append(LayoutLint.summary(files: files, cells: cells, errors: errorCount, warnings: warnings.count))
            return parts.joined(separator: "\n")
        }
    }

    /// Checks one file's text; `strict` adds the naming convention (``LayoutFileNaming``).
    ///
    /// Names that `TermTableLayoutPlugin` could not make Swift names of (two fields that become one, a field
    /// named like its storage) are errors too, at the same lines the plugin reports them.
    public static func lint(text: String, file: String, strict: Bool = false) -> (cells: Int, errors: [LayoutError]) {
        let result = lintFile(text: text, file: file, strict: strict)
        return (result.cells, result.errors)
    }

    /// Checks one file's text as ``lint(text:file:strict:)`` does, with its warnings (``warnings(in:text:)``,
    /// only for a file without errors).
    public static func lintFile(text: String, file: String, strict: Bool = false) -> (
        cells: Int, errors: [LayoutError], warnings: [LayoutDiagnostic]
    ) {
        let (document, errors) = LayoutParser.check(text, file: file)
        var all = errors
        if errors.isEmpty {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            all += LayoutSwiftPlan(document: document, text: text, displayName: name).errors
        }
        if strict && errors.isEmpty { all += LayoutFileNaming.errors(in: document, text: text) }
        let warnings = errors.isEmpty ? Self.warnings(in: document, text: text) : []
        return (document.cells.count, LayoutErrorList(all).errors, warnings)
    }

    /// Reads and checks files (not through the cache: the linter wants what is on disk now); `strict` adds the
    /// naming convention and makes warnings fail the lint.
    public static func lint(paths: [String], strict: Bool = false) -> Report {
        var report = Report()
        report.files = paths.count
        report.warningsAreErrors = strict
        // Files of one folder (one target) whose generated enums would share a name.
        let folders = Dictionary(grouping: paths) { $0.split(separator: "/").dropLast().joined(separator: "/") }
        for folder in folders.keys.sorted() {
            report.errors += LayoutSwiftPlan.fileErrors(paths: folders[folder] ?? [])
        }
        for path in paths {
            do {
                let text = try LayoutCache.read(path: path)
                let (cells, errors, warnings) = lintFile(text: text, file: path, strict: strict)
                report.cells += cells
                report.errors += errors
                report.warnings += warnings
            } catch {
                report.loadFailures.append(error)
            }
        }
        return report
    }

    /// Every error in the compiler's form (location, message, source line, caret, hint), one after another.
    public static func format(_ errors: [LayoutError]) -> String {
        errors.map(\.description).joined(separator: "\n")
    }

    /// Every view property and cell attribute of the format, as Markdown tables (what `lint --properties` prints).
    public static var reference: String {
        "View properties (on a property line: TAG KIND property...)\n\n" + ViewProperty.referenceTable
            + "\n\nCell attributes (on the cell line: cell IDENTIFIER attribute...)\n\n" + CellAttribute.referenceTable
    }

    /// `3 files, 7 cells, 0 errors`, and `, 2 warnings` when there are any.
    public static func summary(files: Int, cells: Int, errors: Int, warnings: Int = 0) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var parts = [count(files, "file"), count(cells, "cell"), count(errors, "error")]
        if warnings > 0 { parts.append(count(warnings, "warning")) }
        return parts.joined(separator: ", ")
    }
}
