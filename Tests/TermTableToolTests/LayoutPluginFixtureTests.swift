import Foundation
import TermTableTestSupport
import TermTableTesting
import Testing

/// The plugin in a real package: a fixture that depends on this one by path and applies `TermTableLayoutPlugin`.
///
/// Slow (a nested `swift build` of the toolkit, about 3.5 minutes on the shared 2-core machine), so it runs
/// in CI (`CI=true`) and with `TERMTABLE_FIXTURE_BUILD=1`, and is skipped in a developer's quick `swift test`.
/// Both builds share one scratch folder: the good fixture is built first, then the typo
/// only recompiles the fixture's own file.
@Suite("Layout plugin fixture package")
struct LayoutPluginFixtureTests {
    /// On with `TERMTABLE_FIXTURE_BUILD=1`; in CI, except in the sanitizer runs of the suite
    /// (``/TermTableTestSupport/Sanitizer/isActive``), where the nested build would only repeat the plain run's, unsanitized.
    static var enabled: Bool {
        let environment = ProcessInfo.processInfo.environment
        if environment["TERMTABLE_FIXTURE_BUILD"] == "1" { return true }
        return environment["CI"] == "true" && !Sanitizer.isActive
    }

    /// A cell named `library` shows that the generated `library()` and the cell's identifier do not collide.
    static let layout = """
        cell row height=1
        | [1 title                     ] [2 age ] [3 done] |
          1 label stretch
          2 label align=right pin=right
          3 progress pin=right

        cell library height=1
        | [1 shelf                     ] |
          1 label stretch
        """

    static func source(field: String) -> String {
        """
        import TermTable

        /// The layout is built in: no resources, no Bundle.
        @MainActor func makeTable() throws -> TableView {
            let table = TableView()
            try table.register(CellsLayout.row, from: CellsLayout.library())
            try table.register(CellsLayout.libraryCell, from: CellsLayout.library())
            return table
        }

        @MainActor func configure(_ table: TableView, at indexPath: IndexPath) -> TableViewCell {
            let cell = table.dequeueReusableCell(CellsLayout.row, for: indexPath)
            cell.\(field).text = "Lunch on Friday?"
            cell.age.text = "2h"
            cell.done.value = 0.5
            return cell
        }
        """
    }

    static func manifest(dependencyPath: String, packageName: String) -> String {
        """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "Fixture",
            dependencies: [.package(path: "\(dependencyPath)")],
            targets: [
                .target(
                    name: "Fixture",
                    dependencies: [.product(name: "TermTable", package: "\(packageName)")],
                    plugins: [.plugin(name: "TermTableLayoutPlugin", package: "\(packageName)")]
                ),
            ]
        )
        """
    }

    @Test(
        .enabled(
            if: LayoutPluginFixtureTests.enabled,
            "a nested swift build (minutes): runs in CI, or with TERMTABLE_FIXTURE_BUILD=1"),
        .timeLimit(.minutes(30)))
    func aMisspeltFieldFailsTheBuildAndTheCorrectOneBuilds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layout-fixture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = root.appendingPathComponent("Sources/Fixture")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let repository = URL(fileURLWithPath: repositoryRoot)
        try Self.manifest(dependencyPath: repository.path, packageName: repository.lastPathComponent)
            .write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.layout.write(to: sources.appendingPathComponent("Cells.layout"), atomically: true, encoding: .utf8)
        let code = sources.appendingPathComponent("Configure.swift")
        let build = [
            "swift", "build", "--package-path", root.path, "--scratch-path", root.appendingPathComponent(".build").path,
        ]
        let environment = ProcessInfo.processInfo.environment

        try Self.source(field: "title").write(to: code, atomically: true, encoding: .utf8)
        let good = try ChildProcess.run(build, environment: environment)
        #expect(good.status == 0, "the fixture without the typo should build:\n\(good.output)")
        #expect(!good.output.contains("warning:"), "\(good.output)")

        try Self.source(field: "titel").write(to: code, atomically: true, encoding: .utf8)
        let bad = try ChildProcess.run(build, environment: environment)
        #expect(bad.status != 0)
        let message = bad.output.split(separator: "\n").first { $0.contains("error:") && $0.contains("titel") }
        #expect(message?.contains("Configure.swift:13:") == true, "\(bad.output)")
        #expect(
            message?.contains(
                "'titel' is unavailable: cell `row` of Cells.layout has no field `titel`; did you mean `title`?")
                == true,
            "\(bad.output)")

        // A layout error fails the build at the layout's line and column.
        try Self.source(field: "title").write(to: code, atomically: true, encoding: .utf8)
        try Self.layout.replacingOccurrences(of: "3 progress", with: "3 progres")
            .write(to: sources.appendingPathComponent("Cells.layout"), atomically: true, encoding: .utf8)
        let broken = try ChildProcess.run(build, environment: environment)
        #expect(broken.status != 0)
        #expect(broken.output.contains("Cells.layout:5:5: error: unknown kind `progres`"), "\(broken.output)")
    }
}
