import Foundation
import Glibc
import Testing

@testable import TermTable

/// FileWatch and the live preview's run loop: a save wakes the app, however the editor saves.
///
/// Each test waits for the change to be noticed (a generous deadline only guards against a hang).
@Suite("Live preview: following the file") @MainActor
struct FileWatchTests {
    static func newDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Waits until `watch` has called its handler `count` times; false after about two minutes of waiting.
    ///
    /// The hang guard counts naps, not the clock: other suites may hold the main actor for minutes
    /// (the generated layout tests), and a wall-clock deadline would expire before the handler, queued
    /// on the main queue meanwhile, had its turn.
    static func waitFor(_ watch: FileWatch, count: Int) async -> Bool {
        for _ in 0..<24_000 {
            if watch.changeCount >= count { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return watch.changeCount >= count
    }

    /// Writes `text` the way vim does: a new file, renamed over the old one.
    static func replace(_ file: URL, with text: String) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).swp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary.path, file.path) == 0)
    }

    @Test(arguments: [false, true])
    func writingInPlaceRenamingOverAndRecreatingAreAllSeen(polling: Bool) async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.layout")
        try "one".write(to: file, atomically: false, encoding: .utf8)
        let watch = FileWatch(path: file.path, polling: polling ? .milliseconds(250) : nil) {}
        defer { watch.cancel() }
        #expect(watch.mechanism == (polling ? .polling(.milliseconds(250)) : .inotify))

        try "two".write(to: file, atomically: false, encoding: .utf8)
        #expect(await Self.waitFor(watch, count: 1), "an in-place write")
        var seen = watch.changeCount
        try Self.replace(file, with: "three, longer")
        #expect(await Self.waitFor(watch, count: seen + 1), "a new file renamed over the old one")
        seen = watch.changeCount
        try Self.replace(file, with: "four, longer still")  // the watch follows the new file, not the old inode
        #expect(await Self.waitFor(watch, count: seen + 1), "a second rename")
        seen = watch.changeCount
        try FileManager.default.removeItem(at: file)
        #expect(await Self.waitFor(watch, count: seen + 1), "the file removed")
        seen = watch.changeCount
        try "five".write(to: file, atomically: false, encoding: .utf8)
        #expect(await Self.waitFor(watch, count: seen + 1), "the file written again")
    }

    @Test func aLinkedFileIsFollowedToItsTarget() async throws {
        let directory = try Self.newDirectory()
        let elsewhere = try Self.newDirectory()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let target = elsewhere.appendingPathComponent("real.layout")
        try "one".write(to: target, atomically: false, encoding: .utf8)
        let link = directory.appendingPathComponent("a.layout")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let watch = FileWatch(path: link.path) {}
        defer { watch.cancel() }
        try "two".write(to: target, atomically: false, encoding: .utf8)
        #expect(await Self.waitFor(watch, count: 1))
    }

    /// Runs a live preview of `file` on an in-memory screen until `done` holds before a frame; returns the screen.
    ///
    /// `done` is asked before each frame is drawn, with the screen as the frame before left it; the frame
    /// it stops at is still drawn. Nothing but the file's watch, a resize or `afterFirstFrame` wakes the app.
    static func runPreview(
        of file: URL, polling: Duration? = nil, width: Int = 60, height: Int = 16,
        afterFirstFrame: @escaping @MainActor (LivePreview, BufferScreen) throws -> Void,
        until done: @escaping @MainActor (LivePreview, BufferScreen) -> Bool
    ) async -> BufferScreen {
        let screen = BufferScreen(width: width, height: height)
        let preview = LivePreview(path: file.path, screen: screen, watch: true, polling: polling)
        var started = false
        preview.app.willRender = {
            if !started {
                started = true
                Task { @MainActor in
                    #expect(throws: Never.self) { try afterFirstFrame(preview, screen) }
                }
            } else if done(preview, screen) {
                preview.app.quit()
            }
        }
        // A hang fails instead of blocking. It counts ticks of a repeating timer, not the clock: other
        // suites may hold the main actor for minutes, and a timer due after such a stall fires once.
        var ticks = 0
        let guardTimer = preview.app.schedule(after: .seconds(5), repeats: true) {
            ticks += 1
            if ticks >= 24 { preview.app.quit() }
        }
        await preview.run()
        preview.app.cancelTimer(guardTimer)
        #expect(preview.fileWatch == nil, "the watch ends with the app")
        return screen
    }

    /// The first line of the `title` cell as the model's library draws it.
    static func title(_ preview: LivePreview) -> String {
        guard preview.model.state == .loaded, let template = try? preview.model.library?.template("title") else {
            return ""
        }
        return LayoutPreview.renderCell(template, width: 20).first ?? ""
    }

    @Test(arguments: [false, true])
    func aSaveRedrawsThePreviewWithoutAKey(renaming: Bool) async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("demo.layout")
        try LivePreviewTests.demo.write(to: file, atomically: false, encoding: .utf8)
        let edited = LivePreviewTests.demo.replacingOccurrences(of: "Alpha", with: "Omega")
        let screen = await Self.runPreview(
            of: file,
            afterFirstFrame: { _, _ in
                if renaming {
                    try Self.replace(file, with: edited)
                } else {
                    try edited.write(to: file, atomically: false, encoding: .utf8)
                }
            }, until: { preview, _ in Self.title(preview).hasPrefix("Omega") })
        #expect(screen.line(2).hasPrefix("Omega"))
        #expect(screen.line(0).contains("watching"))
    }

    /// Bug: when the file's folder went away the watch fell back to polling, but the status line still said "watching".
    @Test func theStatusSaysWhenTheWatchFallsBackToPolling() async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("demo.layout")
        try LivePreviewTests.demo.write(to: file, atomically: false, encoding: .utf8)
        let screen = await Self.runPreview(
            of: file, width: 140,
            afterFirstFrame: { _, _ in try FileManager.default.removeItem(at: directory) },
            until: { preview, _ in preview.view.statusNote.contains("every") })
        #expect(screen.line(0).contains("watching (every 500 ms)"))
    }

    @Test func anErrorIsShownAndThePreviewRecoversWhenTheFileIsFixed() async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("demo.layout")
        try LivePreviewTests.demo.write(to: file, atomically: false, encoding: .utf8)
        var sawError = false
        var errorScreen = ""
        let fixed = LivePreviewTests.demo.replacingOccurrences(of: "sample=42", with: "sample=7")
        let screen = await Self.runPreview(
            of: file, polling: .milliseconds(250), width: 140,
            afterFirstFrame: { _, _ in
                try LivePreviewTests.broken.write(to: file, atomically: false, encoding: .utf8)
            },
            until: { preview, screen in
                if sawError, errorScreen.isEmpty { errorScreen = screen.text }  // the frame that showed the error
                if !sawError, preview.model.state == .failed {
                    sawError = true
                    #expect(throws: Never.self) { try Self.replace(file, with: fixed) }
                }
                return !errorScreen.isEmpty && preview.model.state == .loaded
            })
        #expect(errorScreen.contains("demo.layout:5:5: error: unknown kind `lable`"))
        #expect(errorScreen.contains("hint: did you mean `label`?"))
        #expect(screen.line(0).contains("watching (every 250 ms)"))
        #expect(screen.line(2).hasPrefix("Alpha") && screen.line(2).contains(" 7 "))
        #expect(!screen.text.contains("error"))
    }

    @Test func theWidthFollowsAResizeWithoutAKey() async throws {
        let directory = try Self.newDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("demo.layout")
        try LivePreviewTests.demo.write(to: file, atomically: false, encoding: .utf8)
        let screen = await Self.runPreview(
            of: file,
            afterFirstFrame: { _, screen in
                screen.resize(to: Size(width: 44, height: 16))
            }, until: { preview, _ in preview.view.frame.width == 44 })
        #expect(screen.line(0).hasPrefix(" demo.layout · 44 columns"))
        #expect(screen.line(2).hasSuffix("    42 "), "the right-pinned field moved with the right edge")
        let template = try LayoutLibrary(string: LivePreviewTests.demo).template("title")
        #expect(screen.line(2) == LayoutPreview.renderCell(template, width: 44)[0])
    }
}
