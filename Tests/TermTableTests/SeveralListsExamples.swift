import TermTable

// The code of the article "Screens of several lists" (Sources/TermTable/TermTable.docc/ScreensOfSeveralLists.md),
// compiled and run by the tests: `SeveralListsDocTests` checks that every Swift block of the article is here, line
// for line, and drives the screen on an in-memory screen. Change both together.

/// A list of names: the folders on the left, the messages on the right.
@MainActor final class NameList: TableViewDataSource, TableViewDelegate {
    var names: [String] = []
    /// Called when the cursor moves to a row (a key, a click, the wheel).
    var onMove: ((Int) -> Void)?

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath) as! BasicCell
        cell.textLabel.text = names[indexPath.row]
        return cell
    }

    func tableView(_ tableView: TableView, didMoveCursorTo indexPath: IndexPath) { onMove?(indexPath.row) }
}

/// Two lists side by side: the folders drive the messages through the cursor.
@MainActor final class MailScreen {
    let folders = NameList()
    let messages = NameList()
    let folderTable = TableView()
    let messageTable = TableView()
    lazy var folderPane = Box(title: "Folders", content: folderTable)
    lazy var messagePane = Box(title: "Messages", content: messageTable)
    lazy var root = HStack(
        [.fill(folderPane).minimum(12), .fill(messagePane, weight: 2)], divider: .sharedBorders)

    /// Reads a folder's messages: slow (a disk, a server), so it runs off the main actor.
    let load: @Sendable (String) async throws -> [String]
    let workers = WorkerPool(maximumThreads: 2)
    /// The load under way, for the folder under the cursor.
    private(set) var loading: Task<Void, Never>?

    init(folders names: [String], load: @escaping @Sendable (String) async throws -> [String]) {
        self.load = load
        folders.names = names
        for (table, list) in [(folderTable, folders), (messageTable, messages)] {
            table.register(BasicCell.self, forCellReuseIdentifier: "name")
            table.dataSource = list
            table.delegate = list
        }
        folders.onMove = { [unowned self] row in self.showFolder(at: row) }
    }

    /// Shows the folder at `row`: "loading…" at once, its messages when they arrive.
    func showFolder(at row: Int) {
        loading?.cancel()  // the cursor moved on: the folder before is not wanted any more
        let folder = folders.names[row]
        messagePane.title = "\(folder): loading…"
        let load = self.load
        let workers = self.workers
        loading = Task {
            // `load` runs on the worker pool; the rest of the task on the main actor.
            let names = try? await withTaskExecutorPreference(workers) { try await load(folder) }
            guard !Task.isCancelled else { return }  // the cursor moved on while it loaded
            self.messages.names = names ?? ["(could not read \(folder))"]
            self.messagePane.title = folder
            self.messageTable.reloadData()
        }
    }

    /// An app showing the screen; Tab, Shift-Tab and clicks move the focus between the lists.
    func makeApplication(on screen: Screen) -> Application {
        let app = Application(screen: screen, rootView: root)
        app.onFocusChange = { _, new in
            self.messageTable.unfocusedCursorStyle = new === self.folderTable ? nil : .custom(.dim)
        }
        app.bind(Key("q")) { [unowned app] in app.quit() }
        showFolder(at: 0)
        return app
    }
}

/// A third pane, notes, hidden below 60 columns; when it hides with the focus, the folders take it.
@MainActor func addNotes(to screen: MailScreen, in app: Application) -> TextField {
    let notes = TextField(text: "")
    screen.root.setElements([
        .fill(screen.folderPane).minimum(12), .fill(screen.messagePane, weight: 2),
        .fill(Box(title: "Notes", content: notes)).hidden(below: 60),
    ])
    app.preferredFocus = screen.folderTable  // without it: the pane before, the messages
    return notes
}
