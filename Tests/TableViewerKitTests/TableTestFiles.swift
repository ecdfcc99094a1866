import Foundation
import Glibc
import TableViewerKit

/// Temporary files for the TableViewerKit tests.
enum TableTestFiles {
    /// A new empty folder.
    static func directory() -> String {
        let path = NSTemporaryDirectory() + "tableviewerkit-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `bytes` to a new file; its path.
    static func file(_ bytes: [UInt8], name: String = "table.csv") -> String {
        let path = directory() + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Writes `text` to a new file; its path.
    static func file(_ text: String, name: String = "table.csv") -> String { file(Array(text.utf8), name: name) }

    /// The table in `text` (sniffed, or read with `format`), fully indexed.
    static func table(_ text: String, options: TableFile.Options = .init()) throws -> TableFile {
        try table(Array(text.utf8), options: options)
    }

    /// The table in `bytes`, fully indexed.
    static func table(_ bytes: [UInt8], options: TableFile.Options = .init()) throws -> TableFile {
        let table = TableFile(file: try MappedFile(copying: bytes), options: options)
        table.buildIndex()
        return table
    }

    /// Every row's fields.
    static func rows(_ table: TableFile) -> [[String]] { (0..<table.rowCount).map { table.row($0).fields } }

    /// The number of generated cases (`TERMTABLE_PROPERTY_CASES`, default 150).
    static var cases: Int { ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init) ?? 150 }
}
