import Foundation
import TermTableTesting
import Testing

/// TermTableTesting's `ChildProcess`: what a started program inherits.
@Suite("ChildProcess")
struct ChildProcessTests {
    /// A descriptor the test process holds open without close-on-exec (another test's pipe or pty) is not the
    /// child's: only standard input, output and error are; with glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` and with the fallback for an older glibc.
    @Test(arguments: [false, true])
    func aChildHoldsOnlyItsStandardDescriptors(closingOneByOne: Bool) throws {
        let held = open("/dev/null", O_RDONLY)  // no O_CLOEXEC, as a pty master or a pipe may be
        try #require(held > 2)
        defer { close(held) }
        let result = try ChildProcess.run(
            ["sh", "-c", "ls /proc/$$/fd"], environment: ["PATH": "/usr/bin:/bin"], closingOneByOne: closingOneByOne)
        #expect(result.status == 0)
        let descriptors = result.output.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
        #expect(descriptors.sorted() == [0, 1, 2], "the child holds \(descriptors)")
    }
}
