import Foundation

/// A fresh temporary directory for one test.
package func makeLayoutTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "termtable-layout-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Writes `text` to `directory/name` and returns the path.
@discardableResult
package func writeLayoutFile(_ text: String, named name: String, in directory: String) throws -> String {
    let path = directory + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
