import ArgumentParser
import ExampleSupport
import Foundation
import NewsKit

/// `news`: a scrolling news reader for the terminal, the TermTable demo (started by `NewsEntry`).
struct NewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news",
        abstract: "Read news feeds in the terminal.",
        discussion: """
            FEED is a file path, an http(s) URL, an OPML subscription list, or - for standard input; \
            with no FEED the bundled sample feeds open. Web feeds load in the background. \
            Read marks are kept in $XDG_STATE_HOME/termtable-news (else ~/.local/state/termtable-news). \
            Press ? in the reader for the keys, Ctrl-P or : for every action; \
            $XDG_CONFIG_HOME/news/keys.conf remaps them (lines `action.name = key, key`, see --keys). With --print no terminal is needed: the feeds are \
            printed (a feed's title, then a tab-separated line per article: title, date, link, author); \
            a feed that could not be loaded is said on standard error and the exit status is 1.
            """
    )

    @Argument(help: ArgumentHelp("Feeds to read (files, URLs, OPML lists, - for standard input).", valueName: "FEED"))
    var feeds: [String] = []

    @Option(
        help: ArgumentHelp(
            "A directory holding a News.layout to use instead of the bundled one.",
            valueName: "DIR"))
    var layouts: String?

    @Flag(name: .customLong("print"), help: "Print the feeds' articles and exit, without opening the reader.")
    var printOnly = false

    @Option(help: ArgumentHelp("With --print: the output format (default text).", valueName: "FORMAT"))
    var format: FeedPrintFormat?

    @Flag(help: "Print the effective key map (the defaults with $XDG_CONFIG_HOME/news/keys.conf over them) and exit.")
    var keys = false

    func validate() throws {
        if format != nil && !printOnly { throw ValidationError("--format goes with --print") }
        if printOnly && layouts != nil { throw ValidationError("--layouts has no effect with --print") }
        if keys && printOnly { throw ValidationError("--keys and --print do not go together") }
    }

    @MainActor
    func run() async throws {
        if printOnly {
            let status = await PrintMode(feeds: feeds, format: format ?? .text).run()
            if status != 0 { throw ExitCode(status) }
            return
        }
        let main = NewsMain(feeds: feeds, layoutsDirectory: layouts)
        let status = keys ? main.printKeys() : await main.run()
        if status != 0 { throw ExitCode(status) }
    }
}

extension FeedPrintFormat: ExpressibleByArgument {}
