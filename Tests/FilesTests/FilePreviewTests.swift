import FilesCore
import Foundation
import TermTable
import TermTableTesting
import Testing

/// The preview pane: text, a hex summary of a binary, a bounded read, shown only at 100 columns and wider.
@Suite("FilePreview")
@MainActor
struct FilePreviewTests {
    @Test func textShowsItsLinesWithControlsSanitized() {
        let text = FilePreview.preview(Array("one\ttab\n\u{1B}[31mred\n".utf8), size: 20)
        #expect(text.hasPrefix("one    tab\n"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test func aBinaryIsAHexSummary() {
        let bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0, 1, 2, 3]
        let text = FilePreview.preview(bytes, size: 8)
        #expect(text.hasPrefix("binary"))
        #expect(text.contains("00000000  7f 45 4c 46 00 01 02 03"))
        #expect(text.contains(".ELF...."))
    }

    @Test func aLargeFileIsReadOnlyUpToTheLimit() throws {
        let h = FilesHarness()
        try h.file("big.txt", String(repeating: "line\n", count: 100_000))
        try h.open(width: 120)
        let item = try #require(h.item("big.txt"))
        let text = FilePreview.text(for: item)
        #expect(text.split(separator: "\n").count <= FilePreview.lineLimit)
        #expect(text.utf8.count <= FilePreview.limit)
    }

    @Test func thePaneShowsAtWideSizesOnly() throws {
        let h = FilesHarness()
        try h.file("readme.txt", "PREVIEW-LINE")
        try h.open(width: 120)
        #expect(h.screen.contains("PREVIEW-LINE"))
        h.driver.resize(to: Size(width: 80, height: 20))
        #expect(!h.screen.contains("PREVIEW-LINE"))
    }

    @Test func sizesInHumanUnits() {
        #expect(FileBrowser.humanSize(0) == "0")
        #expect(FileBrowser.humanSize(1023) == "1023")
        #expect(FileBrowser.humanSize(1536) == "1.5K")
        #expect(FileBrowser.humanSize(20 * 1024) == "20K")
        #expect(FileBrowser.humanSize(3 * 1024 * 1024 * 1024) == "3.0G")
    }
}
