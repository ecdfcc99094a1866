/// How many colours the terminal draws: none, the 16 ANSI colours, the 256-colour palette, or 24-bit true colour.
///
/// A screen decides its depth once, when it opens (``detect(environment:terminalColors:terminalHasRGB:terminalType:)``),
/// and draws every colour through ``map(_:)-(Color)``: an RGB colour becomes the nearest of the 256 (the 6×6×6 cube
/// and the grey ramp) or of the 16, a palette colour the nearest of the 16, and under ``none`` every colour is the
/// terminal's default while bold, underline and reverse stay.
public enum ColorDepth: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    /// No colour: attributes only (`NO_COLOR`, `TERM=dumb`, a terminal without colours).
    case none
    /// The 16 ANSI colours (8 where the terminal has only 8: the bright ones drawn as their normal colour).
    case ansi16
    /// The xterm 256-colour palette.
    case palette256
    /// 24-bit RGB colour.
    case trueColor

    /// The name `TERMTABLE_COLORS` takes: `none`, `16`, `256` or `truecolor`.
    public var description: String {
        switch self {
        case .none: return "none"
        case .ansi16: return "16"
        case .palette256: return "256"
        case .trueColor: return "truecolor"
        }
    }

    /// The depth named `name` as in ``description`` (`24bit` too), nil for another name.
    public init?(name: String) {
        switch name.lowercased() {
        case "none", "0", "no": self = .none
        case "16", "8", "ansi": self = .ansi16
        case "256": self = .palette256
        case "truecolor", "24bit", "rgb", "direct": self = .trueColor
        default: return nil
        }
    }

    /// Orders the depths from ``none`` to ``trueColor``.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The depth of a terminal: `TERMTABLE_COLORS` when it names one; none under `NO_COLOR` (non-empty) or
    /// `TERM=dumb`; true colour when `COLORTERM` is `truecolor` or `24bit`, the terminfo entry has `RGB` or `Tc`
    /// (`terminalHasRGB`) or is a `*-direct` one; else 256 or 16 from the entry's `colors` (none below 8).
    public static func detect(
        environment: [String: String], terminalColors: Int, terminalHasRGB: Bool, terminalType: String
    ) -> ColorDepth {
        if let forced = environment["TERMTABLE_COLORS"].flatMap(ColorDepth.init(name:)) { return forced }
        if !(environment["NO_COLOR"] ?? "").isEmpty || terminalType == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" || terminalHasRGB || terminalType.hasSuffix("-direct")
            || terminalColors >= 1 << 24
        {
            return .trueColor
        }
        if terminalColors >= 256 { return .palette256 }
        if terminalColors >= 8 { return .ansi16 }
        return .none
    }

    /// `color` as drawn at this depth: unchanged where the depth has it, else the nearest colour it has.
    public func map(_ color: Color) -> Color {
        switch (self, color) {
        case (_, .default), (.trueColor, _): return color
        case (.none, _): return .default
        case (.palette256, .rgb(let red, let green, let blue)):
            return .palette(UInt8(ColorDepth.nearestPaletteIndex(red: red, green: green, blue: blue)))
        case (.palette256, _): return color
        case (.ansi16, .ansi): return color
        case (.ansi16, .palette(let index)):
            if index < 16 { return .ansi(index) }
            let (red, green, blue) = ColorDepth.paletteRGB(Int(index))
            return .ansi(UInt8(ColorDepth.nearestANSIIndex(red: red, green: green, blue: blue)))
        case (.ansi16, .rgb(let red, let green, let blue)):
            return .ansi(UInt8(ColorDepth.nearestANSIIndex(red: red, green: green, blue: blue)))
        }
    }

    /// `style` as drawn at this depth: its colours mapped (``map(_:)-(Color)``), its attributes and role kept.
    public func map(_ style: Style) -> Style {
        var mapped = style
        mapped.foreground = map(style.foreground)
        mapped.background = map(style.background)
        return mapped
    }

    /// The levels of the palette's 6×6×6 colour cube (indices 16-231), per channel.
    static let cubeLevels: [Int] = [0, 0x5F, 0x87, 0xAF, 0xD7, 0xFF]

    /// xterm's default RGB values of the 16 ANSI colours.
    static let ansiRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The RGB value of palette index `index` (xterm's defaults for 0-15, the cube, the grey ramp).
    public static func paletteRGB(_ index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch index {
        case ..<16:
            let (red, green, blue) = ansiRGB[max(0, index)]
            return (UInt8(red), UInt8(green), UInt8(blue))
        case 16..<232:
            let cube = index - 16
            return (
                UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]), UInt8(cubeLevels[cube % 6])
            )
        default:
            let grey = UInt8(8 + 10 * (min(index, 255) - 232))
            return (grey, grey, grey)
        }
    }

    /// A perceptual-ish distance between two colours ("redmean": red and blue weighted by how red the pair is).
    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let redMean = (a.0 + b.0) / 2
        let red = a.0 - b.0
        let green = a.1 - b.1
        let blue = a.2 - b.2
        return ((512 + redMean) * red * red) >> 8 + 4 * green * green + ((767 - redMean) * blue * blue) >> 8
    }

    /// The index of the palette colour nearest to an RGB colour, among the cube (16-231) and the grey ramp
    /// (232-255); the 16 ANSI colours are left out, as terminals give them colours of their own.
    public static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let target = (Int(red), Int(green), Int(blue))
        func nearestLevel(_ value: Int) -> Int {
            var best = 0
            for (index, level) in cubeLevels.enumerated() where abs(level - value) < abs(cubeLevels[best] - value) {
                best = index
            }
            return best
        }
        let levels = (nearestLevel(target.0), nearestLevel(target.1), nearestLevel(target.2))
        let cube = 16 + 36 * levels.0 + 6 * levels.1 + levels.2
        let cubeColor = (cubeLevels[levels.0], cubeLevels[levels.1], cubeLevels[levels.2])
        let average = (target.0 + target.1 + target.2) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let greyValue = 8 + 10 * greyStep
        let grey = (greyValue, greyValue, greyValue)
        return distance(target, grey) < distance(target, cubeColor) ? 232 + greyStep : cube
    }

    /// The index (0-15) of the ANSI colour nearest to an RGB colour, by xterm's default values.
    public static func nearestANSIIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let target = (Int(red), Int(green), Int(blue))
        var best = 0
        var bestDistance = Int.max
        for (index, color) in ansiRGB.enumerated() {
            let d = distance(target, color)
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return best
    }
}
