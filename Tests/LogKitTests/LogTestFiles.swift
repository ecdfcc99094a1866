import Foundation
import Glibc
import LogKit
import TermTableTestSupport

/// Temporary files for the LogKit tests, and generated logs whose entries are known.
enum LogTestFiles {
    /// A new empty folder.
    static func directory() -> String {
        let path = NSTemporaryDirectory() + "logkit-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `bytes` to a new file; its path.
    static func file(_ bytes: [UInt8], name: String = "test.log") -> String {
        let path = directory() + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// The number of generated cases (`TERMTABLE_PROPERTY_CASES`, default 150).
    static var cases: Int { ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 150 }

    /// A random log: entries of random lines (continuations start with a space or tab, or are empty), random bytes
    /// in them (NUL, invalid UTF-8, escapes), some long; the bytes and the offset of each entry.
    static func randomLog(_ random: inout SeededRandom, entries: Int) -> (bytes: [UInt8], offsets: [Int64]) {
        var bytes: [UInt8] = []
        var offsets: [Int64] = []
        let levels = ["INFO", "ERROR", "[warn]", "DEBUG", "x", "FATAL:"]
        for index in 0..<entries {
            offsets.append(Int64(bytes.count))
            let time = "2026-11-25T00:00:\(String(format: "%02d", index % 60)).\(index)Z"
            var first = Array("\(time) \(levels[Int(random.next() % 6)]) comp\(random.next() % 4): ".utf8)
            // A first byte that starts an entry: not a space, tab or newline.
            if random.next() % 7 == 0 { first = Array("plain line \(index)".utf8) }
            bytes += first
            bytes += randomText(&random, length: Int(random.next() % (random.next() % 9 == 0 ? 400 : 40)))
            bytes.append(0x0A)
            for _ in 0..<Int(random.next() % 4 == 0 ? random.next() % 5 : 0) {
                switch random.next() % 3 {
                case 0: bytes += Array("\tat frame".utf8) + randomText(&random, length: Int(random.next() % 20))
                case 1: bytes += Array("   continued".utf8) + randomText(&random, length: Int(random.next() % 20))
                default: break  // an empty line
                }
                bytes.append(0x0A)
            }
        }
        return (bytes, offsets)
    }

    /// Bytes that are never a newline: letters, spaces, NUL, ESC, invalid UTF-8, multi-byte characters.
    static func randomText(_ random: inout SeededRandom, length: Int) -> [UInt8] {
        var result: [UInt8] = []
        while result.count < length {
            switch random.next() % 10 {
            case 0: result.append(0)
            case 1: result.append(0x1B)
            case 2: result.append(0xFF)
            case 3: result += [0xE7, 0x94, 0xA8]
            case 4: result.append(0x20)
            default: result.append(UInt8(ascii: "a") + UInt8(random.next() % 26))
            }
        }
        return result
    }

    /// Appends `bytes` to the file at `path` through a descriptor the caller keeps open (a held-open writer).
    static func openWriter(_ path: String) -> Int32 { open(path, O_WRONLY | O_APPEND) }

    /// Writes all of `bytes` to `descriptor`.
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
    }
}
