internal import CNcursesw
import TermTableCore

/// Deciding the colour depth when the screen opens (see ``/TermTableCore/ColorDepth``).
extension CursesScreen {
    /// The depth of the terminal just set up by `newterm`: the option, else the environment and the entry
    /// (`COLORTERM`, `RGB`/`Tc`, `colors`), lowered to what the entry can draw (none without `has_colors`).
    static func colorDepth(terminalType: String, environment: [String: String], options: Options) -> ColorDepth {
        let colors = Int(tigetnum("colors"))
        let hasRGB = tigetflag("RGB") == 1 || tigetflag("Tc") == 1
        let wanted =
            options.colorDepth
            ?? (options.colors
                ? ColorDepth.detect(
                    environment: environment, terminalColors: colors, terminalHasRGB: hasRGB,
                    terminalType: terminalType)
                : .none)
        guard has_colors() else { return .none }
        // Without extended colours (ABI 5) a direct-colour entry's numbers past 7 are RGB values that do not fit:
        // only its eight ANSI colours are drawn right (``isDirectWithoutExtendedColors``).
        if isDirectWithoutExtendedColors { return min(wanted, .ansi16) }
        let possible: ColorDepth =
            colors >= 1 << 24 ? .trueColor : colors >= 256 ? .palette256 : colors >= 8 ? .ansi16 : .none
        return min(wanted, possible)
    }

    /// True on a direct-colour entry (`RGB`) when ncurses lacks extended colours: colours 0-7 only.
    static var isDirectWithoutExtendedColors: Bool { cnc_has_extended_colors() == 0 && tigetflag("RGB") == 1 }

    /// The largest colour pair a cell can hold: 255 without extended colours (the pair is 8 bits of the cell's
    /// attributes), else 32767 (a `cchar_t`'s pair).
    static var largestPair: Int { cnc_has_extended_colors() == 1 ? Int(Int16.max) : 255 }

    /// The direct-colour terminfo entry to use in place of `type` when true colour is asked for (the option,
    /// `TERMTABLE_COLORS=truecolor`, or `COLORTERM=truecolor|24bit` without `NO_COLOR`) and `type` is not one:
    /// `xterm-direct` for `xterm-256color`, `tmux-direct` for `tmux-256color`, when that entry is installed and can
    /// address the cursor; nil to keep `type`.
    static func directColorType(
        for type: String, environment: [String: String], options: Options, descriptor: Int32
    ) -> String? {
        guard options.colors || options.colorDepth != nil, !type.hasSuffix("-direct") else { return nil }
        let forced = options.colorDepth ?? environment["TERMTABLE_COLORS"].flatMap(ColorDepth.init(name:))
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        let wantsTrueColor =
            forced.map { $0 == .trueColor }
            ?? ((environment["NO_COLOR"] ?? "").isEmpty && (colorTerm == "truecolor" || colorTerm == "24bit"))
        guard wantsTrueColor, let family = type.split(separator: "-").first, !family.isEmpty else { return nil }
        let candidate = String(family) + "-direct"
        return cnc_can_address_cursor(candidate, descriptor) == 1 ? candidate : nil
    }

    /// The terminal's number for `color` at the screen's depth: -1 for the default colour, a palette index, or
    /// (on a direct-colour entry) the RGB value packed as `0xRRGGBB`.
    func colorNumber(_ color: Color) -> Int {
        let mapped = colorDepth.map(color)
        if colorDepth == .trueColor && colorCount >= 1 << 24 {
            switch mapped {
            case .default: return -1
            // Direct-colour entries draw 0-7 as the terminal's own ANSI colours (`setaf` 30-37).
            case .ansi(let index) where index < 8: return Int(index)
            case .palette(let index) where index < 8: return Int(index)
            case .ansi(let index), .palette(let index):
                let (red, green, blue) = ColorDepth.paletteRGB(Int(index))
                return Self.packed(red, green, blue)
            case .rgb(let red, let green, let blue): return Self.packed(red, green, blue)
            }
        }
        guard let index = mapped.paletteIndex else { return -1 }
        if index < colorCount { return index }
        return index & 7
    }

    /// An RGB colour as a direct-colour entry's number; 1-7 (which the entry would draw as ANSI colours) become 8,
    /// a blue no eye tells from them.
    static func packed(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let value = Int(red) << 16 | Int(green) << 8 | Int(blue)
        return (1..<8).contains(value) ? 8 : value
    }
}
