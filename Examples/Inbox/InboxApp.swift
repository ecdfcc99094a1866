// The README's example, kept compiling (DocExamplesTests checks they are the same): a table fed
// from the app's layout file (Examples/Inbox/Layouts/Inbox.layout), through the typed accessors
// TermTableLayoutPlugin generates from it (`InboxLayout`), which also build the file's text into the app.
import TermTable

@MainActor final class Inbox: TableViewDataSource {
    let messages = [("Lunch on Friday?", "2h"), ("Build is green again", "1d"), ("Re: layout format", "3d")]

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(InboxLayout.message, for: indexPath)
        cell.subject.text = messages[indexPath.row].0
        cell.age.text = messages[indexPath.row].1
        return cell
    }
}

@main struct InboxApp {
    @MainActor static func main() async throws {
        let screen = try CursesScreen()
        defer { screen.close() }
        let inbox = Inbox()
        let table = TableView()
        try table.register(InboxLayout.message, from: InboxLayout.library())
        table.dataSource = inbox
        let app = Application(screen: screen, rootView: table)
        app.bind(Key("q"), help: "quit") { app.quit() }
        app.bind(Key("?"), help: "these keys") { app.showHelp() }
        await app.run()
    }
}
