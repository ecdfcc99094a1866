import Testing

@testable import TermTableLayout

/// `LayoutDiagnostic`: the parser's errors and the linter's warnings are one type told apart by severity.
@Suite("Layout diagnostics")
struct LayoutDiagnosticTests {
    @Test func theParsersErrorsAndTheLintersWarningsDifferOnlyInSeverity() throws {
        let (_, errors, _) = LayoutLint.lintFile(text: "cell a\n| [1 x ] |\n", file: "A.layout")
        let error = try #require(errors.first)
        #expect(error.severity == .error)
        #expect(error.description.hasPrefix("A.layout:\(error.line):\(error.column): error: "))
        let (_, _, warnings) = LayoutLint.lintFile(text: LayoutLintWarningTests.flat, file: "M.layout")
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning)
        var asError = warning
        asError.severity = .error
        #expect(warning.description.hasPrefix("M.layout:1:14: warning: "))
        #expect(asError.description.hasPrefix("M.layout:1:14: error: "))
        #expect(
            asError.description.dropFirst("M.layout:1:14: error: ".count)
                == warning.description.dropFirst("M.layout:1:14: warning: ".count))
        #expect(asError != warning, "the severity is part of a diagnostic's identity")
    }
}
