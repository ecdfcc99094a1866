import Foundation
import Glibc
import TermTable
import TermTableTesting
import Testing

@testable import FilesCore

/// `files`' tree on temporary directories: the listing and its order, lazy children, error rows (permission
/// denied, a vanished directory, a symbolic link loop), a FIFO never opened, untrusted names, the filter.
@Suite("FileBrowser", .serialized)
@MainActor
struct FileBrowserTests {
    @Test func listsDirectoriesFirstThenByNameWithHumanSizes() throws {
        let h = FilesHarness()
        try h.file("b.txt", String(repeating: "x", count: 1500))
        try h.file("a.txt", "hello")
        try h.folder("zdir")
        try h.open()
        let names = h.browser.dataSource.snapshot().visibleItems.map(\.entry.name)
        #expect(names == ["zdir", "a.txt", "b.txt"])
        #expect(h.screen.contains("zdir/"))
        let line = try #require(h.driver.lines.first { $0.contains("b.txt") })
        #expect(line.contains("1.5K"), "the size in human units: \(line)")
    }

    @Test func expandsADirectoryLazilyWithItsChildrenUnderGuides() async throws {
        let h = FilesHarness()
        try h.folder("src/deep")
        try h.file("src/main.swift", "print(1)")
        try h.file("top.txt")
        try h.open()
        let src = try #require(h.item("src"))
        #expect(h.browser.dataSource.snapshot().childrenState(of: src) == .notLoaded)
        #expect(h.item("src/main.swift") == nil, "nothing under src is read before it expands")
        h.driver.press("enter")
        #expect(await h.waitUntil { h.screen.contains("main.swift") })
        #expect(h.screen.contains("├─") || h.screen.contains("└─"))
        #expect(h.browser.dataSource.isExpanded(src))
        // → goes to the first entry, ← from there to the parent, ← again collapses it, → expands it.
        h.driver.press("right")
        #expect(h.browser.cursorItem?.entry.name == "deep")
        h.driver.press("left")
        #expect(h.browser.cursorItem == src)
        h.driver.press("left")
        #expect(!h.browser.dataSource.isExpanded(src))
        #expect(!h.screen.contains("main.swift"))
        h.driver.press("right")
        #expect(h.browser.dataSource.isExpanded(src))
    }

    @Test(.enabled(if: geteuid() != 0, "root reads every directory"))
    func anUnreadableDirectoryShowsAPermissionDeniedRow() async throws {
        let h = FilesHarness()
        try h.folder("locked")
        try h.file("locked/secret")
        chmod(h.root + "/locked", 0)
        try h.open()
        h.driver.press("enter")
        #expect(await h.waitUntil { h.screen.contains("Permission denied") })
        #expect(!h.screen.contains("secret"))
    }

    @Test func aDirectoryGoneSinceItWasListedShowsAnErrorRow() async throws {
        let h = FilesHarness()
        try h.folder("gone")
        try h.open()
        try FileManager.default.removeItem(atPath: h.root + "/gone")
        h.driver.press("enter")
        #expect(await h.waitUntil { h.screen.contains("No such file or directory") })
    }

    @Test func aSymbolicLinkLoopIsRefusedNotFollowed() async throws {
        let h = FilesHarness()
        try h.folder("a")
        try h.link("a/up", to: "..")
        try h.link("self", to: "self")
        try h.open()
        // a/up leads back to the root: its error row, not a copy of the tree.
        h.driver.press("enter")
        #expect(await h.waitUntil { h.screen.contains("up") })
        let up = try #require(h.item("a/up"))
        #expect(up.entry.kind == .symlink && up.entry.linkIsDirectory)
        try h.moveCursor(to: "a/up")
        h.driver.press("enter")
        #expect(await h.waitUntil { h.screen.contains("symbolic link loop") }, "\(h.screen)")
        // A link to itself is shown, and cannot be expanded (it leads nowhere).
        let loop = try #require(h.item("self"))
        #expect(loop.entry.kind == .symlink && !loop.entry.isExpandable)
        #expect(h.screen.contains("self → self"))
    }

    @Test func aFIFOIsShownAndNeverOpened() async throws {
        let h = FilesHarness()
        #expect(mkfifo(h.root + "/pipe", 0o644) == 0)
        try h.open(width: 120)
        try h.moveCursor(to: "pipe")
        h.driver.press("enter")
        // Opening a FIFO for reading with no writer would block here: the preview says why it is not read.
        #expect(h.screen.contains("pipe|"))
        #expect(h.browser.preview.text.contains("not opened"))
        // Nor through a symbolic link to it.
        try h.link("pipelink", to: "pipe")
        h.browser.apply(.created, of: "pipelink", in: nil)
        try h.moveCursor(to: "pipelink")
        #expect(h.browser.preview.text.contains("not opened"))
    }

    @Test func namesAreSanitizedBeforeTheyReachTheTerminal() throws {
        let h = FilesHarness()
        let hostile = "evil\u{1B}[2J\u{9B}31m\u{202E}txt.exe\u{07}"
        try h.file(hostile, "x")
        try h.open(width: 120)
        for line in h.driver.lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x80..<0xA0).contains($0.value) })
            #expect(!line.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
        }
        let text = FileBrowser.text(of: FileEntry(name: hostile, kind: .file), in: "name").string
        #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
    }

    @Test func aLargeDirectoryShowsItsFirstBatchThenTheRestSorted() async throws {
        let h = FilesHarness()
        let count = 3_000
        for index in 0..<count { try h.file(String(format: "f%05d", index)) }
        try h.open()
        let first = h.browser.dataSource.snapshot().numberOfItems
        #expect(first == FileBrowser.firstBatch, "the first frame waits for one batch, not the directory")
        #expect(await h.waitUntil { h.browser.dataSource.snapshot().numberOfItems == count })
        #expect(await h.waitUntil { h.browser.dataSource.snapshot().rootItems.first?.entry.name == "f00000" })
        let names = h.browser.dataSource.snapshot().rootItems.map(\.entry.name)
        #expect(names == names.sorted(), "sorted once the whole directory is read")
    }

    @Test func aLargeSubdirectoryExpandsWithItsFirstBatchThenStreamsTheRest() async throws {
        let h = FilesHarness()
        try h.folder("big")
        let count = 3_000
        for index in 0..<count { try h.file(String(format: "big/f%05d", index)) }
        try h.open()
        h.driver.press("enter")
        let big = try #require(h.item("big"))
        #expect(await h.waitUntil { h.browser.dataSource.snapshot().numberOfChildren(of: big) == count })
        #expect(await h.waitUntil { h.browser.dataSource.snapshot().firstChild(of: big)?.entry.name == "f00000" })
        let names = h.browser.dataSource.snapshot().children(of: big).map(\.entry.name)
        #expect(names == names.sorted())
        #expect(h.screen.contains("f00000"))
    }

    @Test func aColumnSortOrdersEveryDirectoryAndKeepsTheExpansion() async throws {
        let h = FilesHarness()
        try h.folder("dir")
        try h.file("dir/small", "1")
        try h.file("dir/large", String(repeating: "x", count: 5000))
        try h.file("medium", "123")
        try h.open()
        h.driver.press("enter")
        #expect(await h.waitUntil { h.screen.contains("large") })
        h.browser.table.sortDescriptors = [TableSortDescriptor(column: "size", ascending: false)]
        let dir = try #require(h.item("dir"))
        #expect(h.browser.dataSource.snapshot().children(of: dir).map(\.entry.name) == ["large", "small"])
        #expect(h.browser.dataSource.isExpanded(dir))
        // The sort by keys and the comparator the live inserts use agree.
        let items = FilesHarness.all(h.browser.dataSource.snapshot())
        for descriptors in [[], [TableSortDescriptor(column: "size", ascending: false)]] {
            let less = FileBrowser.order(descriptors)
            #expect(FileBrowser.sorted(items, by: descriptors).map(\.path) == items.sorted(by: less).map(\.path))
        }
    }

    @Test func aCreatedFileGoesInItsPlaceAndTheCursorStays() throws {
        let h = FilesHarness()
        try h.file("a.txt")
        try h.file("c.txt")
        try h.open()
        try h.moveCursor(to: "c.txt")
        try h.file("b.txt", "new")
        h.browser.apply(.created, of: "b.txt", in: nil)
        #expect(h.browser.dataSource.snapshot().visibleItems.map(\.entry.name) == ["a.txt", "b.txt", "c.txt"])
        #expect(h.browser.cursorItem?.entry.name == "c.txt")
        try FileManager.default.removeItem(atPath: h.root + "/a.txt")
        h.browser.apply(.deleted, of: "a.txt", in: nil)
        #expect(h.browser.dataSource.snapshot().visibleItems.map(\.entry.name) == ["b.txt", "c.txt"])
        #expect(h.browser.cursorItem?.entry.name == "c.txt")
    }

    @Test func aFileCreatedOnDiskAppearsThroughInotify() async throws {
        let h = FilesHarness()
        try h.folder("dir")
        try h.file("dir/a.txt")
        try h.open(watching: true)
        #expect(h.browser.isWatching)
        h.driver.press("enter")
        #expect(await h.waitUntil { h.screen.contains("a.txt") })
        try h.file("dir/b.txt", "hello")
        #expect(await h.waitUntil { h.screen.contains("b.txt") })
        let dir = try #require(h.item("dir"))
        #expect(h.browser.dataSource.snapshot().children(of: dir).map(\.entry.name) == ["a.txt", "b.txt"])
    }

    @Test func theFilterKeepsTheParentsOfAMatch() async throws {
        let h = FilesHarness()
        try h.folder("src")
        try h.file("src/needle.swift")
        try h.file("other.txt")
        try h.open()
        h.driver.press("enter")
        #expect(await h.waitUntil { h.screen.contains("needle") })
        h.browser.setFilter("needle")
        let shown = h.browser.dataSource.snapshot().visibleItems.map(\.entry.name)
        #expect(shown == ["src", "needle.swift"])
        h.browser.setFilter("")
        #expect(h.browser.dataSource.snapshot().visibleItems.count == 3)
    }
}
