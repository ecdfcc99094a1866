/// What a screen can draw beyond ASCII: box-drawing lines, arrows, triangles and marks, ASCII stand-ins for them,
/// or, in the screen-reader mode (``plain``), spaces and plain rules for the lines.
///
/// The toolkit draws its lines and marks (`─ │ ┌ ├─ ▸ ✓ … ↑`) in Unicode; a screen whose ``Screen/glyphs`` is
/// ``ascii`` writes each of them as one ASCII character of the same width (``substitute(_:)-(Character)``), so
/// borders, dividers, scroll indicators and key names keep their places on a terminal that cannot draw them.
/// An outline's guides change shape too (tree(1)'s ASCII guides, `+` and `-` disclosure marks): its data source
/// asks the screen its table is shown on.
///
/// `CursesScreen` decides once, when it starts, with ``init(environment:terminalHasLineDrawing:readerMode:)``;
/// ``BufferScreen`` has a settable ``BufferScreen/glyphs`` for tests. Text of the app's own data that is not one
/// of the toolkit's symbols is written as it is.
public enum ScreenGlyphs: Sendable, Equatable {
    /// Box drawing, arrows and marks as Unicode characters (a UTF-8 terminal).
    case unicode
    /// ASCII stand-ins only (`+ - |`, `^ v < >`, `.`, `*`): a non-UTF-8 locale, a terminal without line
    /// drawing, or `TERMTABLE_ASCII=1`.
    case ascii
    /// The screen-reader mode's set (`TERMTABLE_ACCESSIBLE=1`, `Application.isAccessible`): box drawing replaced
    /// by spaces and plain rules. Vertical lines, corners and a scroll indicator draw as spaces (a reader would
    /// otherwise say "vertical line" on every row), a horizontal line as a run of `-` (one rule, read once on its
    /// own line; a tee on it is part of the rule), and the other marks as their ASCII stand-ins (`>`, `*`, `.`).
    case plain

    /// The set for a terminal started in `environment`, whose terminfo entry has line drawing (an `acsc`
    /// mapping the lines and corners) when `terminalHasLineDrawing`.
    ///
    /// In order: `TERMTABLE_ASCII` set to `1`, `yes` or `true` gives ``ascii``, set to `0`, `no` or `false`
    /// gives ``unicode``; the screen-reader mode (`readerMode`, or `TERMTABLE_ACCESSIBLE` set to `1`, `yes`, `true`
    /// or `on`) gives ``plain``; the user's locale (the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set and not
    /// empty) naming a codeset other than UTF-8 (`en_US.ISO-8859-1`) gives ``ascii``; a terminal without line
    /// drawing gives ``ascii``; anything else, an unset locale, `C` and `POSIX` among them, gives ``unicode``
    /// (those mean an unconfigured system far more often than an ASCII terminal, as PEP 538 found for Python).
    public init(environment: [String: String], terminalHasLineDrawing: Bool = true, readerMode: Bool = false) {
        if let override = environment["TERMTABLE_ASCII"]?.lowercased(), !override.isEmpty {
            if ["1", "yes", "true", "on"].contains(override) {
                self = .ascii
                return
            }
            if ["0", "no", "false", "off"].contains(override) {
                self = .unicode
                return
            }
        }
        let reader = environment["TERMTABLE_ACCESSIBLE"]?.lowercased()
        if readerMode || ["1", "yes", "true", "on"].contains(reader ?? "") {
            self = .plain  // a reader says nothing for a space, "box drawings light vertical" for `│`
            return
        }
        if let codeset = Self.codeset(environment), codeset != "UTF8" {
            self = .ascii
            return
        }
        self = terminalHasLineDrawing ? .unicode : .ascii
    }

    /// The codeset the user's locale names, upper-cased without `-` and `_` (`UTF8`, `ISO88591`); nil when the
    /// locale is unset, `C`, `POSIX` or names none.
    static func codeset(_ environment: [String: String]) -> String? {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale else { return nil }
        var name = Substring(locale)
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let codeset = name[name.index(after: dot)...].uppercased().filter { $0 != "-" && $0 != "_" }
        return codeset.isEmpty ? nil : codeset
    }

    /// True when terminfo's `acsc` string maps the VT100 line-drawing characters (`q` and `x` for the lines,
    /// `l k m j` for the corners): the terminal has line drawing. Nil or empty: it has none.
    public static func acscHasLineDrawing(_ acsc: String?) -> Bool {
        guard let acsc else { return false }
        let characters = Array(acsc.utf8)
        var mapped = Set<UInt8>()
        var index = 0
        while index + 1 < characters.count {
            mapped.insert(characters[index])
            index += 2
        }
        return Set("qxlkmj".utf8).isSubset(of: mapped)
    }

    /// `character` as this set draws it: itself under ``unicode``; under ``ascii``, a toolkit symbol becomes its
    /// ASCII stand-in of the same width (`─`→`-`, `│`→`|`, corners and tees →`+`, `…`→`.`, `✓`→`*`, `↑`→`^`, `▸`→`>`)
    /// and anything else stays; under ``plain``, vertical lines, corners and a scroll thumb become spaces, tees
    /// `-`, and the rest as under ``ascii``.
    public func substitute(_ character: Character) -> Character {
        guard self != .unicode, !character.isASCII else { return character }
        if self == .plain, let plain = Self.plainStandIns[character] { return plain }
        return Self.asciiStandIns[character] ?? character
    }

    /// `text` with every character passed through ``substitute(_:)-(Character)``.
    public func substitute(_ text: String) -> String {
        guard self != .unicode, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text { result.append(substitute(character)) }
        return result
    }

    /// Where ``plain`` differs from ``ascii``: vertical lines, corners and a scroll thumb are spaces, tees (which
    /// sit on a horizontal rule) are `-`.
    static let plainStandIns: [Character: Character] = {
        var table: [Character: Character] = [:]
        for symbol in "│║┆┊╎┃┌┐└┘╭╮╯╰┏┓┗┛" { table[symbol] = " " }
        for symbol in "├┤┬┴┼┣┫┳┻╋" { table[symbol] = "-" }
        return table
    }()

    /// The ASCII stand-in of every non-ASCII symbol the toolkit draws, each one column wide like its symbol.
    static let asciiStandIns: [Character: Character] = {
        var table: [Character: Character] = [:]
        for symbol in "─┄┈╌" { table[symbol] = "-" }
        for symbol in "━═" { table[symbol] = "=" }  // a slider's filled part, beside its `─` track
        for symbol in "│║┆┊╎" { table[symbol] = "|" }
        table["┃"] = "#"  // a scroll indicator's thumb, on its `│` track
        for symbol in "┌┐└┘├┤┬┴┼╭╮╯╰┏┓┗┛┣┫┳┻╋" { table[symbol] = "+" }
        for symbol in "›▸▶►→" { table[symbol] = ">" }
        for symbol in "‹◂◀◄←" { table[symbol] = "<" }
        for symbol in "▴▲↑" { table[symbol] = "^" }
        for symbol in "▾▼↓" { table[symbol] = "v" }
        for symbol in "…·•" { table[symbol] = "." }
        for symbol in "✓✔" { table[symbol] = "*" }
        for symbol in "✗✘×" { table[symbol] = "x" }
        for symbol in "█▉▊▋▌" { table[symbol] = "#" }
        for symbol in "▍▎▏▒▓" { table[symbol] = ":" }
        table["░"] = "."
        for symbol in "●◉" { table[symbol] = "o" }
        for symbol in "“”„" { table[symbol] = "\"" }
        for symbol in "‘’" { table[symbol] = "'" }
        for symbol in "–—" { table[symbol] = "-" }
        table["⚠"] = "!"
        return table
    }()
}
