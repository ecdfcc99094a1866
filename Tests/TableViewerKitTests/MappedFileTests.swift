import Foundation
import Glibc
import TableViewerKit
import Testing

/// Serialized: one test sets SIGBUS's handler, which the other's read of a truncated file relies on.
@Suite(.serialized) struct MappedFileTests {
    @Test func mapsARegularFileReadOnly() throws {
        let path = TableTestFiles.file("a,b\n1,2\n")
        let file = try MappedFile(path: path)
        #expect(file.count == 8)
        #expect(Array(file.bytes) == Array("a,b\n1,2\n".utf8))
        #expect(!file.hasShrunk)
    }

    @Test func refusesADirectoryAFIFOAnEmptyFileAndAMissingFile() throws {
        let directory = TableTestFiles.directory()
        #expect(throws: TableFileError.isDirectory(directory)) { try MappedFile(path: directory) }
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening a FIFO with no writer must not block; it is refused.
        #expect(throws: TableFileError.notAFile(fifo)) { try MappedFile(path: fifo) }
        let empty = TableTestFiles.file("")
        #expect(throws: TableFileError.empty(empty)) { try MappedFile(path: empty) }
        #expect(throws: TableFileError.notFound(directory + "/none")) { try MappedFile(path: directory + "/none") }
        #expect(TableFileError.empty("x\u{1B}").message == "x?: the file is empty")
    }

    @Test(.enabled(if: getuid() != 0, "root reads any file")) func refusesAFileItMayNotRead() throws {
        let path = TableTestFiles.file("a\n")
        #expect(chmod(path, 0) == 0)
        #expect(throws: TableFileError.permissionDenied(path)) { try MappedFile(path: path) }
    }

    /// Truncation unmaps the pages past the new end even of a private mapping: without the guard the read below
    /// ends the process with SIGBUS.
    /// In a child process of its own: the other suites' terminal guards install SIGBUS handlers at any time, and a
    /// read of a shrunk page under theirs would end the whole test run.
    @Test func aFileThatShrinksWhileMappedReadsAsZerosNotSIGBUS() async {
        await #expect(processExitsWith: .success) {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let path = TableTestFiles.file([UInt8](repeating: 0x41, count: page * 4))
            let file = try MappedFile(path: path)
            precondition(truncate(path, off_t(page)) == 0)
            precondition(file.bytes[page - 1] == 0x41)
            precondition(file.bytes[page * 3 + 5] == 0)
            precondition(file.hasShrunk)
            // A table over it keeps working: the bytes past the end are zeros, never a crash.
            let table = TableFile(file: file)
            table.buildIndex()
            precondition(table.rowCount >= 1)
        }
    }

    /// The toolkit's terminal guard takes SIGBUS over when the screen starts; a file mapped after that must be
    /// guarded again (before, the guard installed its handler once, and this read ended the process).
    @Test func aMappingMadeAfterAnotherHandlerTookSIGBUSIsGuardedAgain() async {
        await #expect(processExitsWith: .success) {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            _ = try MappedFile(path: TableTestFiles.file("a\n"))
            signal(SIGBUS, SIG_DFL)
            let path = TableTestFiles.file([UInt8](repeating: 0x42, count: page * 3))
            let file = try MappedFile(path: path)
            precondition(truncate(path, 0) == 0)
            precondition(file.bytes[page * 2] == 0)
            precondition(file.hasShrunk)
        }
    }

    /// `tv` maps its file before the screen starts (so a bad file is told on a normal terminal), then the terminal
    /// guard takes SIGBUS over: ``MappedFile/reinstallGuard()`` puts the mapped-file guard in front again, and a
    /// read of a shrunk page reads zeros (without it, this read ended the process by the handler that took over).
    @Test func aFileMappedBeforeAnotherHandlerTookSIGBUSIsGuardedAfterReinstalling() async {
        await #expect(processExitsWith: .success) {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let path = TableTestFiles.file([UInt8](repeating: 0x43, count: page * 3))
            let file = try MappedFile(path: path)
            signal(SIGBUS) { _ in _exit(3) }  // the terminal guard's place: it restores the terminal and ends
            MappedFile.reinstallGuard()
            precondition(truncate(path, 0) == 0)
            precondition(file.bytes[page * 2] == 0)
            precondition(file.hasShrunk)
        }
    }
}
