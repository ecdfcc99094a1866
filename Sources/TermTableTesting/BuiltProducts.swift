import Foundation

/// Finds the executables this package builds, for tests that run them (end to end, on a pty, in tmux).
public enum BuiltProducts {
    /// Why an executable product was not found.
    public struct Failure: Error, CustomStringConvertible {
        /// A sentence naming the product, the places looked at, and what to run.
        public var description: String
        /// Creates a failure.
        public init(description: String) { self.description = description }
    }

    /// The path of the executable product `name` built next to the test bundle (by `swift build`).
    ///
    /// Looks beside the running test binary, then in `.build/debug` of the package holding
    /// `filePath` (the caller's file). Throws, naming every place it looked, when the product
    /// was not built: a test that needs it fails with "run `swift build` first" instead of
    /// skipping silently.
    public static func executable(named name: String, filePath: StaticString = #filePath) throws -> String {
        var candidates: [String] = []
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append((me as NSString).deletingLastPathComponent + "/" + name)
        }
        if let first = CommandLine.arguments.first {
            let absolute = first.hasPrefix("/") ? first : FileManager.default.currentDirectoryPath + "/" + first
            candidates.append((absolute as NSString).deletingLastPathComponent + "/" + name)
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(name).path)
        var folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                candidates.append(folder.appendingPathComponent(".build/debug/" + name).path)
                break
            }
            folder.deleteLastPathComponent()
        }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return found
        }
        throw Failure(
            description:
                "the \(name) executable was not found (looked at \(candidates.joined(separator: ", "))); run `swift build` first"
        )
    }
}
