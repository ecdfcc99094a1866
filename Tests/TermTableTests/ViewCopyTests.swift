import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// Every view class of the toolkit, copied with every stored property set: the copy keeps each one and shares nothing.
@MainActor
@Suite struct ViewCopyTests {
    /// A class covered by the copy check: a fresh instance, and one with every stored property set.
    struct Covered: Sendable {
        var name: String
        var fresh: @MainActor @Sendable () -> View
        var configured: @MainActor @Sendable () -> View
    }

    /// Sets every property `View` declares.
    static func configureView(_ view: View, addSubview: Bool = true) {
        ViewCopyCheck.setEveryViewProperty(of: view, addingSubview: addSubview)
    }

    nonisolated static let location = LayoutLocation(file: "copy", line: 1, column: 1)

    /// A cell spec with two titled fields, indentation and an accessory (for a column header).
    static func headedSpec() -> CellSpec {
        var views = [
            ViewSpec(
                tag: 1, name: "title", kind: .label, frame: Rect(x: 0, y: 0, width: 20, height: 1),
                autoresizing: .flexibleWidth, location: location),
            ViewSpec(
                tag: 2, name: "size", kind: .label, frame: Rect(x: 21, y: 0, width: 6, height: 1),
                autoresizing: .flexibleLeftMargin, location: location),
        ]
        views[0].properties.heading = "TITLE"
        views[1].properties.heading = "SIZE"
        views[1].properties.alignment = .right
        var spec = CellSpec(
            identifier: "row", width: 30, height: 1, accessory: .disclosure, views: views,
            location: location)
        spec.indentation = 1
        return spec
    }

    static func configureCell(_ cell: TableViewCell) {
        configureView(cell)
        cell.height = 2
        cell.selectionStyle = .custom(Style(foreground: .green))
        cell.accessory = .checkmark
        cell.indentationLevel = 2
        cell.indentationWidth = 3
        cell.isSelectable = false
        cell.heightIsAutomatic = true
        cell.setText("made in code", forColumn: "name")
        let field = Label(text: "field")
        field.tag = 5
        cell.contentView.addSubview(field)
    }

    nonisolated static let covered: [Covered] = [
        Covered(
            name: "View", fresh: { View() },
            configured: {
                let view = View()
                configureView(view)
                return view
            }),
        Covered(
            name: "Label", fresh: { Label() },
            configured: {
                let label = Label(text: "Hello")
                configureView(label)
                label.styledText = StyledText("Hel", style: .underline) + StyledText("lo")
                label.textStyle = .bold
                label.alignment = .center
                label.truncation = .head
                label.numberOfLines = 3
                label.horizontalOffset = 4
                label.horizontalStep = 2
                return label
            }),
        Covered(
            name: "Button", fresh: { Button(title: "") },
            configured: {
                let button = Button(title: "OK", action: "ok")
                configureView(button)
                button.onPress = { _ in }
                button.titleStyle = .underline
                button.alignment = .right
                button.truncation = .middle
                return button
            }),
        Covered(
            name: "TextField", fresh: { TextField() },
            configured: {
                let field = TextField(text: "abc", placeholder: "name")
                configureView(field)
                field.action = "submit"
                field.onChange = { _ in }
                field.onSubmit = { _ in }
                field.textStyle = .bold
                field.alignment = .right
                field.maxLength = 10
                field.onInputDropped = { _, _ in }
                field.moveCursor(to: 2)
                return field
            }),
        Covered(
            name: "TextView", fresh: { TextView() },
            configured: {
                let view = TextView(
                    styledText: StyledText(String(repeating: "a long text that wraps\n", count: 40))
                        + StyledText("in runs", style: Style(foreground: .red)))
                configureView(view)
                view.textStyle = .bold
                view.keyBindings = [Key("x"): .lineDown]
                view.wheelStep = 5
                view.paragraphStyles = [1: .bold]
                view.isFocusable = false
                view.scroll(by: 2)
                _ = view.sizeThatFits(Size(width: 7, height: 100))  // the wrap measured at a width
                return view
            }),
        Covered(
            name: "Slider", fresh: { Slider() },
            configured: {
                let slider = Slider(value: 4, range: 0...10, step: 2)
                configureView(slider)
                slider.action = "volume"
                slider.onChange = { _ in }
                slider.trackStyle = .bold
                return slider
            }),
        Covered(
            name: "ProgressBar", fresh: { ProgressBar() },
            configured: {
                let bar = ProgressBar(value: 0.5)
                configureView(bar)
                bar.showsPercentage = true
                bar.barStyle = .bold
                bar.trackStyle = .reverse
                return bar
            }),
        Covered(
            name: "Separator", fresh: { Separator() },
            configured: {
                let separator = Separator()
                configureView(separator)
                separator.lineStyle = .bold
                separator.symbol = "="
                return separator
            }),
        Covered(
            name: "Glyph", fresh: { Glyph(symbol: " ") },
            configured: {
                let glyph = Glyph(symbol: "●")
                configureView(glyph)
                glyph.symbolStyle = .bold
                return glyph
            }),
        Covered(
            name: "Box", fresh: { Box() },
            configured: {
                let box = Box(title: "Box")
                configureView(box)
                box.borderStyle = .dim
                box.titleStyle = .underline
                box.focusedBorderStyle = .bold
                box.focusedTitleStyle = .reverse
                box.content = Label(text: "inside")
                return box
            }),
        Covered(
            name: "HStack", fresh: { HStack([]) },
            configured: {
                let stack = HStack(
                    [Label(text: "left"), .fill(Label(text: "body"), weight: 2).minimum(3).hidden(below: 9)],
                    divider: .line(.dim))
                configureView(stack)
                return stack
            }),
        Covered(
            name: "VStack", fresh: { VStack([]) },
            configured: {
                let stack = VStack([Label(text: "top"), .fill(Label(text: "body"), weight: 2)])
                configureView(stack)
                return stack
            }),
        Covered(
            name: "ConfirmDialog", fresh: { ConfirmDialog(message: "") },
            configured: {
                let dialog = ConfirmDialog(message: "Delete?", title: "Sure", confirmTitle: "Go", cancelTitle: "Stop")
                configureView(dialog)
                dialog.borderStyle = .dim
                dialog.titleStyle = .underline
                dialog.focusedBorderStyle = .bold
                dialog.focusedTitleStyle = .reverse
                dialog.content = Label(text: "content")
                dialog.onAnswer = { _ in }
                return dialog
            }),
        Covered(
            name: "HelpBox", fresh: { HelpBox(title: "", entries: []) },
            configured: {
                let help = HelpBox(title: "Keys", entries: (1...20).map { (key: "k\($0)", action: "action \($0)") })
                configureView(help)
                help.frame = Rect(x: 0, y: 0, width: 30, height: 8)
                help.scroll(by: 3)
                help.borderStyle = .dim
                help.titleStyle = .underline
                help.focusedBorderStyle = .bold
                help.focusedTitleStyle = .reverse
                help.content = Label(text: "content")
                return help
            }),
        Covered(
            name: "ColumnHeaderView",
            fresh: {
                ColumnHeaderView(spec: CellSpec(identifier: "x", width: 0, height: 1, views: [], location: location))
            },
            configured: {
                let header = ColumnHeaderView(spec: headedSpec())
                configureView(header)
                header.titleStyle = .underline
                header.sort = ColumnSort(column: "size", ascending: false)
                header.leadingInset = 2
                return header
            }),
        Covered(
            name: "CellContentView", fresh: { CellContentView() },
            configured: {
                let view = CellContentView()
                configureView(view)
                view.columnsPlaced = true
                return view
            }),
        Covered(
            name: "TableViewCell", fresh: { TableViewCell(reuseIdentifier: nil) },
            configured: {
                let cell = TableViewCell(reuseIdentifier: "row")
                configureCell(cell)
                return cell
            }),
        Covered(
            name: "BasicCell", fresh: { BasicCell(reuseIdentifier: nil) },
            configured: {
                let cell = BasicCell(reuseIdentifier: "basic")
                configureCell(cell)
                cell.textLabel.text = "Title"
                cell.detailTextLabel.text = "12"
                return cell
            }),
        Covered(
            name: "TableView", fresh: { TableView() },
            configured: {
                let table = TableView()
                configureView(table, addSubview: false)
                table.selectionMode = .multiple
                table.stickyHeaders = false
                table.showsScrollIndicator = false
                table.markStyle = .underline
                table.showsMarkColumn = true
                table.focusedCursorStyle = .custom(.bold)
                table.unfocusedCursorStyle = .custom(.dim)
                table.rowHeight = 2
                table.scrollPadding = 3
                table.headerStyle = .dim
                table.scrollIndicatorStyle = .bold
                table.columnHeader = ColumnHeaderView(spec: headedSpec())
                table.redrawsOnlyChangedRows = false
                table.followsEnd = true
                table.placeholderCellIdentifier = "row"
                table.allowsHorizontalScrolling = true
                table.horizontalContentWidth = 90
                table.horizontalStep = 3
                table.horizontalScrollKeyBindings = [Key("<"): .left]
                table.register(template: rowTemplate(), forCellReuseIdentifier: "row")
                table.register(BasicCell.self, forCellReuseIdentifier: "basic")
                table.onAction("open") { _, _, _ in }
                table.keyBindings[Key("x")] = .pageDown
                table.commandHints = [.activate: "open"]
                table.tableColumns = [
                    TableColumn("name", width: .fraction(2)), TableColumn("size", valueType: .integer),
                ]
                table.frozenColumnCount = 1
                table.cursorShape = .cell
                table.cursorCellStyle = .custom(.underline)
                table.showsColumnHeader = false
                table.sortDescriptors = [TableSortDescriptor(column: "cpu", ascending: false)]
                return table
            }),
    ]

    /// The toolkit's view classes that are never cloned (an app shows each once, at the top of its tree): they
    /// write no copy code, and copying one is refused by name.
    nonisolated static let notCopyable: [String: @MainActor @Sendable () -> View.Type] = [
        "EmptyStateView": { EmptyStateView.self }, "LayoutPreviewView": { LayoutPreviewView.self },
        "PromptLine": { PromptLine.self }, "KeyHintBar": { KeyHintBar.self }, "Breadcrumb": { Breadcrumb.self },
        "CommandPalette": { CommandPalette.self },
    ]

    @Test func theViewsShownOnceAreNotCopyable() {
        for (name, type) in Self.notCopyable {
            #expect(View.copyRefusal(type())?.hasPrefix("\(name) was copied") == true, "\(name)")
        }
    }

    @Test(arguments: covered.map(\.name))
    func copyKeepsEveryPropertyAndSharesNothing(_ name: String) throws {
        let entry = try #require(Self.covered.first { $0.name == name })
        let configured = entry.configured()
        #expect(String(describing: type(of: configured)) == name)
        ViewCopyCheck.toolkit.expectFaithfulCopy(of: configured, fresh: entry.fresh())
    }

    /// A table showing rows: its copy takes the configuration, not the cells on screen or in the queues.
    @Test func aCopiedTableShowsNoneOfTheOriginalsCells() {
        let source = NumbersSource(rows: 20)
        let table = makeTable(source)
        _ = render(table, size: Size(width: 30, height: 5))
        _ = table.scroll(by: 5)
        _ = render(table, size: Size(width: 30, height: 5))
        #expect(!table.subviews.isEmpty)
        let copy = table.copy()
        #expect(copy.subviews.isEmpty)
        ViewCopyCheck.toolkit.expectFaithfulCopy(of: table, fresh: TableView(), ignoringDefaults: true)
    }

    /// Every view class declared under Sources/ is covered here, and every one under Examples/ by its example's tests.
    @Test func everyViewClassIsCovered() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let declared = ViewCopyCheck.declaredViewSubclasses(under: root.appendingPathComponent("Sources"))
        #expect(declared.count >= 15, "the scan found too few classes: \(declared.keys.sorted())")
        let covered = Set(Self.covered.map(\.name)).union(Self.notCopyable.keys)
        for (name, file) in declared.sorted(by: { $0.key < $1.key }) where !covered.contains(name) {
            Issue.record(
                "\(name) (\(file)) is a View class the copy check does not cover: add it to ViewCopyTests.covered")
        }
        // Examples' view classes are covered by their own test targets; a new example with views needs one too.
        let owners = [
            "Examples/NewsReader/": "NewsReaderTests", "Examples/Processes/": "ProcessesTests",
            "Examples/ScrollBench/": "ScrollBenchTests",
        ]
        let examples = ViewCopyCheck.declaredViewSubclasses(under: root.appendingPathComponent("Examples"))
        #expect(!examples.isEmpty)
        for (name, file) in examples.sorted(by: { $0.key < $1.key })
        where !owners.keys.contains(where: { file.hasPrefix(root.appendingPathComponent($0).path) }) {
            Issue.record("\(name) (\(file)) is a View class in an example without a copy test: add one to its tests")
        }
    }

    /// Only `View` itself and classes that adopt `CopyableView` are copied; copying another is refused by name.
    @Test func copyingIsAskedOnlyOfCopyableViews() {
        #expect(View.copyRefusal(View.self) == nil)
        #expect(View.copyRefusal(Label.self) == nil)
        #expect(View.copyRefusal(BasicCell.self) == nil, "a subclass of a copyable class is copyable")
        let refusal = View.copyRefusal(ShownOnce.self)
        #expect(refusal?.hasPrefix("ShownOnce was copied") == true)
        #expect(refusal?.contains("CopyableView") == true)
    }

    /// `repointOutlets` points each outlet at the copy's own subview that stands where the original's does.
    @Test func repointedOutletsAreTheCopysOwnSubviews() {
        let cell = TwoOutlets(reuseIdentifier: "two")
        let copy = cell.copy()
        #expect(copy.first !== cell.first && copy.second !== cell.second)
        #expect(copy.first.superview === copy.contentView && copy.second.superview === copy.contentView)
        #expect(copy.first.text == "first" && copy.second.text == "second")
    }

    /// `copiedView(of:in:)` finds the copy's own view where the original's stands (a cell's content view,
    /// copied per row shown, is re-pointed with it and not through key paths).
    @Test func copiedViewIsTheCopysOwnViewAtTheOriginalsPlace() {
        let cell = TwoOutlets(reuseIdentifier: "two")
        let copy = cell.copy()
        #expect(copy.contentView !== cell.contentView && copy.contentView.superview === copy)
        #expect(copy.copiedView(of: cell.second, in: cell) === copy.second)
        #expect(copy.copiedView(of: cell.contentView, in: cell) === copy.contentView)
    }

    /// The exemption lists name real stored properties (a renamed property must not keep its exemption).
    @Test func everyExemptionNamesAStoredProperty() {
        let views = Self.covered.map { $0.configured() }
        #expect(ViewCopyCheck.toolkit.unknownExemptions(among: views) == [])
        let stale = ViewCopyCheck.toolkit.adding(notCopied: ["Label": ["colour": "renamed"]])
        #expect(
            stale.unknownExemptions(among: views) == [
                "Label.colour is listed as not copied but is no stored property of Label"
            ])
    }

    // MARK: The check itself catches what it is for

    final class Forgetful: View, CopyableView {
        var note = ""
        override init(frame: Rect = .zero) { super.init(frame: frame) }
        required override init(copying other: View) { super.init(copying: other) }
    }

    final class StaleOutlet: View, CopyableView {
        let title = Label()
        override init(frame: Rect = .zero) {
            super.init(frame: frame)
            addSubview(title)
        }
        required override init(copying other: View) { super.init(copying: other) }
    }

    final class SharedOutlet: View, CopyableView {
        var title: Label
        override init(frame: Rect = .zero) {
            title = Label()
            super.init(frame: frame)
            addSubview(title)
        }
        required override init(copying other: View) {
            title = (other as! SharedOutlet).title
            super.init(copying: other)
        }
    }

    @Test func theCheckNamesAPropertyTheCopyForgets() {
        let view = Forgetful()
        Self.configureView(view)
        view.note = "remember me"
        let problems = ViewCopyCheck.toolkit.problems(configured: view, fresh: Forgetful())
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("Forgetful: Forgetful.note differs in the copy") == true)
    }

    @Test func theCheckNamesAPropertyTheTestDoesNotSet() {
        let view = Forgetful()
        Self.configureView(view)
        let problems = ViewCopyCheck.toolkit.problems(configured: view, fresh: Forgetful())
        #expect(
            problems == [
                "Forgetful: Forgetful.note has its default value (\"\") in the configured instance: "
                    + "set it in the test's configuration so the copy check can see it"
            ])
    }

    @Test func theCheckCatchesAnOutletLeftOnAFreshLabel() {
        let view = StaleOutlet()
        Self.configureView(view)
        view.title.text = "Title"
        let problems = ViewCopyCheck.toolkit.problems(configured: view, fresh: StaleOutlet())
        #expect(problems.contains { $0.hasPrefix("StaleOutlet: StaleOutlet.title differs in the copy") })
    }

    @Test func theCheckCatchesAnOutletSharedWithTheOriginal() {
        let view = SharedOutlet()
        Self.configureView(view)
        view.title.text = "Title"
        let problems = ViewCopyCheck.toolkit.problems(configured: view, fresh: SharedOutlet())
        #expect(problems.contains { $0.contains("the copy shares a Label with the original at title") })
    }
}

/// A root view that is never copied: it writes no copy code.
private final class ShownOnce: View {}

/// A cell built in code with two outlets.
private final class TwoOutlets: TableViewCell {
    private(set) var first = Label(text: "first")
    private(set) var second = Label(text: "second")

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(first)
        contentView.addSubview(second)
    }

    required init(copying other: View) { super.init(copying: other) }

    override func didCopy(from original: View) {
        super.didCopy(from: original)
        repointOutlets(\.first, \.second, from: original)
    }
}
