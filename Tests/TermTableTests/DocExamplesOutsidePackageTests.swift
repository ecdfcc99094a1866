import Foundation
import TermTableTestSupport
import TermTableTesting
import Testing

/// The articles' code compiles in an app's package, not only inside this one (issue 32, item 5).
///
/// The `*Examples.swift` files hold every Swift block of the articles (`DocExamplesTests` and the other
/// `…DocTests` check them line for line), but a test target of this package also sees its `package` symbols: the
/// *Build an app* article used `table.state.cursor` and compiled here, not in an app. This test copies the
/// examples and their layouts into a package generated in the build folder, which depends on this one by path as
/// an app does (`TermTable`, `TermTableTesting` and the layout plugin), with the inbox example (the README's app,
/// whose typed cells *Typed layouts* shows) as an executable, and builds it (debug, one package).
@Suite("Documentation examples outside the package")
struct DocExamplesOutsidePackageTests {
    /// The example files, each checked against its article by a test of this target.
    static let exampleFiles = [
        "BuildAnAppExamples.swift", "EstimatedHeightsExamples.swift", "FindingItemsExamples.swift",
        "LineScrollingExamples.swift", "SeveralListsExamples.swift", "TablesWithColumnsExamples.swift",
        "TreesExamples.swift", "AppShellExamples.swift", "DataNotInMemoryExamples.swift", "ThemesExamples.swift",
    ]

    /// The generated package's manifest: the article's, with this checkout as a path dependency.
    static func manifest(repository: String) -> String {
        let name = (repository as NSString).lastPathComponent
        return """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "ArticleExamples",
                dependencies: [.package(path: \(String(reflecting: repository)))],
                targets: [
                    .executableTarget(
                        name: "ReadmeInbox",
                        dependencies: [.product(name: "TermTable", package: \(String(reflecting: name)))],
                        plugins: [.plugin(name: "TermTableLayoutPlugin", package: \(String(reflecting: name)))]
                    ),
                    .testTarget(
                        name: "ArticleExamples",
                        dependencies: [
                            .product(name: "TermTable", package: \(String(reflecting: name))),
                            .product(name: "TermTableTesting", package: \(String(reflecting: name))),
                        ],
                        plugins: [.plugin(name: "TermTableLayoutPlugin", package: \(String(reflecting: name)))]
                    )
                ]
            )

            """
    }

    /// Before: `BuildAnAppExamples.swift` failed here with "'state' is inaccessible due to 'package' protection
    /// level" (the article's `deleteTask`); the public `indexPathForSelectedRow` compiles.
    @Test(.timeLimit(.minutes(15)))
    func theArticlesExamplesBuildInAPackageThatDependsOnThisOne() throws {
        let files = FileManager.default
        let root = repositoryRoot
        let package = root + "/.build/article-examples/package"
        let sources = package + "/Tests/ArticleExamples"
        let inbox = package + "/Sources/ReadmeInbox"
        try? files.removeItem(atPath: sources)
        try? files.removeItem(atPath: inbox)
        try files.createDirectory(atPath: sources + "/Layouts", withIntermediateDirectories: true)
        try files.createDirectory(atPath: inbox + "/Layouts", withIntermediateDirectories: true)
        try files.copyItem(atPath: root + "/Examples/Inbox/InboxApp.swift", toPath: inbox + "/InboxApp.swift")
        try files.copyItem(
            atPath: root + "/Examples/Inbox/Layouts/Inbox.layout", toPath: inbox + "/Layouts/Inbox.layout")
        try manifestIfChanged(Self.manifest(repository: root), at: package + "/Package.swift")
        if files.fileExists(atPath: root + "/Package.resolved") {
            try? files.removeItem(atPath: package + "/Package.resolved")
            try files.copyItem(atPath: root + "/Package.resolved", toPath: package + "/Package.resolved")
        }
        for name in Self.exampleFiles {
            try files.copyItem(atPath: root + "/Tests/TermTableTests/" + name, toPath: sources + "/" + name)
        }
        let layouts = root + "/Tests/TermTableTests/Layouts"
        for name in try files.contentsOfDirectory(atPath: layouts) where name.hasSuffix(".layout") {
            try files.copyItem(atPath: layouts + "/" + name, toPath: sources + "/Layouts/" + name)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let result = try ChildProcess.run(
            [
                "/usr/bin/env", "swift", "build", "--build-tests", "--package-path", package,
                "--scratch-path", root + "/.build/article-examples/build",
            ], environment: environment)
        #expect(result.status == 0, "\(result.output.suffix(6_000))")
        #expect(!result.output.contains("warning:"), "\(result.output.suffix(6_000))")
    }

    /// Writes `text` at `path` unless it is there already (an unchanged manifest keeps SwiftPM's cached resolution).
    func manifestIfChanged(_ text: String, at path: String) throws {
        if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
