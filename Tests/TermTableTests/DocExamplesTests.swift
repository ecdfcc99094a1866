import Foundation
import TermTableTestSupport
import TermTableTesting
import Testing

@testable import TermTable

/// The code in the documentation is the code the tests compile and run.
@Suite("Documentation examples") @MainActor
struct DocExamplesTests {
    static let articlePath = repositoryRoot + "/Sources/TermTable/TermTable.docc/BuildAnApp.md"
    static let examplesPath = repositoryRoot + "/Tests/TermTableTests/BuildAnAppExamples.swift"

    /// The fenced blocks of `language` in a Markdown text ("": blocks without a language). Every fence opens or closes
    /// a block, whatever its language, so a block of another language cannot be taken for the start of one.
    static func blocks(_ language: String, in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !inFence, trimmed.hasPrefix("```") {
                inFence = true
                if trimmed == "```" + language { current = [] }
            } else if inFence, trimmed == "```" {
                inFence = false
                if let block = current { blocks.append(block.joined(separator: "\n")) }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Lines without indentation or blank lines; `@main ` dropped (a test bundle has its own entry point).
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            var line = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("@main ") { line.removeFirst(6) }
            return line
        }.filter { !$0.isEmpty }
    }

    /// True when `block`'s lines appear, in order and together, in `file`.
    static func contains(_ file: [String], _ block: [String]) -> Bool {
        guard !block.isEmpty, block.count <= file.count else { return block.isEmpty }
        return (0...(file.count - block.count)).contains { Array(file[$0..<$0 + block.count]) == block }
    }

    static func isManifest(_ block: String) -> Bool { block.hasPrefix("// swift-tools-version") }

    /// Records an issue unless the article at `articlePath` has a number of Swift blocks in `count` (its package
    /// manifests left out), each found in the compiled file at `examplesPath`.
    static func expectEverySwiftBlock(
        of articlePath: String, count: some RangeExpression<Int>, areIn examplesPath: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let article = try String(contentsOfFile: articlePath, encoding: .utf8)
        try expectBlocks(
            blocks("swift", in: article).filter { !isManifest($0) }, of: articlePath, count: count, areIn: examplesPath,
            sourceLocation: sourceLocation)
    }

    /// Records an issue unless the section `heading` (`## …`) of the article at `articlePath` has `count` Swift
    /// blocks, each found in the compiled file at `examplesPath`.
    static func expectSectionBlocks(
        _ heading: String, of articlePath: String, count: Int, areIn examplesPath: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let article = try String(contentsOfFile: articlePath, encoding: .utf8)
        guard let start = article.range(of: "## " + heading) else {
            Issue.record(
                "\((articlePath as NSString).lastPathComponent) has no section \"\(heading)\"",
                sourceLocation: sourceLocation)
            return
        }
        let section = article[start.upperBound...]
        let end = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
        try expectBlocks(
            blocks("swift", in: String(end)), of: articlePath, count: count...count, areIn: examplesPath,
            sourceLocation: sourceLocation)
    }

    /// Records an issue unless there are `count` `code` blocks (of the article at `articlePath`), each found in the
    /// compiled file at `examplesPath`.
    private static func expectBlocks(
        _ code: [String], of articlePath: String, count: some RangeExpression<Int>, areIn examplesPath: String,
        sourceLocation: SourceLocation
    ) throws {
        let articleName = (articlePath as NSString).lastPathComponent
        let examplesName = (examplesPath as NSString).lastPathComponent
        let examples = normalized(try String(contentsOfFile: examplesPath, encoding: .utf8))
        #expect(
            count.contains(code.count), "\(articleName) has \(code.count) Swift blocks", sourceLocation: sourceLocation)
        for block in code where !contains(examples, normalized(block)) {
            Issue.record(
                "this block of \(articleName) is not in \(examplesName):\n\(block)", sourceLocation: sourceLocation)
        }
    }

    @Test func everySwiftBlockOfTheArticleIsCompiledHere() throws {
        try Self.expectEverySwiftBlock(of: Self.articlePath, count: 8..., areIn: Self.examplesPath)
    }

    @Test func theArticlesLayoutIsTheOneTheExampleLoads() throws {
        let article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        let layouts = Self.blocks("layout", in: article)
        #expect(layouts.count == 1)
        let shipped = try String(
            contentsOfFile: repositoryRoot + "/Tests/TermTableTests/Layouts/Tasks.layout", encoding: .utf8)
        #expect(layouts.first.map { $0 + "\n" } == shipped)
        let library = try TasksLayout.library()
        #expect(library.identifiers.contains("task"))
        #expect(TasksLayout.layoutFile.text == shipped)
    }

    /// The manifests in the docs use the product by its package, build the layouts in with the plugin (no resources,
    /// so no Foundation `Bundle`) and keep snapshots out of the test target.
    @Test func packageManifestsInTheDocsHaveWhatAnAppNeeds() throws {
        let article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let manifests = (Self.blocks("swift", in: article) + Self.blocks("swift", in: readme)).filter(Self.isManifest)
        #expect(manifests.count == 2)
        for manifest in manifests {
            #expect(manifest.contains(".package(url: \"https://"))
            #expect(manifest.contains(".product(name: \"TermTable\", package: \"TermTable\")"))
            #expect(manifest.contains(".product(name: \"TermTableTesting\", package: \"TermTable\")"))
            #expect(manifest.contains("plugins: [.plugin(name: \"TermTableLayoutPlugin\", package: \"TermTable\")]"))
            #expect(!manifest.contains("resources:"))
            #expect(manifest.contains("exclude: [\"Snapshots\"]"))
            #expect(!manifest.contains("TermTableLayouts") && !manifest.contains("ProjectLayouts"))
        }
    }

    /// The README's app is the inbox example, which loads the layout the plugin built into it.
    @Test func theReadmesAppIsTheInboxExample() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let inbox = Self.normalized(
            try String(contentsOfFile: repositoryRoot + "/Examples/Inbox/InboxApp.swift", encoding: .utf8))
        let app = try #require(Self.blocks("swift", in: readme).first { $0.contains("struct InboxApp") })
        #expect(Self.contains(inbox.map { $0.replacingOccurrences(of: "@main ", with: "") }, Self.normalized(app)))
        #expect(!readme.contains("ProjectLayouts") && !readme.contains("import TermTableLayouts"))
    }

    /// Bug: the README's layout-error example named a line the file no longer had; it is now what the parser says.
    @Test func theReadmesLayoutErrorIsWhatTheParserSays() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let path = "Examples/Inbox/Layouts/Inbox.layout"
        let shown = try #require(Self.blocks("", in: readme).first { $0.hasPrefix(path + ":") })
        let layout = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
        let typo = layout.replacingOccurrences(of: "  2 label style=dim", with: "  2 lable style=dim")
        #expect(typo != layout, "the README's typo is in a line of the layout")
        do {
            _ = try LayoutParser.parse(typo, file: path)
            Issue.record("the misspelt kind was accepted")
        } catch {
            #expect(error.errors.first?.description == shown)
        }
    }

    /// Bug: the ``Application`` documentation said `try await app.run()`, but `run()` does not throw.
    @Test func theApplicationDocumentationExampleIsCompiledHere() throws {
        let source = try String(
            contentsOfFile: repositoryRoot + "/Sources/TermTable/App/Application.swift", encoding: .utf8)
        let comment = source.split(separator: "\n").prefix { !$0.hasPrefix("@MainActor") }
            .map {
                $0.hasPrefix("/// ")
                    ? String($0.dropFirst(4)) : $0.hasPrefix("///") ? String($0.dropFirst(3)) : String($0)
            }
            .joined(separator: "\n")
        let block = try #require(Self.blocks("swift", in: comment).first)
        let examples = Self.normalized(try String(contentsOfFile: Self.examplesPath, encoding: .utf8))
        #expect(Self.contains(examples, Self.normalized(block)), "Application's example is not compiled:\n\(block)")
    }

    // MARK: The article's app, run

    /// The *Keys and help* example: the hint bar shows the table's moves and the keys that ask for it, and every key runs.
    @Test func theArticlesKeysWithHelpRunAndShowInTheHintBar() {
        let table = makeTable(NumbersSource(rows: 3), width: 60, height: 20)
        let driver = AppDriver(rootView: table, size: Size(width: 60, height: 20))
        var reloads = 0
        let bar = bindKeysWithHelp(in: driver.app) { reloads += 1 }
        driver.press("r ctrl-r s S")
        #expect(reloads == 2)
        let hints = driver.app.bindingsInForce.filter(\.showsInHintBar)
        #expect(KeyHintBar.text(for: hints, width: 60) == "↑/k up · ↓/j down · r/ctrl-r reload · ? help")
        #expect(bar.bindings == nil)
        driver.press("?")
        #expect(driver.lines.contains { $0.contains("s S") && $0.contains("sort up, down") })
    }

    @Test func theArticlesBackgroundLoadFinishes() async {
        await startLoading(TaskArchive()).value
    }

    @Test func theArticlesAppFiltersDeletesAndShowsItsOverlays() throws {
        let screen = BufferScreen(size: Size(width: 40, height: 8))
        let tasks = try TasksApp()
        let app = tasks.makeApplication(on: screen)
        func press(_ script: String) {
            for name in script.split(separator: " ") { app.handle(.key(Key(parsing: String(name))!)) }
            app.renderIfNeeded()
        }
        func type(_ text: String) {
            for character in text { app.handle(.key(Key(character))) }
            app.renderIfNeeded()
        }
        app.render()
        #expect(screen.lines[0].hasPrefix("Tasks"))
        // The last column is the scroll indicator's.
        #expect(screen.lines[1].hasPrefix(" Write the report") && screen.lines[1].hasSuffix("#1  "), "\(screen.lines)")
        #expect(screen.lines[7].hasPrefix("3 of 3 tasks"))
        // The title bar's colours, across the line.
        #expect(screen.style(at: Point(x: 0, y: 0)) == Style(foreground: .white, background: .blue, attributes: .bold))
        #expect(screen.style(at: Point(x: 39, y: 0)).background == .blue)
        // Space pages down (to the last task), Esc reaches the app's bindings instead of the table.
        press("space")
        #expect(tasks.table.state.cursor?.row == 2 && screen.lines[7].hasPrefix("3 of 3 tasks, at 3"))
        #expect(tasks.table.keyBindings[.escape] == nil)
        press("g")

        press("/")
        type("zzz")
        #expect(screen.lines[3...5].contains { $0.contains("No matches") })
        #expect(screen.lines[7] == "/zzz" + String(repeating: " ", count: 36))
        press("escape")
        #expect(tasks.list.filter.isEmpty && screen.lines[2].hasPrefix(" Book the train"))

        press("j d")
        #expect(app.topOverlay is ConfirmDialog)
        #expect(screen.lines.contains { $0.contains("Delete \"Book the train\"?") })
        press("enter")  // the highlighted button is No
        #expect(tasks.list.tasks.count == 3)
        press("d y")
        #expect(tasks.list.tasks == ["Write the report", "Call the plumber"])
        #expect(screen.lines[7].hasPrefix("2 of 2 tasks"))

        press("i")
        let box = try #require(app.topOverlay as? Box)
        #expect(box.title == "About" && box.frame.width > 0 && box.frame.height == 3)
        #expect(box.frame.x == (40 - box.frame.width) / 2)
        press("escape ?")
        let help = try #require(app.topOverlay as? HelpBox)
        // The box lists the keys in force: the table's (Space rebound to page down, Esc left out), then the app's.
        let entries = help.entries.map { "\($0.key) \($0.action)" }
        #expect(entries.contains("↓/j down") && entries.contains("PgDn/space/ctrl-f page down"), "\(entries)")
        #expect(entries.contains("/ filter") && entries.contains("d delete the task") && entries.contains("q quit"))
        #expect(!entries.contains { $0.hasPrefix("Esc") })
        press("x q")
        #expect(!app.isShowingOverlay)

        let timer = tasks.startAddingTasks(in: app, every: .seconds(5))
        app.fireTimers(now: ContinuousClock.now + .seconds(6))
        #expect(tasks.list.tasks.count == 3)
        app.cancelTimer(timer)
        app.fireTimers(now: ContinuousClock.now + .seconds(60))
        #expect(tasks.list.tasks.count == 3)

        screen.resize(to: Size(width: 40, height: 3))
        while let event = screen.nextEvent(timeout: .zero) { app.handle(event) }
        app.renderIfNeeded()
        #expect(tasks.titleBar.isHidden)
        #expect(screen.lines[0].hasPrefix(" Write the report") && screen.lines[2].hasPrefix("3 of 3 tasks"))
    }
}
