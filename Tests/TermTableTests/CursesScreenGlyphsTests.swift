import Foundation
import Testing

@testable import TermTable

extension ProcessStateTests.CursesScreenTests {
    /// `TERMTABLE_ASCII=1` in the environment the screen opens in gives an ASCII screen, which writes the toolkit's
    /// lines and marks as their stand-ins; without it (xterm-256color has line drawing) the screen is Unicode;
    /// `Options.glyphs` wins over the environment.
    @Test func theEnvironmentOrTheOptionsMakeAnASCIIScreenThatWritesTheStandIns() throws {
        let ascii = try withEnvironment("TERMTABLE_ASCII", "1") { try open(width: 10, height: 2) }
        #expect(ascii.glyphs == .ascii)
        ascii.put("├─▸ a…", at: .zero)
        ascii.fill(Rect(x: 0, y: 1, width: 3, height: 1), with: "─", style: .plain)
        #expect(lines(of: ascii) == ["+-> a.    ", "---       "])
        ascii.close()
        let unicode = try withEnvironment("TERMTABLE_ASCII", "0") { try open(width: 10, height: 2) }
        #expect(unicode.glyphs == .unicode)
        unicode.put("├─▸ a", at: .zero)
        #expect(lines(of: unicode)[0] == "├─▸ a     ")
        unicode.close()
        var options = CursesScreen.Options()
        options.glyphs = .ascii
        let chosen = try withEnvironment("TERMTABLE_ASCII", "0") { try open(width: 10, height: 2, options: options) }
        #expect(chosen.glyphs == .ascii)
        chosen.close()
    }
}
