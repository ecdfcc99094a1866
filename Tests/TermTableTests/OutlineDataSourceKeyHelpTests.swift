import TermTableTesting
import Testing

@testable import TermTable

/// An outline's keys in the help box: ←/→ (while they are the tree's), `+ - *` and an app's own tree keys are
/// listed under one `Tree:` heading, the table's other keys and the app's unsectioned ones above it (issue 35).
@Suite @MainActor
struct OutlineDataSourceKeyHelpTests {
    /// The help box's entries, as `key action` strings ("Tree:" for a heading).
    static func entries(_ app: Application) -> [String] {
        Application.helpEntries(for: app.bindingsInForce).map {
            $0.action.isEmpty ? $0.key : "\($0.key) \($0.action)"
        }
    }

    @Test func theTreeKeysAndTheAppsTreeActionsAreUnderOneHeading() throws {
        let fixture = OutlineDataSourceTests.Fixture(OutlineDataSourceTests.sample())
        let app = fixture.driver.app
        app.addAction(AppAction("app.quit", keys: [Key("q")], help: "quit") {})
        app.addAction(
            AppAction("tree.markSubtree", keys: [Key("M")], help: "mark the subtree", section: "Tree") {})
        app.addAction(AppAction("sort.name", keys: [Key("n")], help: "by name", section: "Sort") {})
        let lines = Self.entries(app)
        #expect(lines.filter { $0 == "Tree:" }.count == 1, "\(lines)")
        let heading = try #require(lines.firstIndex(of: "Tree:"))
        let tree = lines[(heading + 1)...].prefix { !$0.hasSuffix(":") }
        #expect(
            Array(tree) == [
                "←/h collapse / parent", "→/l expand / first child", "+ expand", "- collapse", "* expand all below",
                "M mark the subtree",
            ], "\(lines)")
        #expect(lines.firstIndex(of: "q quit")! < heading, "an unsectioned key is not listed under a heading")
        #expect(lines.firstIndex(of: "↓/j down")! < heading)
        #expect(lines.last == "n by name" && lines.dropLast().last == "Sort:", "\(lines)")
    }

    /// With a cell cursor over columns, ← and → move the columns and are listed with the table's keys; the tree keeps
    /// `+ - *` under its heading.
    @Test func withACellCursorTheArrowsAreTheColumnsAndTheTreeKeepsPlusMinusStar() throws {
        let fixture = OutlineDataSourceTests.Fixture(OutlineDataSourceTests.sample())
        fixture.table.tableColumns = [TableColumn("a", title: "A"), TableColumn("b", title: "B")]
        fixture.table.cursorShape = .cell
        let lines = Self.entries(fixture.driver.app)
        let heading = try #require(lines.firstIndex(of: "Tree:"))
        #expect(Array(lines[(heading + 1)...]) == ["+ expand", "- collapse", "* expand all below"], "\(lines)")
        #expect(lines.contains { $0.hasSuffix("column left") })
    }
}
