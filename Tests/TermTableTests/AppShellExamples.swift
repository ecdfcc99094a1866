import Foundation
import TermTable

// The code of the article "The app shell" (Sources/TermTable/TermTable.docc/AppShell.md), compiled and run by the
// tests: `AppShellArticleTests` checks that every Swift block of the article is here, line for line, and drives
// the app on an in-memory screen. Change both together.

/// A list of services: actions with names, a screen per service, the user's keys, a palette command and a prompt.
@MainActor final class ServiceBrowser {
    let list = TableView()
    let services = ["api", "billing", "search", "worker"]
    var dataSource: TableViewDiffableDataSource<Int, Int>!
    /// What the actions did, newest last.
    var log: [String] = []

    init() {
        list.tableColumns = [TableColumn("name", title: "SERVICE", width: .fraction(1))]
        dataSource = TableViewDiffableDataSource(tableView: list) { [unowned self] item, _ in
            StyledText(self.services[item])
        }
        var snapshot = TableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(services.indices))
        dataSource.apply(snapshot)
    }

    /// The service under the cursor.
    var selected: String { services[list.indexPathForSelectedRow?.row ?? 0] }

    func makeApplication(on screen: Screen, keyMap: KeyMap = KeyMap()) -> Application {
        let app = Application(screen: screen, rootView: VStack([Breadcrumb(), .fill(list), KeyHintBar()]))
        app.rootScreen.title = "services"
        app.keyMap = keyMap
        addActions(to: app)
        addCommands(to: app)
        return app
    }

    func addActions(to app: Application) {
        app.addAction(
            AppAction("service.restart", keys: [Key("r")], help: "restart the service", hint: "restart") {
                [unowned self] in
                self.log.append("restart \(self.selected)")
            }, to: list)
        app.addAction(
            AppAction("service.open", keys: [.enter], help: "open the service", hint: "open") {
                [unowned self, unowned app] in
                self.open(self.selected, in: app)
            }, to: list)
        app.addAction(
            AppAction("app.quit", keys: [Key("q")], help: "quit", hint: "quit") { [unowned app] in app.quit() })
    }

    func open(_ service: String, in app: Application) {
        let detail = AppScreen(
            VStack([Breadcrumb(), .fill(Label(text: "\(service): running")), KeyHintBar()]), title: service)
        detail.actions = [
            AppAction("detail.logs", keys: [Key("l")], help: "show the logs", hint: "logs") { [unowned self] in
                self.log.append("logs \(service)")
            }
        ]
        app.push(detail)
    }

    func addCommands(to app: Application) {
        app.addPaletteCommand(
            PaletteCommand("scale", help: "scale a service", completions: { [unowned self] _ in self.services }) {
                [unowned self] service in
                self.log.append("scale \(service)")
            })
    }

    func askForAService(in app: Application, history: PromptHistory) {
        app.prompt(
            "service: ", suggestions: .prefix(of: services), history: history,
            onSubmit: { [unowned self] service in self.log.append("asked \(service)") })
    }
}

/// The user's keys from `$XDG_CONFIG_HOME/services/keys.conf`, the problems written to stderr.
@MainActor func loadKeyMap() -> KeyMap {
    let (keyMap, problems) = KeyMap.load(contentsOf: KeyMap.defaultPath(forApp: "services") ?? "")
    for problem in problems { FileHandle.standardError.write(Data("services: \(problem)\n".utf8)) }
    return keyMap
}

extension ServiceBrowser {
    func addSequences(to app: Application) {
        var top = AppAction(
            "list.top", keys: [.home], sequences: [KeySequence("g g")!], help: "first service", hint: "top"
        ) { [unowned self] in
            self.list.setCursor(IndexPath(row: 0, section: 0))
        }
        top.helpGroup = "first, last service"
        var end = AppAction("list.end", keys: [.end], sequences: [KeySequence("g e")!], help: "last service") {
            [unowned self] in
            self.list.setCursor(IndexPath(row: self.services.count - 1, section: 0))
        }
        end.helpGroup = "first, last service"
        app.addActions([top, end], to: list)
    }
}

/// Each second, the rows on screen whose age reads differently from a second ago are drawn again, and no other.
@MainActor func tickAges(of table: TableView, in app: Application, age: @escaping @MainActor (IndexPath) -> Duration) {
    let format = RelativeTime(maximumWidth: 6)
    app.addTickHandler {
        let changed = table.indexPathsForVisibleRows.filter { row in
            format.string(for: age(row)) != format.string(for: age(row) - .seconds(1))
        }
        table.reconfigureRows(at: changed)
    }
}

/// A service's settings as `key: value` lines, the keys in one colour and the values in another.
func settingsText(_ settings: [(key: String, value: String)]) -> StyledText {
    var text = StyledText()
    for (key, value) in settings {
        text.append(key + ": ", style: Style(foreground: .blue, attributes: .bold))
        text.append(value + "\n")
    }
    return text
}
