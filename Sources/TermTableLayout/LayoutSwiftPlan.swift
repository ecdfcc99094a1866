/// How the names of a layout file become Swift names in the typed accessors `TermTableLayoutPlugin` generates,
/// and the names that cannot: shared by the generator and `termtable lint`, so a name lint accepts compiles.
///
/// The generated enum (`NewsLayout`) holds, per cell, a static reuse identifier (`news`) and a class
/// (`NewsCell`); each class holds, per named field, an accessor (`title`) and its storage (`_title`).
/// A name that would hide a member of the toolkit or of the generated code is renamed (a field gets its
/// view class appended, `name` becomes `nameLabel`; a cell gets `Cell`, `library` becomes `libraryCell`);
/// two names that become one Swift name are an error at the second one's line.
package struct LayoutSwiftPlan: Sendable {
    /// One named field as the generated class shows it.
    package struct Field: Sendable {
        /// The view in the layout.
        package let spec: ViewSpec
        /// The field's name in the layout.
        package let name: String
        /// The accessor's Swift name (no backticks).
        package let property: String
        /// The class of the view (`Label`).
        package let className: String
        /// The accessor's name as declared: in backticks when it is a keyword.
        package var declaration: String { LayoutSwiftNames.declarable(property) }
        /// The private stored property behind the accessor.
        package var storage: String { "_" + property }
    }

    /// One cell: its identifier in the enum, its class, and its fields.
    package struct Cell: Sendable {
        /// The cell in the layout.
        package let spec: CellSpec
        /// The static reuse identifier's Swift name (no backticks).
        package let identifier: String
        /// The cell's class (`NewsCell`).
        package let className: String
        /// The named fields, in canvas order.
        package var fields: [Field] = []
        /// The misspellings of the fields the class declares as unavailable: misspelling -> accessor.
        package var misspellings: [(misspelling: String, property: String)] = []
    }

    /// The longest name (in characters) a cell or a field can have: a longer one is an error at its line.
    ///
    /// It keeps the "did you mean" search (``nearMisses(of:)``, quadratic in a name's length) bounded whatever
    /// the file holds: a 2 MB name is refused at once instead of linting for hours.
    package static let maximumNameLength = 128

    /// The members the generated enum declares besides the cells' identifiers and classes.
    package static let enumMembers: Set<String> = ["layoutFile", "library"]

    /// The file's name as the generated comments show it (`News.layout`).
    package let displayName: String
    /// The generated enum's name (`NewsLayout`).
    package let typeName: String
    /// The cells that have a Swift name.
    package private(set) var cells: [Cell] = []
    /// The misspellings of the identifiers the enum declares as unavailable: misspelling -> identifier.
    package private(set) var identifierMisspellings: [(misspelling: String, identifier: String)] = []
    /// The names that have no Swift name of their own, at their layout's line.
    package private(set) var errors: [LayoutError] = []
    /// The file's lines, for the source line of an error.
    private let lines: [String]

    /// The plan of `document`, whose text is `text`, for the file named `displayName`.
    package init(document: LayoutDocument, text: String, displayName: String) {
        self.displayName = displayName
        self.typeName = Self.typeName(ofFile: displayName)
        self.lines = LayoutParser.lines(of: text)
        var owners: [String: String] = [:]
        for spec in document.cells {
            if let error = nameLengthError(spec.identifier, kind: "cell", at: spec.location) {
                errors.append(error)
                continue
            }
            var identifier = LayoutSwiftNames.lowerCamel(spec.identifier)
            if Self.enumMembers.contains(identifier) || LayoutSwiftNames.namesTheGeneratedCodeUses.contains(identifier)
            {
                identifier += "Cell"
            }
            if LayoutSwiftNames.reserved.contains(identifier) { identifier += "_" }
            let className = LayoutSwiftNames.upperCamel(spec.identifier) + "Cell"
            if let clash = [identifier, className].first(where: { owners[$0] != nil })
                ?? (identifier == className ? identifier : nil)
            {
                let other = owners[clash] ?? spec.identifier
                errors.append(
                    error(
                        at: spec.location,
                        "cells `\(other)` and `\(spec.identifier)` both become `\(clash)` in Swift",
                        hint: "rename one of the cells"))
                continue
            }
            owners[identifier] = spec.identifier
            owners[className] = spec.identifier
            var cell = Cell(spec: spec, identifier: identifier, className: className)
            cell.fields = namedFields(of: spec)
            cell.misspellings = Self.misspellings(
                of: cell.fields.map(\.property),
                taken: LayoutSwiftNames.cellMembers.union(cell.fields.map(\.storage))
            ).map { ($0.misspelling, $0.name) }
            cells.append(cell)
        }
        identifierMisspellings = Self.misspellings(
            of: cells.map(\.identifier),
            taken: Self.enumMembers.union(LayoutSwiftNames.namesTheGeneratedCodeUses).union(cells.map(\.className))
        ).map { ($0.misspelling, $0.name) }
    }

    /// The generated enum's name for a file: its name without `.layout`, in upper camel case, then `Layout`.
    package static func typeName(ofFile displayName: String) -> String {
        var base = displayName.split(separator: "/").last.map(String.init) ?? displayName
        if base.lowercased().hasSuffix(".layout") { base.removeLast(7) }
        return LayoutSwiftNames.upperCamel(base) + "Layout"
    }

    /// Errors for files of one target whose enums would have the same name (`a-b.layout` and `a.b.layout`,
    /// `News.layout` and `news.layout`): one at the first line of each file after the first, in path order.
    package static func fileErrors(paths: [String]) -> [LayoutError] {
        var owners: [String: String] = [:]
        var errors: [LayoutError] = []
        for path in paths.sorted() {
            let name = typeName(ofFile: path)
            let file = path.split(separator: "/").last.map(String.init) ?? path
            if let other = owners[name] {
                errors.append(
                    LayoutError(
                        file: path, line: 1, column: 1,
                        message: "files `\(other)` and `\(file)` both become `\(name)` in Swift",
                        hint: "rename one of the files (the generated enum is named after the file)", sourceLine: ""))
            } else {
                owners[name] = file
            }
        }
        return errors
    }

    /// The named fields of `cell`, in canvas order; the names that clash once made Swift names become errors.
    private mutating func namedFields(of cell: CellSpec) -> [Field] {
        var fields: [Field] = []
        var owners: [String: String] = [:]
        for view in cell.views {
            guard let name = view.name, view.kind != .text else { continue }
            if let error = nameLengthError(name, kind: "field", at: view.location) {
                errors.append(error)
                continue
            }
            let className = view.kind.viewClassName
            var property = LayoutSwiftNames.lowerCamel(name)
            if LayoutSwiftNames.cellMembers.contains(property) { property += className }
            if LayoutSwiftNames.reserved.contains(property) { property += "_" }
            if let other = owners[property] {
                errors.append(
                    error(
                        at: view.location,
                        "fields `\(other)` and `\(name)` of cell `\(cell.identifier)` both become `\(property)` in Swift",
                        hint: "rename one of the fields"))
                continue
            }
            owners[property] = name
            fields.append(Field(spec: view, name: name, property: property, className: className))
        }
        // An accessor named like another field's storage (`_title` beside `title`).
        let storages = Dictionary(fields.map { ($0.storage, $0.name) }, uniquingKeysWith: { first, _ in first })
        return fields.filter { field in
            guard let other = storages[field.property] else { return true }
            errors.append(
                error(
                    at: field.spec.location,
                    "field `\(field.name)` of cell `\(cell.identifier)` becomes `\(field.property)` in Swift, "
                        + "the stored property behind field `\(other)`",
                    hint: "rename one of the fields (a name starting with `_` is taken by the field without it)"))
            return false
        }
    }

    /// The error of a `kind` (`cell`, `field`) name longer than ``maximumNameLength``, nil when it is not.
    private func nameLengthError(_ name: String, kind: String, at location: LayoutLocation) -> LayoutError? {
        guard name.utf8.count > Self.maximumNameLength, name.count > Self.maximumNameLength else { return nil }
        return error(
            at: location,
            "\(kind) name `\(name.prefix(24))…` is \(name.count) characters long; "
                + "the longest a name can be is \(Self.maximumNameLength)",
            hint: "shorten the name")
    }

    /// An error at `location` of the layout file.
    private func error(at location: LayoutLocation, _ message: String, hint: String) -> LayoutError {
        let line = location.line >= 1 && location.line - 1 < lines.count ? String(lines[location.line - 1]) : ""
        return LayoutError(
            file: location.file, line: location.line, column: location.column, message: message,
            hint: hint, sourceLine: line)
    }
}
