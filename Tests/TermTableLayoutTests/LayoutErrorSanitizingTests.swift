import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableLayout

/// Error messages quote the layout file (names, values, paths): none of it reaches the terminal raw.
@Suite("Layout errors: quoted text is sanitised")
struct LayoutErrorSanitizingTests {
    /// What a hostile layout might hold: a title change, a screen wipe with a colour, the C1 form of CSI.
    static let payloads = ["\u{1B}]0;pwned\u{07}", "\u{1B}[2J\u{1B}[31m", "\u{9B}31m", "\u{202E}"]

    /// True when `text` holds a control character other than line feed and tab, or a bidi override.
    static func holdsControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    /// Layouts that each make one kind of error quote `$` (replaced by a payload) in its message or hint.
    static let templates: [String] = [
        "cell row x$=1\n| [1 a ] |\n  1 label\n",  // unknown cell attribute
        "cell row\n| [1 a ] |\n  1 lab$el\n",  // unknown kind
        "cell row\n| [1 a ] |\n  1 label bogus$=1\n",  // unknown property
        "cell row\n| [1 a ] |\n  1 label fg=re$d\n",  // unknown colour
        "cell row\n| [1 a ] |\n  1 label style=bo$ld\n",  // unknown style
        "cell row\n| [1 a ] |\n  1 label pin=ri$ght\n",  // bad pin value
        "cell row\n| [1 a ] |\n  1 label wrap=$\n",  // bad value
        "cell row\n| [1 a ] |\n  1 glyph symbol=ab$\n",  // symbol of several characters
        "cell row\n| [1 a ] |\n  1 slider value=$\n",  // bad number
        "cell row\n| [$1 a ] |\n  1 label\n",  // tag that is not an integer
        "cell row\n| [1 a$b ] |\n  1 label\n",  // invalid field name
        "cell row height=2$\n| [1 a ] |\n  1 label\n",  // bad height
        "cell row$\n| [1 a ] |\n  1 label\n",  // bad identifier
        "cell row\n| [1 a ] |\n  1 label action=$ action=x\n",  // given twice
    ]

    @Test(arguments: templates)
    func everyErrorMessageQuotingTheFileIsSanitised(template: String) throws {
        for payload in LayoutErrorSanitizingTests.payloads {
            let text = template.replacingOccurrences(of: "$", with: payload)
            let (_, errors) = LayoutParser.check(text, file: "F.layout")
            try #require(!errors.isEmpty, "no error for \(text.debugDescription)")
            for error in errors {
                #expect(
                    !LayoutErrorSanitizingTests.holdsControls(error.description),
                    "raw control characters in \(error.description.debugDescription)")
            }
            let lint = LayoutLint.lint(text: text, file: "F.layout", strict: true)
            #expect(!LayoutErrorSanitizingTests.holdsControls(LayoutLint.format(lint.errors)))
        }
    }

    @Test func theEscapeIsShownAsAVisibleSymbol() throws {
        let (_, errors) = LayoutParser.check("cell row\n| [1 a ] |\n  1 bogus\u{1B}[2J\n", file: "F.layout")
        let error = try #require(errors.first)
        let messageLine = try #require(error.description.split(separator: "\n").first)
        #expect(messageLine.contains("`bogus\u{241B}[2J`"), "\(error.description.debugDescription)")
    }

    /// Random layouts of the format's pieces and escape sequences: no error output holds a control character.
    /// `TERMTABLE_LINT_SANITIZE_ROUNDS` (default 300) and `TERMTABLE_LINT_SANITIZE_SEED` set the budget and the seed.
    @Test func generatedLayoutsNeverPrintControlCharacters() async {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["TERMTABLE_LINT_SANITIZE_ROUNDS"].flatMap { Int($0) } ?? 300
        var random = SeededRandom(
            seed: environment["TERMTABLE_LINT_SANITIZE_SEED"].flatMap { UInt64($0) } ?? 0xE5C)
        let pieces = LayoutFuzzTests.pieces + LayoutErrorSanitizingTests.payloads + ["\u{7}", "\u{9B}", "\u{1B}]"]
        var failures = 0
        for round in 0..<rounds where failures < 3 {
            if round % 10 == 0 { await Task.yield() }  // share the thread with the suites beside this one
            var text = "cell row\n| [1 a ] [2 b ] |\n  1 label "
            for _ in 0..<Int.random(in: 1...20, using: &random) { text += pieces.randomElement(using: &random)! }
            let (_, errors) = LayoutParser.check(text, file: "F\u{1B}[31m.layout")
            let output = LayoutLint.format(errors)
            if LayoutErrorSanitizingTests.holdsControls(output) {
                failures += 1
                Issue.record("raw control characters for \(text.debugDescription): \(output.debugDescription)")
            }
        }
    }

    @Test func loadErrorsSanitiseThePathsAndNames() {
        let payload = "\u{1B}]0;pwned\u{07}"
        let errors: [LayoutLibraryError] = [
            .fileNotFound(path: "a\(payload).layout"),
            .unreadable(path: "a\(payload)", reason: "r\(payload)"),
            .notUTF8(path: "a\(payload)", offset: 1, line: 1),
            .notADirectory(path: "d\(payload)"),
            .noLayoutFiles(directory: "d\(payload)"),
            .unknownIdentifier(
                "i\(payload)", known: ["k\(payload)"], suggestion: "s\(payload)", files: ["f\(payload)"]),
        ]
        for error in errors {
            #expect(
                !LayoutErrorSanitizingTests.holdsControls(error.description), "\(error.description.debugDescription)")
        }
    }

    @Test func lintOfAFileNamedWithEscapesPrintsNoEscape() throws {
        let directory = NSTemporaryDirectory() + "termtable-sanitize-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/x\u{1B}[2J.layout"
        try "cell row\n| [1 a ] |\n  1 label fg=\u{1B}]0;pwned\u{07}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let report = LayoutLint.lint(paths: [path, directory + "/missing\u{1B}[31m.layout"])
        #expect(report.errorCount == 2)
        #expect(!LayoutErrorSanitizingTests.holdsControls(report.output), "\(report.output.debugDescription)")
    }
}
