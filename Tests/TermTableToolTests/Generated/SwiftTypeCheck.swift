import Foundation
import TermTableTestSupport
import TermTableTesting

/// `swiftc -typecheck` of Swift files against the toolkit modules this test run was built with.
enum SwiftTypeCheck {
    /// The build folder holding the test bundle (`.build/debug`, or a sanitizer build's).
    static var buildFolder: String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var folder = URL(fileURLWithPath: me).deletingLastPathComponent()
        // The bundle is `TermTablePackageTests.xctest`, a file beside `Modules` on Linux.
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules").path)
        {
            folder.deleteLastPathComponent()
        }
        return folder.path
    }

    /// The compiler beside the `swift` that runs the tests, or the first `swiftc` in `PATH`.
    static var compiler: String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/swiftc")
        {
            return "\(folder)/swiftc"
        }
        return "swiftc"
    }

    /// Type-checks `files` as one Swift 6 module importing `TermTable`; the status and the compiler's messages.
    static func run(_ files: [String]) throws -> ChildProcess.Result {
        let build = buildFolder
        let arguments =
            [
                compiler, "-typecheck", "-wmo", "-swift-version", "6", "-module-name", "LayoutNameCheck",
                "-I", build + "/Modules",
                "-Xcc", "-fmodule-map-file=" + repositoryRoot + "/Sources/CNcursesw/module.modulemap",
                "-Xcc", "-fmodule-map-file=" + build + "/CTermGuard.build/module.modulemap",
                "-Xcc", "-I" + repositoryRoot + "/Sources/CTermGuard/include",
            ] + files
        return try ChildProcess.run(arguments, environment: ProcessInfo.processInfo.environment)
    }
}
