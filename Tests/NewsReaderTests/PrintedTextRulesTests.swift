import Testing

@testable import NewsKit
@testable import TermTableCore

/// `news --print` (NewsKit, which does not link the toolkit) and the screens (`TerminalText`) keep the same
/// characters off the terminal.
@Suite("news --print: the screens' rules")
struct PrintedTextRulesTests {
    @Test func everyCharacterTheScreensReplaceIsDroppedOrSpacedWhenPrinted() {
        var missed: [String] = []
        for value in UInt32(0)...0x3_0000 {
            guard let scalar = Unicode.Scalar(value), TerminalText.replacement(for: scalar) != nil else { continue }
            let printed = FeedPrinter.field("a" + String(scalar) + "b")
            if printed != "ab" && printed != "a b" { missed.append(String(value, radix: 16)) }
        }
        #expect(missed.isEmpty, "printed as they are: U+\(missed.joined(separator: ", U+"))")
    }
}
