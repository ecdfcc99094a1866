extension HTMLText {
    /// Converts an HTML title to a single line like `line(_:)`; a title that is only markup
    /// (an image) gives its first image's `alt` text, else the image's file name in brackets
    /// (`[photo.jpg]`, as text browsers show an image), else the empty string.
    public static func title(_ html: String) -> String {
        let text = line(html)
        guard text.isEmpty, html.unicodeScalars.contains("<") else { return text }
        return imageLabel(html) ?? ""
    }

    /// The label of the first `<img>` in `html`: its `alt` text, else `[file name]` from its `src`.
    static func imageLabel(_ html: String) -> String? {
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "<", let tag = Tag.scan(scalars, at: index) else {
                index += 1
                continue
            }
            if case .open("img", _) = tag.kind {
                let markup = Array(scalars[index..<tag.end])
                // An attribute value is text: its character references are decoded, nothing else.
                if let alt = attribute("alt", in: markup).map({ plain(decodeEntities($0), singleLine: true) }),
                    !alt.isEmpty
                {
                    return alt
                }
                if let source = attribute("src", in: markup),
                    let path = source.split(whereSeparator: { $0 == "?" || $0 == "#" }).first,
                    let name = path.split(separator: "/").last(where: { !$0.contains(":") }).map({ line(String($0)) }),
                    !name.isEmpty
                {
                    return "[\(name)]"
                }
            }
            index = tag.end
        }
        return nil
    }

    /// The raw value of attribute `name` (lower case) in the scalars of one tag.
    private static func attribute(_ name: String, in tag: [Unicode.Scalar]) -> String? {
        let target = Array(name.unicodeScalars)
        var index = 1
        while index < tag.count {
            // An attribute name starts after a space.
            guard TextAssembler.isSpace(tag[index - 1]), index + target.count < tag.count,
                zip(tag[index..<(index + target.count)], target).allSatisfy({ lowercased($0) == $1 })
            else {
                index += 1
                continue
            }
            var cursor = index + target.count
            while cursor < tag.count, TextAssembler.isSpace(tag[cursor]) { cursor += 1 }
            guard cursor < tag.count, tag[cursor] == "=" else {
                index += 1
                continue
            }
            cursor += 1
            while cursor < tag.count, TextAssembler.isSpace(tag[cursor]) { cursor += 1 }
            guard cursor < tag.count else { return nil }
            let quote = tag[cursor]
            var value = String.UnicodeScalarView()
            if quote == "\"" || quote == "'" {
                cursor += 1
                while cursor < tag.count, tag[cursor] != quote {
                    value.append(tag[cursor])
                    cursor += 1
                }
            } else {
                while cursor < tag.count, !TextAssembler.isSpace(tag[cursor]), tag[cursor] != ">" {
                    value.append(tag[cursor])
                    cursor += 1
                }
            }
            return String(value)
        }
        return nil
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar
    }
}
