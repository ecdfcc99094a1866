import Foundation
import Glibc
import TermTableTesting
import Testing

@testable import TermTable

/// Random writes, truncations and rotations of a followed file (issue 25): after each, the bytes handed over for
/// each file generation are exactly the bytes written to it. `TERMTABLE_PROPERTY_CASES` sets the budget (a
/// twentieth of it in sequences of 12 operations; fixed seeds).
@Suite("FileFollower, generated") @MainActor
struct FileFollowerPropertyTests {
    static var sequences: Int {
        let cases = ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 200
        return max(4, cases / 20)
    }

    /// Random bytes of `count`, newlines among them, any byte value (a follower hands over bytes, not text).
    static func bytes(_ count: Int, _ random: inout SeededRandom) -> [UInt8] {
        (0..<count).map { _ in
            Int.random(in: 0..<8, using: &random) == 0 ? 10 : UInt8.random(in: 0...255, using: &random)
        }
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            #expect(count > 0)
            guard count > 0 else { return }
            written += count
        }
    }

    @Test func everyGenerationIsHandedOverExactly() async throws {
        for sequence in 0..<Self.sequences {
            try await run(seed: 0xF0_11_00 + UInt64(sequence))
        }
    }

    func run(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let directory = try FileFollowerTests.newDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/generated.log"
        var writer = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(writer) }
        var written: [[UInt8]] = [[]]
        let recorder = FileFollowerTests.Recorder()
        let follower = try FileFollower(path: path, from: .end) { recorder.record($0) }
        defer { follower.cancel() }
        var operations: [String] = []
        for step in 0..<12 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                // A held-open writer; now and then more than the follower's buffer at once.
                let large = Int.random(in: 0..<6, using: &random) == 0
                let count =
                    large
                    ? Int.random(in: FileFollower.bufferSize...(3 * FileFollower.bufferSize), using: &random)
                    : Int.random(in: 1...300, using: &random)
                let bytes = Self.bytes(count, &random)
                Self.write(writer, bytes)
                written[written.count - 1] += bytes
                operations.append("write \(count)")
            case 4..<6:
                // `>>`: opened for one write.
                let bytes = Self.bytes(Int.random(in: 1...200, using: &random), &random)
                let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
                Self.write(fd, bytes)
                close(fd)
                written[written.count - 1] += bytes
                operations.append("append \(bytes.count)")
            case 6..<8:
                // copytruncate, only of a file with something in it (an empty file truncated does not change).
                guard !written[written.count - 1].isEmpty else { continue }
                #expect(truncate(path, 0) == 0)
                written.append([])
                operations.append("truncate")
            default:
                // Rename and create: the writer reopens the new file.
                #expect(rename(path, path + ".\(step)") == 0)
                close(writer)
                writer = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
                written.append([])
                operations.append("rotate")
            }
            let expected = written
            await FileFollowerTests.waitUntil("seed \(seed) after \(operations)") {
                recorder.generations == expected
            }
            guard recorder.generations == expected else {
                Issue.record(
                    "seed \(seed): \(operations): generations of \(recorder.generations.map(\.count)) bytes, written \(expected.map(\.count))"
                )
                return
            }
        }
    }
}
