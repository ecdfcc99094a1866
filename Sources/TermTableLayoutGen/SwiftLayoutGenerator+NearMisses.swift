import TermTableLayout

/// Swift 6.3 turns off the compiler's typo correction (`did you mean`) by default, so the generated code
/// declares the likely misspellings of each name as unavailable members whose message names the real one.
extension SwiftLayoutGenerator {
    /// The misspellings of `name` one slip away: a letter dropped, two neighbours swapped, a letter doubled, all lower case.
    static func nearMisses(of name: String) -> [String] {
        let characters = Array(name)
        var result: [String] = []
        func add(_ candidate: [Character]) {
            let text = String(candidate)
            guard text != name, text.count >= 2, let first = candidate.first, first.isLetter || first == "_",
                !result.contains(text)
            else { return }
            result.append(text)
        }
        for index in characters.indices {
            var dropped = characters
            dropped.remove(at: index)
            add(dropped)
        }
        for index in characters.indices.dropLast() where characters[index] != characters[index + 1] {
            var swapped = characters
            swapped.swapAt(index, index + 1)
            add(swapped)
        }
        for index in characters.indices {
            var doubled = characters
            doubled.insert(characters[index], at: index)
            add(doubled)
        }
        add(Array(name.lowercased()))
        return result
    }

    /// The misspellings of `names` that belong to exactly one of them and to no real member: misspelling -> name.
    static func misspellings(of names: [String], taken: Set<String>) -> [(misspelling: String, name: String)] {
        var owners: [String: [String]] = [:]
        var order: [String] = []
        for name in names {
            for miss in nearMisses(of: name)
            where !taken.contains(miss) && !names.contains(miss)
                && !SwiftNames.keywords.contains(miss) && !SwiftNames.reserved.contains(miss)
            {
                if owners[miss] == nil { order.append(miss) }
                owners[miss, default: []].append(name)
            }
        }
        return order.compactMap { miss in
            guard let owner = owners[miss], owner.count == 1 else { return nil }
            return (miss, owner[0])
        }
    }

    /// `@available(*, unavailable)` declarations for the misspellings of the fields of one cell class.
    func fieldMisspellings(_ fields: [Field], cell: CellSpec, prefix: String) -> String {
        let properties = fields.map(\.property)
        var out = ""
        for (miss, property) in Self.misspellings(of: properties, taken: SwiftNames.cellMembers) {
            guard let field = fields.first(where: { $0.property == property }) else { continue }
            let message =
                "cell `\(cell.identifier)` of \(displayName) has no field `\(miss)`; did you mean `\(property)`?"
            out += "        @available(*, unavailable, message: \(SwiftNames.literal(SwiftNames.comment(message))))\n"
            out += "        \(prefix)var \(miss): TermTable.\(field.className) { \(storage(field)) }\n"
        }
        return out.isEmpty
            ? ""
            : "\n        // Misspellings, so a typo names the field it meant (the compiler's own suggestions are off).\n"
                + out
    }

    /// `@available(*, unavailable)` declarations for the misspellings of the file's cell identifiers.
    func identifierMisspellings(_ identifiers: [(swift: String, cell: CellSpec, className: String)], prefix: String)
        -> String
    {
        var out = ""
        for (miss, name) in Self.misspellings(of: identifiers.map(\.swift), taken: Self.enumMembers) {
            guard let entry = identifiers.first(where: { $0.swift == name }) else { continue }
            let message = "\(displayName) has no cell `\(miss)`; did you mean `\(name)`?"
            out += "    @available(*, unavailable, message: \(SwiftNames.literal(SwiftNames.comment(message))))\n"
            out +=
                "    \(prefix)static var \(miss): TermTable.CellIdentifier<\(entry.className)> { \(SwiftNames.declarable(name)) }\n"
        }
        return out.isEmpty
            ? ""
            : "\n    // Misspellings, so a typo names the cell it meant (the compiler's own suggestions are off).\n"
                + out
    }
}
