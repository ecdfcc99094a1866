import TermTable

/// The cells the reader takes from `News.layout`, and the tags of their views.
public enum ReaderCells {
    /// An article with a summary line (2 lines).
    public static let article = "news"
    /// An article on one line.
    public static let compact = "compact"
    /// A feed's header.
    public static let section = "section"
    /// A feed that failed.
    public static let error = "error"
    /// A note ("loading…", "no articles").
    public static let notice = "notice"

    /// Every identifier the reader dequeues.
    public static let required = [article, compact, section, error, notice]

    /// Tags in the article cells (`news`, `compact`).
    public enum ArticleTag {
        /// The unread mark (a glyph).
        public static let mark = 1
        /// The title (a label).
        public static let title = 2
        /// The age (a label).
        public static let age = 3
        /// The summary line (a label, `news` only).
        public static let summary = 4
    }

    /// Tags in the `section` cell.
    public enum SectionTag {
        /// The feed's title.
        public static let title = 1
        /// The counts.
        public static let counts = 2
    }

    /// Tags in the `error` cell.
    public enum ErrorTag {
        /// The reason.
        public static let reason = 2
    }

    /// Tags in the `notice` cell.
    public enum NoticeTag {
        /// The note.
        public static let text = 1
    }

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

    /// Checks that `library` has every cell the reader dequeues.
    @MainActor
    public static func validate(_ library: LayoutLibrary) throws {
        let missing = required.filter { !library.contains($0) }
        if !missing.isEmpty { throw MissingCells(missing: missing, files: library.files) }
    }

    /// The style the template gives the view with `tag` in cell `identifier` (plain when unknown).
    @MainActor
    static func templateStyle(_ library: LayoutLibrary, _ identifier: String, tag: Int) -> Style {
        (try? library.spec(identifier))?.views.first { $0.tag == tag }?.style ?? .plain
    }
}
