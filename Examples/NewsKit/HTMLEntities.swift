/// Character references: the HTML named entities feeds commonly use, and numeric references.
public enum HTMLEntities {
    /// The Latin-1 entity names for U+00A0 through U+00FF, in code point order.
    private static let latin1Names = """
        nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr \
        deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest \
        Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml \
        ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig \
        agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml \
        eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml
        """

    /// Other entities seen in feeds: punctuation, symbols, arrows, a few Greek letters.
    private static let otherEntities: [String: UInt32] = [
        "quot": 0x22, "amp": 0x26, "apos": 0x27, "lt": 0x3C, "gt": 0x3E,
        "OElig": 0x152, "oelig": 0x153, "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178,
        "Zcaron": 0x17D, "zcaron": 0x17E, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC,
        "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D,
        "lrm": 0x200E, "rlm": 0x200F, "ndash": 0x2013, "mdash": 0x2014, "horbar": 0x2015,
        "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D,
        "bdquo": 0x201E, "dagger": 0x2020, "Dagger": 0x2021, "bull": 0x2022, "hellip": 0x2026,
        "permil": 0x2030, "prime": 0x2032, "Prime": 0x2033, "lsaquo": 0x2039, "rsaquo": 0x203A,
        "oline": 0x203E, "frasl": 0x2044, "euro": 0x20AC, "trade": 0x2122, "larr": 0x2190,
        "uarr": 0x2191, "rarr": 0x2192, "darr": 0x2193, "harr": 0x2194, "rArr": 0x21D2,
        "lArr": 0x21D0, "hArr": 0x21D4, "minus": 0x2212, "infin": 0x221E, "ne": 0x2260,
        "le": 0x2264, "ge": 0x2265, "asymp": 0x2248, "loz": 0x25CA, "spades": 0x2660,
        "clubs": 0x2663, "hearts": 0x2665, "diams": 0x2666, "check": 0x2713, "star": 0x2606,
        "Alpha": 0x391, "Beta": 0x392, "Gamma": 0x393, "Delta": 0x394, "Omega": 0x3A9,
        "alpha": 0x3B1, "beta": 0x3B2, "gamma": 0x3B3, "delta": 0x3B4, "epsilon": 0x3B5,
        "lambda": 0x3BB, "mu": 0x3BC, "pi": 0x3C0, "sigma": 0x3C3, "omega": 0x3C9,
    ]

    /// The rest of HTML 4's symbols: letter-like symbols, arrows, mathematical operators.
    private static let symbolEntities: [String: UInt32] = [
        "thetasym": 0x3D1, "upsih": 0x3D2, "piv": 0x3D6, "weierp": 0x2118, "image": 0x2111,
        "real": 0x211C, "alefsym": 0x2135, "crarr": 0x21B5, "uArr": 0x21D1, "dArr": 0x21D3,
        "forall": 0x2200, "part": 0x2202, "exist": 0x2203, "empty": 0x2205, "nabla": 0x2207,
        "isin": 0x2208, "notin": 0x2209, "ni": 0x220B, "prod": 0x220F, "sum": 0x2211,
        "lowast": 0x2217, "radic": 0x221A, "prop": 0x221D, "ang": 0x2220, "and": 0x2227,
        "or": 0x2228, "cap": 0x2229, "cup": 0x222A, "int": 0x222B, "there4": 0x2234,
        "sim": 0x223C, "cong": 0x2245, "equiv": 0x2261, "sub": 0x2282, "sup": 0x2283,
        "nsub": 0x2284, "sube": 0x2286, "supe": 0x2287, "oplus": 0x2295, "otimes": 0x2297,
        "perp": 0x22A5, "sdot": 0x22C5, "lceil": 0x2308, "rceil": 0x2309, "lfloor": 0x230A,
        "rfloor": 0x230B, "lang": 0x2329, "rang": 0x232A,
    ]

    /// Every supported entity name mapped to its character.
    static let named: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = [:]
        for (offset, name) in latin1Names.split(separator: " ").enumerated() {
            table[String(name)] = Unicode.Scalar(UInt32(0xA0 + offset))
        }
        for (name, value) in otherEntities { table[name] = Unicode.Scalar(value) }
        let greek =
            "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon phi chi psi omega"
        for (offset, name) in greek.split(separator: " ").enumerated() {
            table[String(name)] = Unicode.Scalar(UInt32(0x3B1 + offset))
            // The capitals have no final sigma: U+03A2 is unassigned.
            if name != "sigmaf" {
                table[name.prefix(1).uppercased() + name.dropFirst()] = Unicode.Scalar(UInt32(0x391 + offset))
            }
        }
        for (name, value) in symbolEntities { table[name] = Unicode.Scalar(value) }
        return table
    }()

    /// The character a named entity such as `eacute` stands for, or `nil` if unknown.
    public static func character(named name: String) -> Unicode.Scalar? {
        if let scalar = named[name] { return scalar }
        // Upper-case spellings of the basic ones (&AMP;, &NBSP;) are common enough.
        switch name {
        case "AMP", "LT", "GT", "QUOT", "NBSP", "COPY", "REG": return named[name.lowercased()]
        default: return nil
        }
    }

    /// The character a numeric reference such as `&#8212;` stands for, as HTML decodes it.
    ///
    /// References to 0x80-0x9F mean the Windows-1252 characters (as in browsers); NUL,
    /// surrogates, out-of-range values and control characters other than tab, newline
    /// and carriage return become U+FFFD, so decoding never introduces control characters.
    public static func character(code: UInt32) -> Unicode.Scalar {
        let replacement: Unicode.Scalar = "\u{FFFD}"
        if (0x80...0x9F).contains(code) { return Windows1252.scalar(for: UInt8(code)) ?? replacement }
        if code == 0x09 || code == 0x0A || code == 0x0D { return Unicode.Scalar(UInt8(code)) }
        if code < 0x20 || code == 0x7F { return replacement }
        return Unicode.Scalar(code) ?? replacement
    }
}

/// The Windows-1252 code page, which is also how browsers read "ISO-8859-1".
enum Windows1252 {
    /// Characters for bytes 0x80-0x9F; 0 marks the five undefined bytes.
    private static let high: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// The character for `byte`, or `nil` for the five bytes Windows-1252 leaves undefined.
    static func scalar(for byte: UInt8) -> Unicode.Scalar? {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        let value = high[Int(byte - 0x80)]
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// Decodes `bytes` as Windows-1252; undefined bytes become U+FFFD.
    static func decode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(scalar(for: byte) ?? "\u{FFFD}") }
        return String(scalars)
    }
}
