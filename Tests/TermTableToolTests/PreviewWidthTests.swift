import Foundation
import TermTableLayouts
import TermTableTesting
import Testing

@testable import TermTable

/// `termtable preview --width N`: a width no terminal has is refused, not allocated.
@Suite("termtable preview: the width is bounded", .serialized)
struct PreviewWidthTests {
    /// Runs `termtable preview ARGUMENTS News.layout` on a thread of its own: waiting for the child does
    /// not hold a thread of the cooperative pool that the suites running beside this one need.
    static func preview(_ arguments: [String]) async throws -> ChildProcess.Result {
        let termtable = try BuiltProducts.executable(named: "termtable")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let command = [termtable, "preview"] + arguments + [ProjectLayouts.path(for: "News")]
        let childEnvironment = environment
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try ChildProcess.run(command, environment: childEnvironment) })
            }
        }
    }

    @Test(arguments: ["2147483648", "9223372036854775807", "4097", "0", "-5"])
    func aWidthOutsideTheRangeIsAUsageError(width: String) async throws {
        let result = try await PreviewWidthTests.preview(["--width=\(width)"])
        #expect(result.status == 64, "exit status \(result.status): \(result.output)")
        #expect(result.output.contains("--width must be between 1 and 4096 columns (got \(width))"), "\(result.output)")
    }

    @Test func theWidestWidthIsDrawn() async throws {
        let result = try await PreviewWidthTests.preview(["--width", "4096"])
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
