import Foundation
import NewsKit
import NewsReaderCore
import TermTable
import TermTableLayouts

/// Runs the reader: checks the terminal, loads the templates, opens the screen, and always gives the terminal back.
@MainActor
struct NewsMain {
    var feeds: [String]
    var layoutsDirectory: String?

    /// Runs until the user quits; returns the exit status. Errors are printed after the terminal is restored.
    func run() async -> Int32 {
        var screen: CursesScreen?
        do {
            try TerminalInput.requireTerminalOutput()
            let sources = feeds.isEmpty ? SampleFeeds.sources : feeds.map(FeedSource.init(argument:))
            let standardInput = feeds.contains("-") ? try TerminalInput.readStandardInput() : nil
            try TerminalInput.attachTerminalToStandardInput()
            let library = try loadLayouts()
            let loader = FeedLoader(timeout: 15)
            let stdinFeed = standardInput.map { StandardInputFeed(data: $0, loader: loader) }
            let configuration = ReaderConfiguration(
                sources: sources,
                stateDirectory: ReadStateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment),
                load: { source in
                    if source == .standardInput, let stdinFeed { return await stdinFeed.load() }
                    return await loader.loadAll([source])
                })
            let reader = try Reader(configuration: configuration, library: library)
            // A bad key map is said on standard error before the screen starts; its good lines and the defaults hold.
            let keyMap = loadKeyMap(against: reader.actionScopes)
            let (theme, themeProblems) = Theme.load(forApp: "news")
            for problem in themeProblems { FileHandle.standardError.write(Data("news: \(problem)\n".utf8)) }
            let opened = try CursesScreen()
            screen = opened
            let app = Application(screen: opened, rootView: reader.rootView)
            app.keyMap = keyMap
            app.theme = theme
            reader.install(in: app)
            let loading = Task { await reader.loadFeeds() }
            await app.run()
            loading.cancel()
            opened.close()
            if let notice = reader.exitNotice {
                FileHandle.standardError.write(Data((TerminalText.sanitize(notice) + "\n").utf8))
            }
            return 0
        } catch {
            screen?.close()
            FileHandle.standardError.write(Data("news: \(error)\n".utf8))
            return 1
        }
    }

    /// `news --keys`: prints the effective key map (the defaults with the user's file over them), its problems on
    /// standard error; no terminal needed.
    func printKeys() -> Int32 {
        do {
            let configuration = ReaderConfiguration(
                sources: [],
                stateDirectory: ReadStateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment))
            let scopes = try Reader(configuration: configuration, library: loadLayouts()).actionScopes
            let keyMap = loadKeyMap(against: scopes)
            print(KeyMap.describe(scopes.flatMap(keyMap.applied(to:))))
            return 0
        } catch {
            FileHandle.standardError.write(Data("news: \(error)\n".utf8))
            return 1
        }
    }

    /// `$XDG_CONFIG_HOME/news/keys.conf` over the default keys; what is wrong with it (a line it cannot read, an
    /// action no scope has, two actions of one scope on one key) is said on standard error with the file and line.
    func loadKeyMap(against scopes: [[AppAction]]) -> KeyMap {
        let (keyMap, problems) = KeyMap.load(contentsOf: KeyMap.defaultPath(forApp: "news") ?? "")
        for problem in problems + keyMap.problems(against: scopes) {
            FileHandle.standardError.write(Data("news: \(problem)\n".utf8))
        }
        return keyMap
    }

    /// The templates: `DIR/News.layout` with `--layouts DIR`, else the ones built into the program.
    func loadLayouts() throws -> LayoutLibrary {
        guard let layoutsDirectory else { return try NewsLayout.library() }
        let path = (layoutsDirectory as NSString).appendingPathComponent("News.layout")
        return try LayoutLibrary(contentsOf: path)
    }
}
