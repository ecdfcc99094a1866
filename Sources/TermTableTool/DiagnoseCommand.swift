import ArgumentParser
import Foundation
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

            wrong-tag-class: a cell asks for the view with tag 2 as a Label while the layout made it a \
            ProgressBar; the terminal is restored, then the program stops with a message naming the tag \
            and both classes.

            stack-overflow: recursion without end in full-screen mode; the guard runs on its own             signal stack, restores the terminal, and the program dies of SIGSEGV.
            """,
        shouldDisplay: false
    )

    enum Failure: String, ExpressibleByArgument, CaseIterable {
        case unregisteredIdentifier = "unregistered-identifier"
        case stackOverflow = "stack-overflow"
        case wrongTagClass = "wrong-tag-class"
    }

    @Argument(help: "The failure to run.") var failure: Failure

    func run() async throws {
        switch failure {
        case .unregisteredIdentifier: try await DiagnoseCommand.unregisteredIdentifier()
        case .stackOverflow: try await DiagnoseCommand.stackOverflow()
        case .wrongTagClass: try await DiagnoseCommand.wrongTagClass()
        }
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

    /// Draws a cell whose tag 2 is a progress bar, then asks for it as a label.
    @MainActor
    static func wrongTagClass() throws {
        let screen = try CursesScreen()
        defer { screen.close() }
        let library = try LayoutLibrary(
            string: """
                cell row
                | [1 title              ] [2 done  ] |
                  1 label stretch
                  2 progress pin=right
                """, name: "diagnose.layout")
        let cell = try library.instantiate("row")
        let app = Application(screen: screen, rootView: cell)
        app.render()
        cell.viewWithTag(2, as: Label.self)?.text = "never"
    }

    /// Draws a screen, then recurses until the stack runs out.
    @MainActor
    static func stackOverflow() throws {
        let screen = try CursesScreen()
        defer { screen.close() }
        let app = Application(screen: screen, rootView: Label(text: "termtable diagnose stack-overflow"))
        app.render()
        print(descend(1))
    }

    /// Calls itself with a frame of its own each time; it only stops when the stack is gone.
    @inline(never)
    static func descend(_ depth: Int) -> Int {
        var frame: (Int, Int, Int, Int, Int, Int, Int, Int) = (depth, 1, 2, 3, 4, 5, 6, 7)
        let sum = withUnsafeMutableBytes(of: &frame) { bytes in bytes.reduce(0) { $0 &+ Int($1) } }
        if depth == Int.max { return sum }
        return descend(depth + 1) &+ sum
    }
}
