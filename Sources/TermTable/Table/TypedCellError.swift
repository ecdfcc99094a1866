/// A layout does not have the fields a generated ``TypedCell`` expects (one loaded at run time that differs from the one compiled in).
public enum TypedCellError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No view is named `name` in cell `identifier`.
    case missingField(String, expected: String, identifier: String?)
    /// The view named `name` in cell `identifier` is a `found`, not the `expected` class.
    case wrongClass(String, expected: String, found: String, identifier: String?)
    /// The library has no cell `identifier`.
    case missingCell(String, files: [String])

    /// A sentence naming the cell, the field, and what was expected and found.
    ///
    /// Names come from layout files, so each is passed through ``/TermTableCore/TerminalText/sanitize(_:)``.
    public var description: String {
        let quote = { (name: String) in "`\(TerminalText.sanitize(name))`" }
        let cell = { (identifier: String?) in identifier.map { "cell \(quote($0))" } ?? "the cell" }
        switch self {
        case .missingField(let name, let expected, let identifier):
            return "\(cell(identifier)) has no field named \(quote(name)) (the code expects a \(expected) there;"
                + " the layout loaded at run time differs from the one the code was generated from)"
        case .wrongClass(let name, let expected, let found, let identifier):
            return "field \(quote(name)) of \(cell(identifier)) is a \(found), not a \(expected)"
                + " (the layout loaded at run time differs from the one the code was generated from)"
        case .missingCell(let identifier, let files):
            return "\(files.map(TerminalText.sanitize).joined(separator: ", ")): no cell \(quote(identifier))"
        }
    }
}
