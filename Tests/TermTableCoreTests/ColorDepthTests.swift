import Testing

@testable import TermTableCore

/// Colour depth: RGB drawn as the nearest of 256 or 16 where the terminal has no true colour, none under NO_COLOR.
@Suite
struct ColorDepthTests {
    @Test func rgbMapsToTheNearestOfTheCubeOrTheGreyRamp() {
        #expect(ColorDepth.nearestPaletteIndex(red: 0xFF, green: 0x88, blue: 0x00) == 208)  // #ff8700
        #expect(ColorDepth.nearestPaletteIndex(red: 0x5F, green: 0x87, blue: 0xAF) == 67)  // exact cube colour
        #expect(ColorDepth.nearestPaletteIndex(red: 0, green: 0, blue: 0) == 16)
        #expect(ColorDepth.nearestPaletteIndex(red: 0xFF, green: 0xFF, blue: 0xFF) == 231)
        #expect(ColorDepth.nearestPaletteIndex(red: 128, green: 128, blue: 128) == 244, "grey 128 is on the ramp")
        #expect(ColorDepth.nearestPaletteIndex(red: 0x30, green: 0x30, blue: 0x30) == 236)
        #expect(ColorDepth.nearestPaletteIndex(red: 0x30, green: 0x32, blue: 0x2E) == 236, "near-grey goes grey")
        for index in 16..<256 {
            let (red, green, blue) = ColorDepth.paletteRGB(index)
            let back = ColorDepth.nearestPaletteIndex(red: red, green: green, blue: blue)
            #expect(ColorDepth.paletteRGB(back) == ColorDepth.paletteRGB(index), "palette \(index) maps to itself")
        }
    }

    @Test func rgbAndPaletteColoursMapToTheNearestOfTheSixteen() {
        #expect(ColorDepth.nearestANSIIndex(red: 255, green: 0, blue: 0) == 9)
        #expect(ColorDepth.nearestANSIIndex(red: 200, green: 10, blue: 10) == 1)
        #expect(ColorDepth.nearestANSIIndex(red: 10, green: 10, blue: 10) == 0)
        #expect(ColorDepth.nearestANSIIndex(red: 250, green: 250, blue: 250) == 15)
        #expect(ColorDepth.ansi16.map(Color.palette(196)) == .ansi(9))
        #expect(ColorDepth.ansi16.map(Color.palette(21)) == .ansi(4))
        #expect(ColorDepth.ansi16.map(Color.palette(3)) == .ansi(3))
        #expect(ColorDepth.ansi16.map(Color.rgb(0, 205, 0)) == .ansi(2))
        #expect(ColorDepth.palette256.map(Color.rgb(0xFF, 0x88, 0)) == .palette(208))
        #expect(ColorDepth.palette256.map(Color.ansi(3)) == .ansi(3))
        #expect(ColorDepth.trueColor.map(Color.rgb(1, 2, 3)) == .rgb(1, 2, 3))
    }

    @Test func noColourKeepsTheAttributes() {
        let style = Style(foreground: .rgb(1, 2, 3), background: .blue, attributes: [.bold, .underline, .reverse])
        #expect(ColorDepth.none.map(style) == Style(attributes: [.bold, .underline, .reverse]))
    }

    @Test func theDepthComesFromTheEnvironmentAndTheTerminfoEntry() {
        func depth(_ environment: [String: String], colors: Int = 256, rgb: Bool = false, term: String = "xterm")
            -> ColorDepth
        {
            ColorDepth.detect(environment: environment, terminalColors: colors, terminalHasRGB: rgb, terminalType: term)
        }
        #expect(depth([:]) == .palette256)
        #expect(depth([:], colors: 8) == .ansi16)
        #expect(depth([:], colors: 0) == .none)
        #expect(depth(["COLORTERM": "truecolor"]) == .trueColor)
        #expect(depth(["COLORTERM": "24bit"]) == .trueColor)
        #expect(depth([:], rgb: true) == .trueColor, "terminfo RGB or Tc")
        #expect(depth([:], colors: 1 << 24, term: "xterm-direct") == .trueColor)
        #expect(depth(["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
        #expect(depth(["NO_COLOR": ""]) == .palette256, "an empty NO_COLOR is not set")
        #expect(depth([:], term: "dumb") == .none)
        #expect(depth(["TERMTABLE_COLORS": "16", "COLORTERM": "truecolor"]) == .ansi16)
        #expect(depth(["TERMTABLE_COLORS": "truecolor", "NO_COLOR": "1"]) == .trueColor)
        #expect(depth(["TERMTABLE_COLORS": "lots"]) == .palette256, "an unknown name is ignored")
    }
}
