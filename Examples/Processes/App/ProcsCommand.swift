import ArgumentParser
import Foundation
import ProcessKit
import ProcessesCore
import TermTable

/// `procs`: the processes of this machine from /proc, grouped by user; mark some and signal them (run by
/// ``ProcsEntry``).
struct ProcsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "procs",
        abstract: "A process viewer: /proc refreshed every second, grouped by user; space marks, K/X signal the marked."
    )

    @Option(
        name: .customLong("pid"), parsing: .upToNextOption,
        help: "Show only these pids (several after one --pid, or --pid repeated).")
    var pids: [Int32] = []

    @Option(help: "Start with this filter (as typed after /).")
    var filter: String = ""

    @Option(help: "Seconds between refreshes (0.2 to 3600).")
    var interval: Double = 1

    @Flag(help: "Start with the processes by parent, as a tree (t toggles the tree and the list by user).")
    var tree = false

    @Flag(help: "Print the effective key map (the defaults with $XDG_CONFIG_HOME/procs/keys.conf over them) and exit.")
    var keys = false

    func validate() throws {
        guard interval >= 0.2, interval <= 3600 else {
            throw ValidationError("--interval must be between 0.2 and 3600")
        }
        guard pids.allSatisfy({ $0 > 0 }) else { throw ValidationError("--pid takes positive process ids") }
    }

    @MainActor
    func run() async throws {
        let (keyMap, problems) = KeyMap.load(contentsOf: KeyMap.defaultPath(forApp: "procs") ?? "")
        if keys {
            let viewer = try ProcessViewer(sampler: ProcessSampler(), signaller: ProcessSignaller())
            let scopes = viewer.actionScopes
            report(problems + keyMap.problems(against: scopes), conflictsIn: scopes, keyMap: keyMap)
            print(KeyMap.describe(scopes.flatMap(keyMap.applied(to:))))
            return
        }
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
            FileHandle.standardError.write(Data("procs needs a terminal (standard input and output)\n".utf8))
            throw ExitCode(1)
        }
        let viewer = try ProcessViewer(sampler: ProcessSampler(), signaller: ProcessSignaller())
        // A bad key map is said on standard error before the screen starts; its good lines and the defaults hold.
        report(
            problems + keyMap.problems(against: viewer.actionScopes), conflictsIn: viewer.actionScopes, keyMap: keyMap)
        let (theme, themeProblems) = Theme.load(forApp: "procs")
        for problem in themeProblems { FileHandle.standardError.write(Data("procs: \(problem)\n".utf8)) }
        if !pids.isEmpty { viewer.restrict(to: Set(pids)) }
        viewer.refresh()
        if tree { viewer.setTreeMode(true) }
        viewer.setFilter(filter)
        let screen = try CursesScreen()
        defer { screen.close() }
        let app = Application(screen: screen, rootView: viewer.root)
        app.keyMap = keyMap
        app.theme = theme
        viewer.install(in: app, refreshInterval: .milliseconds(Int(interval * 1000)))
        await app.run()
    }

    /// Says the key map's problems on standard error, then the conflicts among the default keys that no line of the
    /// map caused (the map's own are among its problems, with their lines).
    func report(_ problems: [KeyMap.Problem], conflictsIn scopes: [[AppAction]], keyMap: KeyMap) {
        var lines = problems.map { "procs: \($0)" }
        for scope in scopes {
            for conflict in KeyMap.conflicts(in: keyMap.applied(to: scope))
            where keyMap.lines[conflict.winner] == nil && keyMap.lines[conflict.loser] == nil {
                lines.append("procs: key conflict: \(conflict)")
            }
        }
        for line in lines { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }
}
