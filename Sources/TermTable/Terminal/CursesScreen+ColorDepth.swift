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
        let possible: ColorDepth =
            colors >= 1 << 24 ? .trueColor : colors >= 256 ? .palette256 : colors >= 8 ? .ansi16 : .none
        return min(wanted, possible)
    }

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
}
