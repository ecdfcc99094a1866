import ArgumentParser
import Foundation

/// `news`: a scrolling news reader for the terminal, the TermTable demo.
@main
struct NewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news",
        abstract: "Read news feeds in the terminal.",
        discussion: """
            FEED is a file path, an http(s) URL, an OPML subscription list, or - for standard input; \
            with no FEED the bundled sample feeds open. Web feeds load in the background. \
            Read marks are kept in $XDG_STATE_HOME/termtable-news (else ~/.local/state/termtable-news). \
            Press ? in the reader for the keys.
            """
    )

    @Argument(help: ArgumentHelp("Feeds to read (files, URLs, OPML lists, - for standard input).", valueName: "FEED"))
    var feeds: [String] = []

    @Option(help: ArgumentHelp("A directory holding a News.layout to use instead of the bundled one.",
                               valueName: "DIR"))
    var layouts: String?

    func run() async throws {
        let status = await NewsMain(feeds: feeds, layoutsDirectory: layouts).run()
        if status != 0 { throw ExitCode(status) }
    }
}
