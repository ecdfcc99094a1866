import Foundation
import Testing
import TermTableLayouts
import TermTableTesting
@testable import TermTable

/// `termtable preview --width N`: a width no terminal has is refused, not allocated.
@Suite("termtable preview: the width is bounded")
struct PreviewWidthTests {
    static func preview(_ arguments: [String]) throws -> ChildProcess.Result {
        let termtable = try BuiltProducts.executable(named: "termtable")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return try ChildProcess.run([termtable, "preview"] + arguments + [ProjectLayouts.path(for: "News")],
                                    environment: environment)
    }

    @Test(arguments: ["2147483648", "9223372036854775807", "4097", "0", "-5"])
    func aWidthOutsideTheRangeIsAUsageError(width: String) throws {
        let result = try PreviewWidthTests.preview(["--width=\(width)"])
        #expect(result.status == 64, "exit status \(result.status): \(result.output)")
        #expect(result.output.contains("--width must be between 1 and 4096 columns (got \(width))"), "\(result.output)")
    }

    @Test func theWidestWidthIsDrawn() throws {
        let result = try PreviewWidthTests.preview(["--width", "4096"])
        #expect(result.status == 0, "exit status \(result.status): \(result.output.prefix(500))")
        let lines = result.output.split(separator: "\n")
        #expect(lines.first.map { TerminalText.width(of: String($0)) } == 4098, "a frame around 4096 columns")
    }

    @MainActor
    @Test func theLibraryClampsTheWidth() throws {
        let library = try LayoutLibrary(contentsOf: ProjectLayouts.path(for: "News"))
        let wide = try LayoutPreview.render(library, width: Int.max)
        let widest = try LayoutPreview.render(library, width: LayoutPreview.widths.upperBound)
        #expect(wide == widest)
        #expect(try LayoutPreview.render(library, width: Int.min) == LayoutPreview.render(library, width: 1))
    }
}
