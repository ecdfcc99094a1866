import TermTableCore
import TermTableLayout

/// The cell templates of one or more layout files, by reuse identifier.
///
/// ```swift
/// let layouts = try LayoutLibrary(contentsOf: "Layouts/News.layout")
/// let cell = try layouts.instantiate("news")          // a fresh, independent cell
/// cell.viewWithTag(1, as: Label.self)?.text = "Hello"
/// ```
///
/// An app's own layouts are usually built into it by `TermTableLayoutPlugin`: the generated
/// `NewsLayout.library()` is ``init(embedded:strict:)`` with the file's text, no file read.
///
/// Files and embedded texts are parsed once per process through ``/TermTableLayout/LayoutCache``, whatever the
/// number of libraries made from them. Each identifier's ``CellTemplate`` is
/// built once, on first use, and kept: its prototype view tree is built once,
/// and every cell is a deep copy of it.
///
/// Problems inside files are thrown as a ``/TermTableLayout/LayoutErrorList`` (every error of
/// every file, located); a missing, unreadable or non-UTF-8 file, an unknown
/// directory, or an unknown identifier as a ``/TermTableLayout/LayoutLibraryError``.
@MainActor
public final class LayoutLibrary {
    /// The parsed files, in load order.
    public let documents: [LayoutDocument]
    /// Every identifier, in file order.
    public let identifiers: [String]

    private let texts: [String: String]
    private let specs: [String: CellSpec]
    private var templates: [String: CellTemplate] = [:]

    /// A library of the given parsed files; `texts` maps each file to its text (for naming errors).
    init(documents: [LayoutDocument], texts: [String: String], strict: Bool) throws {
        var specs: [String: CellSpec] = [:]
        var owners: [String: (file: String, line: Int)] = [:]
        var identifiers: [String] = []
        var errors: [LayoutError] = []
        for document in documents {
            for cell in document.cells {
                if let owner = owners[cell.identifier] {
                    let lines = texts[document.file].map(LayoutParser.lines(of:)) ?? []
                    let line = cell.location.line - 1 < lines.count ? lines[cell.location.line - 1] : ""
                    errors.append(
                        LayoutError(
                            file: document.file, line: cell.location.line, column: cell.location.column,
                            message:
                                "duplicate identifier `\(cell.identifier)`: also defined in \(owner.file):\(owner.line)",
                            hint: "identifiers must be unique across the files of a library; rename one of the cells",
                            sourceLine: line))
                    continue
                }
                owners[cell.identifier] = (document.file, cell.location.line)
                specs[cell.identifier] = cell
                identifiers.append(cell.identifier)
            }
        }
        self.documents = documents
        self.identifiers = identifiers
        self.texts = texts
        self.specs = specs
        if strict {
            for document in documents { errors += LayoutFileNaming.errors(in: document, text: texts[document.file]) }
        }
        if !errors.isEmpty { throw LayoutErrorList(errors) }
    }

    /// Loads one file (parsed once per process).
    public convenience init(contentsOf path: String, strict: Bool = false) throws {
        let entry = try LayoutCache.shared.entry(forPath: path)
        try self.init(documents: [entry.result.get()], texts: [path: entry.text], strict: strict)
    }

    /// Loads every `.layout` file of a directory (not its subdirectories), in name order.
    ///
    /// Errors of all the files are thrown together; identifiers must be unique across the files.
    public convenience init(directory: String, strict: Bool = false) throws {
        let names = try LayoutFileSystem.layoutFileNames(inDirectory: directory)
        guard !names.isEmpty else { throw LayoutLibraryError.noLayoutFiles(directory: directory) }
        var documents: [LayoutDocument] = []
        var texts: [String: String] = [:]
        var errors: [LayoutError] = []
        for name in names {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let entry = try LayoutCache.shared.entry(forPath: path)
            texts[path] = entry.text
            switch entry.result {
            case .success(let document): documents.append(document)
            case .failure(let list): errors += list.errors
            }
        }
        if !errors.isEmpty { throw LayoutErrorList(errors) }
        try self.init(documents: documents, texts: texts, strict: strict)
    }

    /// Loads a layout built into the program by `TermTableLayoutPlugin` (parsed once per process).
    ///
    /// The generated `NewsLayout.library()` calls this with `NewsLayout.layoutFile`; errors name
    /// the file the text came from, with their line and column.
    public convenience init(embedded file: EmbeddedLayoutFile, strict: Bool = false) throws {
        let entry = LayoutCache.shared.entry(forEmbedded: file)
        try self.init(documents: [entry.result.get()], texts: [file.path: entry.text], strict: strict)
    }

    /// Parses layout text held in memory; `name` stands for the file in errors (and in the naming check).
    public convenience init(string: String, name: String = "<string>", strict: Bool = false) throws {
        let document = try LayoutParser.parse(string, file: name)
        try self.init(documents: [document], texts: [name: string], strict: strict)
    }

    /// Loads one file, reading and parsing it again now instead of using the cache.
    ///
    /// For the scroll benchmark's `reparse` mode, which measures what the cache saves.
    package convenience init(reparsing path: String, strict: Bool = false) throws {
        let entry = try LayoutCache.shared.parseUncached(path: path)
        try self.init(documents: [entry.result.get()], texts: [path: entry.text], strict: strict)
    }

    /// Loads a layout built into the program, parsing it again now instead of using the cache.
    ///
    /// For the scroll benchmark's `reparse` mode, which measures what the cache saves.
    package convenience init(reparsing file: EmbeddedLayoutFile, strict: Bool = false) throws {
        let entry = LayoutCache.shared.parseUncached(embedded: file)
        try self.init(documents: [entry.result.get()], texts: [file.path: entry.text], strict: strict)
    }

    // MARK: Parsing without the library

    /// How many times a layout file was parsed in this process (see ``/TermTableLayout/LayoutCache/parseCount``).
    public nonisolated static var parseCount: Int { LayoutCache.shared.parseCount }

    /// How many times the file at `path` was parsed in this process.
    public nonisolated static func parseCount(forPath path: String) -> Int {
        LayoutCache.shared.parseCount(forPath: path)
    }

    /// Reads and parses a file now, bypassing the cache (counted in ``parseCount``).
    public nonisolated static func parse(contentsOf path: String) throws -> LayoutDocument {
        try LayoutCache.shared.parseUncached(path: path).result.get()
    }

    // MARK: Templates

    /// The files the cells come from.
    public var files: [String] { documents.map(\.file) }

    /// True when a cell has `identifier`.
    public func contains(_ identifier: String) -> Bool { specs[identifier] != nil }

    /// The parsed description of the cell `identifier`.
    public func spec(_ identifier: String) throws -> CellSpec {
        guard let spec = specs[identifier] else { throw unknown(identifier) }
        return spec
    }

    /// The template of `identifier`, built on first use and kept.
    public func template(_ identifier: String) throws -> CellTemplate {
        if let template = templates[identifier] { return template }
        let template = CellTemplate(spec: try spec(identifier))
        templates[identifier] = template
        return template
    }

    /// A fresh cell of `identifier`, independent of every other.
    public func instantiate(_ identifier: String) throws -> TableViewCell {
        try template(identifier).instantiate()
    }

    /// Checks the naming convention (a file with one cell names it after the file); see ``/TermTableLayout/LayoutFileNaming``.
    public func checkNaming() throws(LayoutErrorList) {
        var errors: [LayoutError] = []
        for document in documents { errors += LayoutFileNaming.errors(in: document, text: texts[document.file]) }
        if !errors.isEmpty { throw LayoutErrorList(errors) }
    }

    private func unknown(_ identifier: String) -> LayoutLibraryError {
        .unknownIdentifier(
            identifier, known: identifiers,
            suggestion: LayoutIdentifiers.nearest(to: identifier, in: identifiers), files: files)
    }
}
