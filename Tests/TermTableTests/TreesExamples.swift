import Foundation
import TermTable

// The code of the article "Trees" (Sources/TermTable/TermTable.docc/Trees.md), compiled and run by the tests:
// `TreesArticleTests` checks that every Swift block of the article is here, line for line, and drives the apps on
// an in-memory screen. Change both together.

// MARK: An outline from scratch

/// A table of topics: one row per visible topic, the guides before each title.
@MainActor final class TopicOutline {
    let table = TableView()
    var dataSource: OutlineDataSource<String>!

    init() {
        table.register(BasicCell.self, forCellReuseIdentifier: "topic")
        dataSource = OutlineDataSource(tableView: table) { [unowned self] table, indexPath, topic in
            let cell = table.dequeueReusableCell(withIdentifier: "topic", for: indexPath) as! BasicCell
            cell.textLabel.text = self.dataSource.prefix(for: topic) + topic  // "├─▸ " then the title
            return cell
        }
        var tree = OutlineSnapshot<String>()
        tree.append(["Fruit", "Vegetables"])  // top level
        tree.append(["Apple", "Pear"], to: "Fruit")
        tree.append(["Leek"], to: "Vegetables")
        tree.expand(["Fruit"])  // Vegetables stays collapsed
        dataSource.apply(tree)
    }
}

/// Edits in place: the cursor and the marks stay on their items.
@MainActor func addQuince(to dataSource: OutlineDataSource<String>) {
    dataSource.update { tree in
        tree.insert(["Quince"], after: "Pear")
        tree.move("Leek", toParent: "Fruit")  // moved, not copied: its marks go with it
    }
    dataSource.expandAll(under: "Vegetables")
    dataSource.collapse("Fruit")  // a cursor on Apple moves to Fruit
    dataSource.reveal("Leek")  // expands Fruit again so Leek shows
}

/// The app: the outline, and `q` to quit.
@MainActor func makeTopicApp(on screen: Screen, outline: TopicOutline) -> Application {
    let app = Application(screen: screen, rootView: outline.table)
    app.bind(Key("q"), help: "quit") { [unowned app] in app.quit() }
    return app
}

// `@main struct TopicsMain` in the article: a test bundle has its own entry point.
struct TopicsMain {
    @MainActor static func main() async throws {
        let screen = try CursesScreen()
        defer { screen.close() }
        let outline = TopicOutline()
        await makeTopicApp(on: screen, outline: outline).run()
    }
}

// MARK: Lazy children

/// A directory's children, read when it first expands: a loading row meanwhile, an error row when it fails.
@MainActor func makeLazyDirectories(in table: TableView, root: String) -> OutlineDataSource<String> {
    table.tableColumns = [TableColumn("name", title: "NAME", width: .fraction(1))]
    let dataSource = OutlineDataSource<String>(tableView: table, outlineColumn: "name") { path, _ in
        StyledText((path as NSString).lastPathComponent)
    }
    dataSource.childrenLoader = { path in  // off the main actor; cancelled when the item collapses
        let names = try FileManager.default.contentsOfDirectory(atPath: path)  // a thrown error: the error row
        try Task.checkCancellation()
        return names.sorted().map { path + "/" + $0 }
    }
    var tree = OutlineSnapshot<String>()
    tree.append([root])
    tree.setChildrenState(.notLoaded, of: root)  // drawn ▸; expanding it asks the loader
    dataSource.apply(tree)
    return dataSource
}

// MARK: Filtering

/// Shows the topics whose title matches `query` fuzzily, under their ancestors (dimmed); "" shows all again.
@MainActor func filterTopics(_ dataSource: OutlineDataSource<String>, by query: String) {
    dataSource.filterText = { topic in topic }
    if query.isEmpty {
        dataSource.clearFilter()  // the expansion and the marks as they were
    } else {
        dataSource.setFilter(query: query)
    }
}

// MARK: The outline column in a table with columns

/// One message of a threaded mail index.
struct Message: Sendable {
    var subject: String
    var from: String
    var date: String
}

/// A mail index: the thread's guides in the subject column, the sender and the date beside it.
@MainActor final class ThreadedIndex {
    let table = TableView()
    var messages: [Int: Message] = [:]
    var dataSource: OutlineDataSource<Int>!

    init() {
        table.tableColumns = [
            TableColumn("subject", title: "SUBJECT", width: .fraction(1)),
            TableColumn("from", title: "FROM"),
            TableColumn("date", title: "DATE"),
        ]
        dataSource = OutlineDataSource(tableView: table, outlineColumn: "subject") { [unowned self] id, column in
            guard let message = self.messages[id] else { return StyledText("") }
            switch column.identifier {
            case "subject": return StyledText(message.subject)  // after its guides and disclosure mark
            case "from": return StyledText(message.from)
            default: return StyledText(message.date)
            }
        }
    }

    /// Adds replies under the message they answer (nil: a new thread) and shows them.
    func add(_ replies: [Int: Message], to parent: Int?) {
        messages.merge(replies) { _, new in new }
        dataSource.update { tree in
            tree.append(replies.keys.sorted(), to: parent)
            if let parent { tree.expand([parent]) }
        }
    }
}

// MARK: Guides

/// ASCII guides for a terminal without line drawing (`|-`, `` `- ``, `+`, `-`).
@MainActor func useASCIIGuides(_ dataSource: OutlineDataSource<Int>) {
    dataSource.guides = .ascii
}
