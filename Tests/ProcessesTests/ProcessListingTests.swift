import Glibc
import Testing

@testable import ProcessKit

/// Reading a process's open files (`/proc/PID/fd`) and threads (`/proc/PID/task`) from a fake proc tree.
@Suite struct ProcessListingTests {
    let tree = FakeProcTree()
    let sleeper = FakeProcess(pid: 300, name: "sleep", startTicks: 5000, arguments: ["sleep", "1000"])

    init() { tree.add(sleeper) }

    @Test func openFilesAreListedByDescriptorWithTheirKindAndTarget() {
        tree.addFiles(
            300,
            [
                0: "/dev/null", 1: "pipe:[4242]", 2: "socket:[77]", 10: "anon_inode:[eventfd]", 3: "/",
                4: "/home/alice/notes (deleted)",
            ])
        let listing = tree.reader.openFiles(of: sleeper.id)
        #expect(listing.failure == nil && listing.notListed == 0)
        #expect(listing.entries.map(\.fd) == [0, 1, 2, 3, 4, 10], "by number, 10 after 4")
        #expect(listing.entries.map(\.kind) == ["device", "pipe", "socket", "dir", "file", "anon"])
        #expect(listing.entries[4].target == "/home/alice/notes (deleted)")
    }

    @Test func aTargetWithControlCharactersIsKeptAsReadForTheScreenToSanitise() {
        tree.addFiles(300, [5: "/tmp/\u{1B}]2;owned\u{07}x"])
        let listing = tree.reader.openFiles(of: sleeper.id)
        #expect(listing.entries.first?.target == "/tmp/\u{1B}]2;owned\u{07}x")
    }

    /// The bound: past it descriptors are counted, not read (a process can hold 100,000).
    @Test func descriptorsPastTheBoundAreCountedNotRead() {
        tree.addFiles(300, Dictionary(uniqueKeysWithValues: (0..<25).map { (Int32($0), "/dev/null") }))
        let listing = tree.reader.openFiles(of: sleeper.id, bound: 10)
        #expect(listing.entries.map(\.fd) == Array(0..<10))
        #expect(listing.notListed == 15)
        #expect(ProcReader.listingBound == 10_000)
    }

    @Test func aProcessThatExitedOrWhosePidWasReusedIsGone() {
        tree.addFiles(300, [0: "/dev/null"])
        var reused = sleeper
        reused.startTicks = 9999
        #expect(tree.reader.openFiles(of: reused.id).failure == .gone, "another process now has pid 300")
        #expect(tree.reader.threads(of: reused.id).failure == .gone)
        tree.remove(300)
        #expect(tree.reader.openFiles(of: sleeper.id) == ProcessListing(failure: .gone))
        #expect(tree.reader.threads(of: sleeper.id) == ProcessListing(failure: .gone))
    }

    @Test func anUnreadableDirectoryIsPermissionDeniedAndAMissingOneGone() {
        #expect(ListingFailure(errno: EACCES) == .permissionDenied)
        #expect(ListingFailure(errno: EPERM) == .permissionDenied)
        #expect(ListingFailure(errno: ENOENT) == .gone)
        // A kernel that hides fd (no directory) for a live process: gone, never a crash.
        #expect(tree.reader.openFiles(of: sleeper.id).failure == .gone)
        if geteuid() != 0 {  // root reads a mode-000 directory
            tree.addFiles(300, [0: "/dev/null"])
            chmod(tree.root.appendingPathComponent("300/fd").path, 0)
            defer { chmod(tree.root.appendingPathComponent("300/fd").path, 0o755) }
            #expect(tree.reader.openFiles(of: sleeper.id).failure == .permissionDenied)
        }
    }

    @Test func threadsAreListedByTidWithStateCPUTimeAndName() {
        var main = FakeProcess(pid: 300, name: "sleep", startTicks: 5000)
        main.userTicks = 150
        var worker = FakeProcess(pid: 1234, name: "worker) (1", startTicks: 5001)
        worker.state = "R"
        worker.systemTicks = 25
        tree.addThread(300, worker)
        tree.addThread(300, main)
        tree.write("300/task/77/stat", "garbage")  // ended while read, or malformed: left out
        let listing = tree.reader.threads(of: sleeper.id)
        #expect(listing.failure == nil)
        #expect(listing.entries.map(\.tid) == [300, 1234])
        #expect(listing.entries.map(\.name) == ["sleep", "worker) (1"])
        #expect(listing.entries.map(\.state) == ["S", "R"])
        #expect(listing.entries.map(\.cpuSeconds) == [1.5, 0.25])
    }

    @Test func threadsPastTheBoundAreCountedNotRead() {
        for tid in 300..<320 { tree.addThread(300, FakeProcess(pid: Int32(tid), name: "t", startTicks: 1)) }
        let listing = tree.reader.threads(of: sleeper.id, bound: 5)
        #expect(listing.entries.map(\.tid) == [300, 301, 302, 303, 304])
        #expect(listing.notListed == 15)
    }
}

extension FakeProcess {
    var id: ProcessID { ProcessID(pid: pid, startTicks: startTicks) }
}
