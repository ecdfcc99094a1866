import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableLayout

@Suite("Layout lint formatting")
struct LayoutLintTests {
    @Test func theSummaryLine() {
        #expect(LayoutLint.summary(files: 3, cells: 7, errors: 0) == "3 files, 7 cells, 0 errors")
        #expect(LayoutLint.summary(files: 1, cells: 1, errors: 1) == "1 file, 1 cell, 1 error")
    }

    @Test func errorsAreFormattedWithSourceLineCaretAndHint() {
        let (cells, errors) = LayoutLint.lint(text: "cell a\n| [1 x] |\n  1 lable\n", file: "A.layout")
        #expect(cells == 1)
        #expect(
            LayoutLint.format(errors) == """
                A.layout:3:5: error: unknown kind `lable`
                    1 lable
                      ^
                hint: did you mean `label`? the kinds are `label`, `progress`, `button`, `field`, `slider`, `glyph`, \
                `separator` or `box`
                """)
    }

    @Test func aReportOfGoodAndBadFiles() throws {
        let directory = try makeLayoutTemporaryDirectory()
        let good = try writeLayoutFile(
            "cell a\n|[1]|\n 1 glyph\ncell b\n|[1]|\n 1 glyph\n", named: "Good.layout",
            in: directory)
        let bad = try writeLayoutFile("cell c\n|[1]|\n", named: "Bad.layout", in: directory)
        let missing = directory + "/Missing.layout"

        let clean = LayoutLint.lint(paths: [good])
        #expect(clean.exitCode == 0)
        #expect(clean.output == "1 file, 2 cells, 0 errors")

        let report = LayoutLint.lint(paths: [good, bad, missing])
        #expect(report.exitCode == 1)
        #expect(report.files == 3 && report.cells == 3 && report.errorCount == 2)
        let lines = report.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "\(missing): error: no such layout file")
        #expect(lines[1] == "\(bad):2:2: error: tag 1 is drawn on the canvas but has no property line")
        #expect(lines[2] == "  |[1]|")
        #expect(lines[3] == "   ^")
        #expect(lines[4] == "hint: add a line such as `  1 label stretch` under the canvas")
        #expect(lines.last == "3 files, 3 cells, 2 errors")
    }

    @Test func strictAddsTheNamingConvention() {
        let text = "cell row\n|[1]|\n 1 glyph\n"
        #expect(LayoutLint.lint(text: text, file: "Layouts/Row.layout").errors.isEmpty)
        let strict = LayoutLint.lint(text: text, file: "Layouts/Row.layout", strict: true).errors
        #expect(strict.count == 1)
        #expect(strict.first?.hint?.contains("differ only in case") == true)
        #expect(LayoutLint.lint(text: "cell Row\n|[1]|\n 1 glyph\n", file: "Row.layout", strict: true).errors.isEmpty)
    }

    @Test func theShippedLayoutsAreClean() {
        let report = LayoutLint.lint(paths: [layoutsDirectory + "/Gallery.layout", layoutsDirectory + "/Bench.layout"])
        #expect(report.errorCount == 0, "\(report.output)")
        #expect(report.cells == 16)
    }
}
