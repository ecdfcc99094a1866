import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableLayout

/// `termtable lint`'s warnings: `height=auto` on a cell where no field stretches in height; a heading wider
/// than its field.
@Suite("Layout lint warnings")
struct LayoutLintWarningTests {
    static let flat = """
        cell message height=auto
        | [1 time ] [2 message                   ] |
          1 label
          2 label stretch
        """

    @Test func heightAutoWithoutAFieldThatStretchesInHeightWarnsAtTheAttribute() throws {
        let (cells, errors, warnings) = LayoutLint.lintFile(text: Self.flat, file: "Message.layout")
        #expect(cells == 1 && errors.isEmpty)
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.line == 1 && warning.column == 14)
        #expect(
            warning.description == """
                Message.layout:1:14: warning: `height=auto` on cell `message`, but no field stretches in height: \
                the row stays 1 line tall
                  cell message height=auto
                               ^
                hint: add `stretch=both` (or `stretch=height`) and `wrap` to the field that should grow, \
                or remove `height=auto`
                """)
    }

    @Test func aFieldThatStretchesInHeightOrAFixedHeightGivesNoWarning() {
        let stretching = Self.flat.replacingOccurrences(of: "2 label stretch", with: "2 label wrap stretch=both")
        #expect(LayoutLint.lintFile(text: stretching, file: "A.layout").warnings.isEmpty)
        let tall = Self.flat.replacingOccurrences(of: "2 label stretch", with: "2 label stretch=height")
        #expect(LayoutLint.lintFile(text: tall, file: "A.layout").warnings.isEmpty)
        let fixed = Self.flat.replacingOccurrences(of: " height=auto", with: "")
        #expect(LayoutLint.lintFile(text: fixed, file: "A.layout").warnings.isEmpty)
    }

    static let pods = """
        cell pod
        | [1 name      ] [2 rst] [3 age] |
          1 label stretch heading=NAME-OF-THE-POD
          2 label align=right heading=RESTARTS
          3 label heading=AGE
        """

    @Test func aHeadingWiderThanAFieldThatDoesNotStretchWarnsAtTheHeading() throws {
        let (cells, errors, warnings) = LayoutLint.lintFile(text: Self.pods, file: "Pods.layout")
        #expect(cells == 1 && errors.isEmpty)
        // RESTARTS (8) over a 7-column field; NAME-OF-THE-POD stretches, AGE fits.
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(
            warning.description == """
                Pods.layout:4:23: warning: the heading "RESTARTS" of field 2 is 8 columns wide, its field 7: \
                the header row cuts it
                    2 label align=right heading=RESTARTS
                                        ^
                hint: widen the field to 8 columns, make it stretch, or shorten the heading
                """)
        let wide = Self.pods.replacingOccurrences(of: "[2 rst]", with: "[2 rest]")
            .replacingOccurrences(of: "[1 name      ]", with: "[1 name     ]")
        #expect(LayoutLint.lintFile(text: wide, file: "Pods.layout").warnings.isEmpty)
    }

    @Test func aFileWithErrorsGetsNoWarnings() {
        let broken = Self.flat + "\n  3 label\n"
        let result = LayoutLint.lintFile(text: broken, file: "A.layout")
        #expect(!result.errors.isEmpty && result.warnings.isEmpty)
    }

    @Test func warningsArePrintedAndCountedAndFailOnlyAStrictLint() throws {
        let directory = try makeLayoutTemporaryDirectory()
        let path = try writeLayoutFile(Self.flat + "\n", named: "Message.layout", in: directory)
        let report = LayoutLint.lint(paths: [path])
        #expect(report.exitCode == 0)
        let lines = report.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(path):1:14: warning: `height=auto` on cell `message`") == true)
        #expect(lines.last == "1 file, 1 cell, 0 errors, 1 warning")
        let strict = LayoutLint.lint(paths: [path], strict: true)
        #expect(strict.exitCode == 1)
        #expect(strict.warnings.count == 1)
    }

    @Test func theColumnOfAnAttributeIsFoundOnlyAsAWholeAttribute() {
        #expect(LayoutLint.column(of: "height", in: "cell heights height=auto") == 14)
        #expect(LayoutLint.column(of: "height", in: "cell a\theight=auto") == 8)
        #expect(LayoutLint.column(of: "height", in: "cell a") == nil)
    }

    @Test func warningTextCannotDriveTheTerminal() {
        let warning = LayoutDiagnostic(
            severity: .warning, file: "A\u{1B}[2J.layout", line: 1, column: 1, message: "m\u{1B}]0;x\u{07}",
            hint: "h\u{9B}",
            sourceLine: "cell \u{1B}[31m")
        #expect(!warning.description.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!warning.description.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) })
    }
}
