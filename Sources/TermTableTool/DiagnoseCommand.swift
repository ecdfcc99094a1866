import Foundation
import ArgumentParser
import TermTable

/// `termtable diagnose`: runs a failure on purpose, to see (and test) how TermTable reports it.
struct DiagnoseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagnose",
        abstract: "Run a failure on purpose in full-screen mode, to check how it is reported.",
        discussion: """
            unregistered-identifier: a table asks for a cell with a reuse identifier that was never \
            registered (a typo: 'rwo' for 'row'); the terminal is restored, then the program stops \
            with a message naming the identifier and the registered ones.
            """,
        shouldDisplay: false
    )

    enum Failure: String, ExpressibleByArgument, CaseIterable {
        case unregisteredIdentifier = "unregistered-identifier"
    }

    @Argument(help: "The failure to run.") var failure: Failure

    func run() async throws {
        try await DiagnoseCommand.unregisteredIdentifier()
    }

    /// A data source with a typo in its reuse identifier.
    @MainActor final class TypoSource: TableViewDataSource {
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "rwo", for: indexPath)
        }
    }

    @MainActor
    static func unregisteredIdentifier() throws {
        let screen = try CursesScreen()
        defer { screen.close() }
        let source = TypoSource()
        let table = TableView()
        table.register(BasicCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        let app = Application(screen: screen, rootView: table)
        app.render()
    }
}
