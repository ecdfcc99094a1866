/// Swift 6.3 turns off the compiler's typo correction (`did you mean`) by default, so the generated code
/// declares the likely misspellings of each name as unavailable members whose message names the real one.
extension LayoutSwiftPlan {
    /// The misspellings of `name` one slip away: a letter dropped, two neighbours swapped, a letter doubled, all lower case.
    ///
    /// Bounded: at most `3n + 1` candidates of at most `n + 1` characters for a name of `n` characters, and
    /// none for a name longer than ``maximumNameLength`` (the plan refuses those with a located error).
    package static func nearMisses(of name: String) -> [String] {
        let characters = Array(name.prefix(maximumNameLength + 1))
        guard characters.count <= maximumNameLength else { return [] }
        var result: [String] = []
        var seen: Set<String> = []
        func add(_ candidate: [Character]) {
            let text = String(candidate)
            guard text != name, candidate.count >= 2, let first = candidate.first, first.isLetter || first == "_",
                seen.insert(text).inserted
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
    package static func misspellings(of names: [String], taken: Set<String>) -> [(misspelling: String, name: String)] {
        var owners: [String: [String]] = [:]
        var order: [String] = []
        for name in names {
            for miss in nearMisses(of: name)
            where !taken.contains(miss) && !names.contains(miss)
                && !LayoutSwiftNames.keywords.contains(miss) && !LayoutSwiftNames.reserved.contains(miss)
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
}
