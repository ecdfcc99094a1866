import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// `termtable preview --width N` draws a `height=auto` cell as tall as its content at that width (issue 23).
@Suite("termtable preview: height=auto cells", .serialized)
struct PreviewAutomaticHeightTests {
    static let sample = "one two three four five six seven eight nine ten eleven twelve"
    static let layout = """
        cell message height=auto
        |[1 message                    ]|
          1 label wrap stretch=both sample="\(sample)"

        """

    /// The lines inside the frame of a one-cell preview, the frame's title line first.
    static func framed(_ output: String) -> (title: String, body: [String]) {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { $0.hasPrefix("│") || $0.hasPrefix("┌") }
        let body = lines.filter { $0.hasPrefix("│") }.map {
            String($0.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        return (lines.first ?? "", body)
    }

    @MainActor
    @Test(arguments: [10, 16, 25, 80])
    func theLibraryDrawsTheCellAtItsWrappedHeight(width: Int) throws {
        let library = try LayoutLibrary(string: Self.layout)
        let wanted = TerminalText.wrap(Self.sample, width: width).map { $0.trimmingCharacters(in: .whitespaces) }
        let (title, body) = Self.framed(try LayoutPreview.render(library, width: width))
        #expect(body == wanted, "width \(width)")
        if width >= 40 {  // narrower frames cut their title
            #expect(title.contains(" message · height auto: \(wanted.count) "), "\(title)")
        }
    }

    @MainActor
    @Test(arguments: [12, 40])
    func theLivePreviewDrawsTheCellAtItsWrappedHeight(width: Int) throws {
        let model = LayoutPreviewModel(path: "/tmp/message.layout")
        model.load(text: Self.layout)
        let screen = BufferScreen(width: width, height: 20)
        let view = LayoutPreviewView(model: model)
        view.frame = Rect(x: 0, y: 0, width: width, height: 20)
        view.render(on: screen)
        let wanted = TerminalText.wrap(Self.sample, width: width).map { $0.trimmingCharacters(in: .whitespaces) }
        let title = "▶ message · height auto · designed at 31 columns"
        #expect(screen.line(1).hasPrefix(String(title.prefix(width))), "\(screen.lines)")
        let drawn = screen.lines[2..<(2 + wanted.count)].map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(drawn == wanted, "width \(width)")
        #expect(screen.line(2 + wanted.count).trimmingCharacters(in: .whitespaces).isEmpty)
    }

    @Test func theCommandDrawsTheCellAtItsHeightForTheWidth() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("termtable-preview-auto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Message.layout")
        try Self.layout.write(to: file, atomically: true, encoding: .utf8)
        let termtable = try BuiltProducts.executable(named: "termtable")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        var heights: [Int] = []
        for width in [12, 40] {
            let command = [termtable, "preview", "--width", "\(width)", file.path]
            let childEnvironment = environment
            let result = try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(with: Result { try ChildProcess.run(command, environment: childEnvironment) })
                }
            }
            #expect(result.status == 0, "exit status \(result.status): \(result.output)")
            let wanted = TerminalText.wrap(Self.sample, width: width).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(Self.framed(result.output).body == wanted, "width \(width): \(result.output)")
            heights.append(Self.framed(result.output).body.count)
        }
        #expect(heights[0] > heights[1], "narrower is taller: \(heights)")
    }
}
