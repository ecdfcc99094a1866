import TermTable
import TermTableLayouts

/// The cells the reader takes from `News.layout`: typed identifiers and cell classes generated from the file
/// (`NewsLayout`, by TermTableLayoutPlugin in the TermTableLayouts target).
public enum ReaderCells {
    /// Every identifier the reader dequeues.
    public static let required = [
        NewsLayout.news.rawValue, NewsLayout.compact.rawValue, NewsLayout.section.rawValue,
        NewsLayout.error.rawValue, NewsLayout.notice.rawValue,
    ]

    /// What is wrong with a layout library for the reader.
    public struct MissingCells: Error, CustomStringConvertible {
        /// The identifiers the library lacks.
        public var missing: [String]
        /// The files of the library.
        public var files: [String]

        public var description: String {
            "\(files.joined(separator: ", ")): no cell \(missing.map { "`\($0)`" }.joined(separator: ", ")); "
                + "the news reader needs the cells \(ReaderCells.required.joined(separator: ", ")) "
                + "(start from the bundled Layouts/News.layout)"
        }
    }

    /// A cell of the library lacks a field the reader sets, or has it of another kind.
    public struct MismatchedFields: Error, CustomStringConvertible {
        /// What is wrong, from the typed check.
        public var error: TypedCellError

        public var description: String { "\(error) (start from the bundled Layouts/News.layout)" }
    }

    /// Checks that `library` has every cell the reader dequeues, each with the named fields the reader sets.
    @MainActor
    public static func validate(_ library: LayoutLibrary) throws {
        let missing = required.filter { !library.contains($0) }
        if !missing.isEmpty { throw MissingCells(missing: missing, files: library.files) }
        do throws(TypedCellError) {
            // An article with a summary, an article on one line, a feed's header, a feed that failed, a note.
            try NewsLayout.news.check(in: library)
            try NewsLayout.compact.check(in: library)
            try NewsLayout.section.check(in: library)
            try NewsLayout.error.check(in: library)
            try NewsLayout.notice.check(in: library)
        } catch {
            throw MismatchedFields(error: error)
        }
    }
}
