import Foundation
import TableViewerCore
import TableViewerKit
import TermTable
import TermTableTesting
import Testing

/// `y` and `Y` in tv: the cursor's cell, and its row as TSV, copied through OSC 52.
@MainActor
struct TableViewerCopyTests {
    let folder = TVRun.directory()

    func copied(_ screen: BufferScreen) throws -> String {
        let sequence = try #require(screen.controlSequences.last).bytes
        let payload = String(decoding: sequence.dropFirst(7).dropLast(), as: UTF8.self)
        return String(decoding: try #require(Data(base64Encoded: payload)), as: UTF8.self)
    }

    @Test func yCopiesTheCellAndShiftYTheRow() async throws {
        let path = try TVRun.file("t.csv", Array("name,qty,city\nann,7,Oslo\nbo,1234,\"Lyon\tEst\"\n".utf8), in: folder)
        let viewer = TableViewer(file: try TableFile(path: path), screenRows: 10)
        let driver = AppDriver(rootView: viewer.root, size: Size(width: 100, height: 10))
        viewer.install(in: driver.app)
        driver.app.clipboard = TerminalClipboard()
        await TVRun.wait(until: { viewer.isLoaded }, viewer, driver)
        driver.press("j l y")
        #expect(try copied(driver.screen) == "1234")
        #expect(driver.lines[9].contains("Copied 1 cell (4 B)"))
        driver.press("Y")
        #expect(try copied(driver.screen) == "bo\t1234\tLyon Est")
        #expect(driver.lines[9].contains("Copied 1 row (16 B)"))
    }
}
