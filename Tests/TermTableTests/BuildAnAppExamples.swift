import TermTable
import TermTableTesting
import Testing

// The code of the article "Build an app" (Sources/TermTable/TermTable.docc/BuildAnApp.md), compiled
// and run by the tests: `DocExamplesTests` checks that every Swift block of the article is here,
// line for line, and drives the app on an in-memory screen. Change both together.

/// The tasks, filtered by what the user typed after `/`.
@MainActor final class TaskList: TableViewDataSource {
    var tasks = ["Write the report", "Book the train", "Call the plumber"]
    var done: Set<String> = []
    var filter = ""
    var shown: [String] { filter.isEmpty ? tasks : tasks.filter { $0.lowercased().contains(filter.lowercased()) } }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { shown.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "task", for: indexPath)
        let task = shown[indexPath.row]
        cell.viewWithTag(1, as: Label.self)?.text = task
        cell.viewWithTag(2, as: Label.self)?.text = done.contains(task) ? "done" : "#\(indexPath.row + 1)"
        return cell
    }
}

/// The app: a title bar, the list (or "No matches" when the filter hides every task), a status line.
@MainActor final class TasksApp {
    let list = TaskList()
    let table = TableView()
    let titleBar = Label(text: "Tasks")
    let statusLine = Label()
    lazy var root = VStack([titleBar, .fill(EmptyStateView(table, message: "No matches")), statusLine])
    var cursorRow = 0

    init() throws {
        try table.registerCells(from: TasksLayout.library())
        table.dataSource = list
        table.delegate = self
        titleBar.textStyle = Style(foreground: .white, background: .blue, attributes: .bold)
        titleBar.backgroundStyle = Style(background: .blue)
        statusLine.textStyle = .dim
        rebindKeys()
    }

    /// Space pages down, as in `less`; Esc is left to the app.
    func rebindKeys() {
        table.keyBindings[.space] = .pageDown
        table.keyBindings[.escape] = nil
    }

    /// An app showing the tasks on `screen`; its key bindings keep `self` alive as long as the app.
    func makeApplication(on screen: Screen) -> Application {
        let app = Application(screen: screen, rootView: root)
        app.willRender = {
            let at = self.list.shown.isEmpty ? "" : ", at \(self.cursorRow + 1)"
            self.statusLine.text = "\(self.list.shown.count) of \(self.list.tasks.count) tasks\(at)"
        }
        app.onResize = { size in
            self.titleBar.isHidden = size.height < 4  // a very short terminal keeps the list and the status
            self.root.setNeedsLayout()
        }
        app.bind(Key("q"), help: "quit") { [unowned app] in app.quit() }
        app.bind(Key("/"), help: "filter") { [unowned app] in self.filter(in: app) }
        app.bind(Key("d"), help: "delete the task") { [unowned app] in self.deleteTask(in: app) }
        app.bind(Key("?"), help: "these keys") { [unowned app] in self.showKeys(in: app) }
        app.bind(Key("i"), help: "about") { [unowned app] in self.showInfo(in: app) }
        return app
    }

    /// Adds a task every `interval`, as a feed or a process list changes; `app.cancelTimer(id)` stops it.
    @discardableResult
    func startAddingTasks(in app: Application, every interval: Duration = .seconds(5)) -> Int {
        app.schedule(after: interval, repeats: true) {
            self.list.tasks.append("Task \(self.list.tasks.count + 1)")
            self.table.reloadData()
        }
    }

    /// `/`: filters as you type; Enter keeps the filter, Esc clears it.
    func filter(in app: Application) {
        app.prompt(
            "/", text: list.filter,
            onChange: { text in
                self.list.filter = text
                self.table.reloadData()
            },
            onCancel: {
                self.list.filter = ""
                self.table.reloadData()
            })
    }

    /// `d`: deletes the task under the cursor after asking; only `y` deletes.
    func deleteTask(in app: Application) {
        guard let row = table.indexPathForSelectedRow?.row, row < list.shown.count else { return }
        let task = list.shown[row]
        app.confirm("Delete \"\(task)\"?") { confirmed in
            guard confirmed else { return }
            self.list.tasks.removeAll { $0 == task }
            self.table.reloadData()
        }
    }

    /// `?`: the keys in force, the table's and the app's, in a help box (it scrolls when the screen is short).
    func showKeys(in app: Application) {
        app.showHelp(title: "Tasks keys")
    }

    /// `i`: a box of your own, centred at the size it needs because it has no frame; Esc closes it.
    func showInfo(in app: Application) {
        let box = Box(title: "About")
        box.backgroundStyle = .plain
        box.addSubview(Label(text: "\(list.tasks.count) tasks", frame: Rect(x: 2, y: 1, width: 12, height: 1)))
        app.present(box)
    }

}

// `@main struct TasksMain` in the article: a test bundle has its own entry point.
struct TasksMain {
    @MainActor static func main() async throws {
        let screen = try CursesScreen()
        defer { screen.close() }
        let app = try TasksApp().makeApplication(on: screen)
        await app.run()
    }
}

/// Keys with their help: `r` and Ctrl-R reload, `s` and `S` sort up or down; a hint bar shows them.
@MainActor func bindKeysWithHelp(in app: Application, reload: @escaping @MainActor () -> Void) -> KeyHintBar {
    app.bind(KeyBinding([Key("r"), .ctrl("r")], help: "reload all", hint: "reload")) { reload() }
    app.bind(KeyBinding([Key("s"), Key("S")], help: "sort up, down", label: "s S")) { (key: Key) in
        app.setNeedsDisplay()  // key is Key("s") or Key("S")
    }
    app.bind(KeyBinding([Key("?")], help: "these keys", hint: "help")) { app.showHelp() }
    return KeyHintBar()  // "↑/k up · ↓/j down · r/ctrl-r reload · ? help" where the table has the focus
}

/// The example in ``Application``'s documentation.
@MainActor func applicationDocumentationExample(table: TableView) async throws {
    let screen = try CursesScreen()
    defer { screen.close() }
    let app = Application(screen: screen, rootView: table)
    app.bind(Key("q")) { app.quit() }
    await app.run()
}

/// Something slow to load in the background (the article's "Background work, and an app at rest").
final class TaskArchive: Sendable {
    /// Reads every archived task (here: nothing, after a pause).
    func loadEverything() async {
        try? await Task.sleep(for: .milliseconds(1))
    }
}

/// Starts loading `library` on a worker pool, whose threads sleep while idle; the article's block.
@discardableResult
func startLoading(_ library: TaskArchive) -> Task<Void, Never> {
    let workers = WorkerPool()
    let loading = Task(executorPreference: workers) { await library.loadEverything() }
    return loading
}

extension TasksApp: TableViewDelegate {
    /// Enter (or a double click): marks the task done, or not done again.
    func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        let task = list.shown[indexPath.row]
        if list.done.remove(task) == nil { list.done.insert(task) }
        table.reloadRows(at: [indexPath])
    }

    /// The status line says where the cursor is.
    func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) {
        cursorRow = indexPath.row
    }
}

@Test @MainActor func enterMarksATaskDoneAndTheTimerAddsOne() throws {
    let tasks = try TasksApp()
    let driver = AppDriver(size: Size(width: 40, height: 8)) { screen in tasks.makeApplication(on: screen) }
    driver.press("j enter")
    #expect(driver.lines[2].hasPrefix(" Book the train") && driver.lines[2].hasSuffix("done  "))
    #expect(driver.lines[7].hasPrefix("3 of 3 tasks, at 2"))
    tasks.startAddingTasks(in: driver.app, every: .seconds(5))
    driver.advanceTime(by: .seconds(5))
    #expect(driver.lines[7].hasPrefix("4 of 4 tasks"))
}

// The article's "Follow a growing file".
@MainActor final class LogTail {
    private(set) var lines: [String] = []
    private var partial: [UInt8] = []
    private var follower: FileFollower?

    /// Follows `path` from its end; each complete line is kept, a new file starts over.
    func follow(_ path: String, in app: Application) throws {
        follower = try FileFollower(path: path, from: .end) { [weak self] change in
            guard let self else { return }
            switch change {
            case .appended(let bytes):
                for byte in bytes {
                    if byte == UInt8(ascii: "\n") {
                        lines.append(String(decoding: partial, as: UTF8.self))
                        partial.removeAll(keepingCapacity: true)
                    } else {
                        partial.append(byte)
                    }
                }
            case .truncated, .replaced:
                lines.removeAll()
                partial.removeAll()
            case .deleted:
                lines.append("(the file was deleted)")
            }
            app.setNeedsDisplay()
        }
    }
}

// The article's "Keep the end of a list in view".
/// Lines that arrive at the end of a list that follows them; the status says how many wait below.
@MainActor final class TailList: TableViewDataSource, TableViewDelegate {
    let table = TableView()
    let status = Label(text: "following")
    private(set) var lines: [String] = []

    init() {
        table.register(BasicCell.self, forCellReuseIdentifier: "line")
        table.followsEnd = true
        table.dataSource = self
        table.delegate = self
    }

    /// New lines go at the end: shown at once while the end shows, else counted.
    func append(_ new: [String]) {
        let first = lines.count
        lines += new
        table.insertRows(at: (first..<lines.count).map { IndexPath(row: $0, section: 0) })
    }

    /// The last line grew (a line written in parts) and new ones came: one reload, the new lines told as
    /// appended (a plain `reloadData()` appends none).
    func lastLineGrew(to text: String, then new: [String]) {
        lines[lines.count - 1] = text
        lines += new
        table.reloadData(appendingRows: new.count)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lines.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "line", for: indexPath) as! BasicCell
        cell.textLabel.text = lines[indexPath.row]
        return cell
    }

    func tableView(_ tableView: TableView, didChangeRowsAppendedBelow count: Int) {
        status.text = count == 0 ? "following" : "\(count) new lines (End: follow)"
    }
}

@Test @MainActor func theTailListFollowsItsEndAndCountsWhileTheUserReadsAbove() {
    let list = TailList()
    let driver = AppDriver(rootView: list.table, size: Size(width: 30, height: 5))
    list.append((1...12).map { "line \($0)" })
    driver.app.renderIfNeeded()
    #expect(driver.lines[4].hasPrefix("line 12"))
    driver.press("k k k k k k")
    list.append(["line 13", "line 14"])
    driver.app.renderIfNeeded()
    #expect(list.status.text == "2 new lines (End: follow)")
    #expect(!driver.lines.contains { $0.hasPrefix("line 14") })
    driver.press("end")
    #expect(list.status.text == "following")
    #expect(driver.lines[4].hasPrefix("line 14"))
    driver.press("k k k k k k")
    list.lastLineGrew(to: "line 14, grown", then: ["line 15"])
    driver.app.renderIfNeeded()
    #expect(list.status.text == "1 new lines (End: follow)", "the grown line is not counted, the new one is")
    driver.press("end")
    list.lastLineGrew(to: "line 15, grown", then: ["line 16", "line 17"])
    driver.app.renderIfNeeded()
    #expect(driver.lines[4].hasPrefix("line 17") && list.status.text == "following")
}

// The article's "Show long text".
/// The lines the log tail kept, in a pane that shows their end.
@MainActor func makeLogPane(_ tail: LogTail) -> TextView {
    let pane = TextView(text: tail.lines.joined(separator: "\n"))
    pane.scrollToEnd()
    return pane
}

// The article's "Scroll long lines sideways".
/// ←/→ (h/l) scroll `line` sideways by a step, 0 and $ to its ends; each key listed with its help.
@MainActor func bindSidewaysScrolling(of line: Label, in app: Application) {
    for command in HorizontalScrollCommand.allCases {
        let keys = HorizontalScrollCommand.defaultKeyBindings.filter { $0.value == command }.map(\.key)
        app.bind(KeyBinding(keys.sorted { $0.helpName < $1.helpName }, help: command.help)) { line.perform(command) }
    }
}

/// A process list laid out at 160 columns whatever the terminal's width, scrolled sideways by 10.
@MainActor func makeWideTable(_ template: CellTemplate) -> TableView {
    let table = TableView()
    table.register(template: template, forCellReuseIdentifier: "process")
    table.columnHeader = ColumnHeaderView(template: template)
    table.allowsHorizontalScrolling = true
    table.horizontalContentWidth = 160
    table.horizontalStep = 10
    return table
}
