import TermTableTesting
import Testing

@testable import TermTable

/// The toolkit on a screen without line drawing (`ScreenGlyphs.ascii`): an outline, the help box, the command
/// palette and a table with columns, marks, a sort and a scroll indicator draw only ASCII, and Unicode on a
/// Unicode screen (issue 35 item 3).
@Suite @MainActor
struct ScreenGlyphsDrawingTests {
    /// The cells of `driver`'s screen that are not ASCII.
    static func nonASCII(_ driver: AppDriver) -> [String] {
        driver.lines.flatMap { line in line.filter { !$0.isASCII }.map(String.init) }
    }

    /// An outline in a table with columns, src and Core expanded, on a screen with `glyphs`.
    func outline(_ glyphs: ScreenGlyphs) -> (TableView, AppDriver) {
        let table = TableView()
        table.addTableColumn(TableColumn("name", title: "Name", width: .fixed(14)))
        table.addTableColumn(TableColumn("size", title: "Size", width: .fixed(4), valueType: .integer))
        let source = OutlineDataSource<String>(tableView: table, outlineColumn: "name") { item, column in
            StyledText(column.identifier == "name" ? item : OutlineDataSourceColumnsTests.sizes[item] ?? "")
        }
        table.ownedDataSource = source
        source.apply(OutlineDataSourceTests.sample())
        source.expand("src")
        source.expand("Core")
        let driver = AppDriver(size: Size(width: 24, height: 10)) { screen in
            screen.glyphs = glyphs
            return Application(screen: screen, rootView: table)
        }
        return (table, driver)
    }

    @Test func anOutlineOnAnASCIIScreenDrawsTreeStyleGuidesAndPlusMinusMarks() {
        let (table, driver) = outline(.ascii)
        let rows = driver.lines.dropFirst(table.showsColumnHeader ? 1 : 0).prefix(8).map {
            String($0.prefix(19)).trimmingCharacters(in: .whitespaces)
        }
        #expect(
            rows == [
                "- src             3", "|-  a            10", "|-- Core          2", "| |-  x           7",
                "| `-  y           8", "`-  b            11", "+ docs            1", "",
            ])
        #expect(Self.nonASCII(driver) == [])
        let (_, unicode) = outline(.unicode)
        #expect(unicode.lines.contains { $0.hasPrefix("├─▾ Core") })
    }

    /// The loading row of a lazy child under an ASCII screen: ASCII guides and `Loading.`.
    @Test func aLoadingRowOnAnASCIIScreenIsASCII() async {
        let table = TableView()
        var outline: OutlineDataSource<String>?
        let source = OutlineDataSource<String>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "basic", for: indexPath) as! BasicCell
            cell.textLabel.text = (outline?.prefix(for: item) ?? "") + item
            return cell
        }
        outline = source
        table.register(BasicCell.self, forCellReuseIdentifier: "basic")
        table.ownedDataSource = source
        var tree = OutlineSnapshot<String>()
        tree.append(["lazy", "other"])
        tree.setChildrenState(.notLoaded, of: "lazy")
        source.apply(tree)
        source.childrenLoader = { _ in
            try await Task.sleep(for: .seconds(60))
            return []
        }
        let driver = AppDriver(size: Size(width: 24, height: 5)) { screen in
            screen.glyphs = .ascii
            return Application(screen: screen, rootView: table)
        }
        source.expand("lazy")
        driver.app.renderIfNeeded()
        #expect(
            driver.lines.prefix(3).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "- lazy", "`-  Loading.", "other",
            ])
        #expect(Self.nonASCII(driver) == [])
        source.collapse("lazy")
    }

    @Test func theHelpBoxAndThePaletteOnAnASCIIScreenAreASCII() {
        let source = NumbersSource(rows: 30)
        let table = makeTable(source, width: 40, height: 10)
        let driver = AppDriver(size: Size(width: 40, height: 10)) { screen in
            screen.glyphs = .ascii
            return Application(screen: screen, rootView: table)
        }
        driver.app.showHelp(title: "Keys", entries: (1...21).map { ("↑ k\($0)", "action … \($0)") })
        driver.app.renderIfNeeded()
        #expect(driver.lines.contains { $0.contains("+ Keys ---") }, "\(driver.lines.joined(separator: "\n"))")
        #expect(driver.lines.contains { $0.contains("v 14 more") })
        #expect(Self.nonASCII(driver) == [])
        driver.press("esc")
        _ = driver.app.showCommandPalette()
        driver.app.renderIfNeeded()
        #expect(driver.lines.contains { $0.contains("+--") })
        #expect(Self.nonASCII(driver) == [])
    }

    @Test func aTableWithColumnsMarksASortAndAScrollIndicatorOnAnASCIIScreenIsASCII() {
        let source = ColumnRows((0..<20).map { ["name \($0)", "\($0)"] })
        let table = TableView()
        table.tableColumns = [TableColumn("c0", title: "NAME"), TableColumn("c1", title: "N", valueType: .integer)]
        table.selectionMode = .multiple
        table.showsMarkColumn = true
        table.showsScrollIndicator = true
        table.dataSource = source
        table.sortDescriptors = [TableSortDescriptor(column: "c1", ascending: false)]
        let driver = AppDriver(size: Size(width: 24, height: 6)) { screen in
            screen.glyphs = .ascii
            return Application(screen: screen, rootView: table)
        }
        table.selectRow(at: IndexPath(row: 0, section: 0))
        driver.app.renderIfNeeded()
        #expect(driver.lines[0].contains("N v") || driver.lines[0].contains("v N"), "\(driver.lines)")
        #expect(driver.lines[1].hasPrefix("* "), "\(driver.lines)")
        #expect(driver.lines.dropFirst().allSatisfy { $0.hasSuffix("#") || $0.hasSuffix("|") }, "\(driver.lines)")
        #expect(Self.nonASCII(driver) == [])
    }
}
