/// Editing a text field in time that does not grow with its text.
extension TextField {
    /// Inserts `text` at the cursor, as much of it as ``maxLength`` leaves room for; one ``onChange``.
    func insert(_ text: String) {
        var inserted = text
        var dropped = 0
        if let maxLength {
            let room = max(0, maxLength - scalarCount)
            let scalars = text.unicodeScalars.count
            if scalars > room {
                dropped = scalars - room
                // Whole characters only, so a cut never leaves half a character behind.
                var kept = ""
                var keptScalars = 0
                for character in text {
                    let count = character.unicodeScalars.count
                    if keptScalars + count > room { break }
                    kept.append(character)
                    keptScalars += count
                }
                dropped = scalars - keptScalars
                inserted = kept
            }
        }
        if !inserted.isEmpty {
            edit(cursorIndex..<cursorIndex, charactersBefore: cursor, removed: 0, with: inserted)
        }
        if dropped > 0 { onInputDropped?(self, dropped) }
    }

    /// `text` on one line: each line break (CR LF counts as one) and tab becomes a space.
    static func oneLine(_ text: String) -> String {
        var simple = true
        for byte in text.utf8 where byte == 0x0A || byte == 0x0D || byte == 0x09 || byte >= 0xC2 {
            simple = false
            break
        }
        if simple { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            result.append(character.isNewline || character == "\t" ? " " : character)
        }
        return result
    }

    /// Replaces the characters in `range` with `replacement`, keeping the cursor and the counts up to date.
    ///
    /// `range` starts and ends on character boundaries, `charactersBefore` characters precede it and it
    /// holds `removed` characters. Afterwards the cursor is after the character that holds the end of
    /// the replacement (new scalars may join the character before them, a combining mark, a ZWJ or the
    /// second half of a flag, or the one after them). Characters before the one in front of `range`
    /// cannot change, so the new characters are counted from there until the text lines up again with a
    /// boundary the old text had after `range`: a few characters, whatever the length of the text.
    func edit(_ range: Range<String.Index>, charactersBefore: Int, removed: Int, with replacement: String) {
        if range.isEmpty && replacement.isEmpty { return }
        let utf8 = storage.utf8
        func offset(_ index: String.Index) -> Int { utf8.distance(from: utf8.startIndex, to: index) }
        let hasPrevious = range.lowerBound > storage.startIndex
        let previousCharacters = hasPrevious ? 1 : 0
        let charactersBeforeLow = charactersBefore - previousCharacters
        let lowOffset = offset(hasPrevious ? storage.index(before: range.lowerBound) : range.lowerBound)
        let lowerOffset = offset(range.lowerBound)
        let upperOffset = offset(range.upperBound)
        // The old text's next few boundaries after the range, as distances from its end.
        var following = [0]
        var index = range.upperBound
        while following.count < 6, index < storage.endIndex {
            index = storage.index(after: index)
            following.append(offset(index) - upperOffset)
        }
        steps += following.count + removed
        let removedScalars = storage.unicodeScalars[range].count
        storage.replaceSubrange(range, with: replacement)
        scalarCount += replacement.unicodeScalars.count - removedScalars
        let editEnd = lowerOffset + replacement.utf8.count
        let shift = replacement.utf8.count - (upperOffset - lowerOffset)
        let newUTF8 = storage.utf8
        var position = newUTF8.index(newUTF8.startIndex, offsetBy: lowOffset)
        var walked = 0
        var newCursor: (index: String.Index, count: Int)? = nil
        var newCount: Int? = nil
        while true {
            let at = newUTF8.distance(from: newUTF8.startIndex, to: position)
            if at >= editEnd {
                if newCursor == nil { newCursor = (position, charactersBeforeLow + walked) }
                if position == storage.endIndex {
                    newCount = charactersBeforeLow + walked
                    break
                }
                let old = at - shift - upperOffset
                if let k = following.firstIndex(of: old) {
                    newCount = characterCount - (previousCharacters + removed + k) + walked
                    break
                }
                if old > following[following.count - 1] { break }  // out of step (a run of flag halves)
            }
            if position == storage.endIndex { break }
            position = storage.index(after: position)
            walked += 1
        }
        let cursorAt = newCursor ?? (storage.endIndex, charactersBeforeLow + walked)
        steps += walked + (newCount == nil ? characterCount : 0)
        characterCount = newCount ?? storage.count
        cursorIndex = cursorAt.index
        cursor = cursorAt.count
        onChange?(self)
    }
}
