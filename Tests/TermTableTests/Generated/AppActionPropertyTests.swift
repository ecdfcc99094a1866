import TermTableTestSupport
import TermTableTesting
import Testing

@testable import TermTable

/// Generated cases for actions scoped to views: random view trees, actions bound to random views and to the app,
/// keys bound with `bind`, focus moves and key presses, against a reference model of which binding wins
/// (at each view from the focus up: its actions, the last added first, then its own keys; then the app's actions;
/// then the keys bound with `bind`). The help (`bindingsInForce`) lists each key with the one that runs it.
/// Actions also have sequences of two keys: the first key picks the scope as a single key would (a key of the
/// scope runs at once instead), the second ends one of that scope's sequences or cancels it and is handled anew;
/// Esc cancels.
@Suite @MainActor
struct AppActionPropertyTests {
    static let alphabet: [Key] = ["a", "b", "c", "d", "e", "x"].map { Key(Character($0)) }

    @MainActor struct Case {
        let app: Application
        let views: [KeyProbeView]
        let parents: [Int?]
        let log: KeyLog
        var viewScopes: [Int: ModelScope] = [:]
        var appScope = ModelScope()
        var legacy: [Key: String] = [:]

        /// The scope a sequence began in, with its first key (nil: none pending).
        var pending: (scope: ModelScope, key: Key)?

        /// The scope `key` goes to first, by the model: what runs, or the scope whose sequence it begins.
        func firstKey(_ key: Key) -> (ran: String?, begins: ModelScope?) {
            var node = views.firstIndex { $0 === app.focusedView }
            if node == nil, let scope = viewScopes[0] {
                if let winner = scope.winner(key) { return (winner, nil) }
                if scope.starts(key) { return (nil, scope) }
            }
            while let index = node {
                if let scope = viewScopes[index] {
                    if let winner = scope.winner(key) { return (winner, nil) }
                    if scope.starts(key) { return (nil, scope) }
                }
                if views[index].ownKeys.contains(key) { return ("view:\(index)", nil) }
                node = parents[index]
            }
            if let winner = appScope.winner(key) { return (winner, nil) }
            if appScope.starts(key) { return (nil, appScope) }
            return (legacy[key], nil)
        }

        /// What pressing `key` runs, by the model (nil: nothing), and the sequence left pending.
        mutating func press(_ key: Key) -> String? {
            if let (scope, first) = pending {
                pending = nil
                if key == .escape { return nil }
                if let winner = scope.winner(sequence: [first, key]) { return winner }
            }
            let (ran, begins) = firstKey(key)
            if let begins { pending = (begins, key) }
            return ran
        }

        /// What the help lists for `key` alone: the single key's runner, nil when it begins a sequence or is free.
        func expected(_ key: Key) -> String? { firstKey(key).ran }

        /// What the help lists for the sequence `keys`: the action it runs when typed with nothing pending.
        func expected(sequence keys: [Key]) -> String? {
            firstKey(keys[0]).begins?.winner(sequence: keys)
        }
    }

    static func makeCase(_ random: inout SeededRandom) -> Case {
        let log = KeyLog()
        let count = Int.random(in: 1...10, using: &random)
        var views: [KeyProbeView] = []
        var parents: [Int?] = []
        for number in 0..<count {
            let own = alphabet.filter { _ in Int.random(in: 0..<6, using: &random) == 0 }
            let view = KeyProbeView(
                number: number, focusable: Bool.random(using: &random), ownKeys: own, log: log)
            let parent = number == 0 ? nil : Int.random(in: 0..<number, using: &random)
            if let parent { views[parent].addSubview(view) }
            views.append(view)
            parents.append(parent)
        }
        let app = Application(screen: BufferScreen(size: Size(width: 40, height: 10)), rootView: views[0])
        var generated = Case(app: app, views: views, parents: parents, log: log)
        for index in 0..<Int.random(in: 0...12, using: &random) {
            let keys = (0..<Int.random(in: 1...2, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let name = "n\(Int.random(in: 0...index, using: &random))"
            let enabled = Int.random(in: 0..<8, using: &random) != 0
            let scope = Int.random(in: -2..<count, using: &random)
            let sequences = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                (0..<2).map { _ in alphabet.randomElement(using: &random)! }
            }
            let action = AppAction(
                name, keys: keys, sequences: sequences.map(KeySequence.init), help: "action:\(name)",
                isEnabled: enabled
            ) {
                log.entries.append("action:\(name)")
            }
            if scope < 0 {
                app.addAction(action)
                generated.appScope.add(name, keys: keys, sequences: sequences, enabled: enabled)
            } else {
                app.addAction(action, to: views[scope])
                generated.viewScopes[scope, default: ModelScope()].add(
                    name, keys: keys, sequences: sequences, enabled: enabled)
            }
        }
        for index in 0..<Int.random(in: 0...3, using: &random) {
            let key = alphabet.randomElement(using: &random)!
            app.bind(key, help: "legacy:\(index)") { log.entries.append("legacy:\(index)") }
            generated.legacy[key] = "legacy:\(index)"
        }
        return generated
    }

    @Test func theBindingNearestTheFocusWinsAndTheHelpListsIt() {
        for seed in UInt64(1)...300 {
            var random = SeededRandom(seed: seed)
            var generated = Self.makeCase(&random)
            let app = generated.app
            app.render()
            for step in 0..<30 {
                if Int.random(in: 0..<3, using: &random) == 0 {
                    let focusable = generated.views.filter(\.acceptsFocus)
                    app.focus(
                        Int.random(in: 0..<4, using: &random) == 0 ? nil : focusable.randomElement(using: &random))
                }
                // The help lists every key with what runs it, once.
                let listed = app.bindingsInForce
                for key in Self.alphabet {
                    let expected = generated.expected(key)
                    let entries = listed.filter { $0.keys.contains(key) }
                    #expect(
                        entries.count == (expected == nil ? 0 : 1),
                        "seed \(seed) step \(step): \(key) listed \(entries.count) times")
                    if let expected, let entry = entries.first {
                        #expect(
                            entry.help == expected,
                            "seed \(seed) step \(step): \(key) listed as \(entry.help), runs \(expected)")
                    }
                }
                if generated.pending == nil {
                    for first in Self.alphabet {
                        for second in Self.alphabet {
                            let expected = generated.expected(sequence: [first, second])
                            let entries = listed.filter { $0.sequences.contains(KeySequence([first, second])) }
                            #expect(
                                entries.map(\.help) == (expected.map { [$0] } ?? []),
                                "seed \(seed) step \(step): \(first) \(second) listed as \(entries.map(\.help))")
                        }
                    }
                }
                let key =
                    Int.random(in: 0..<10, using: &random) == 0 ? .escape : Self.alphabet.randomElement(using: &random)!
                app.handle(.key(key))
                let ran = generated.log.take()
                let expected = generated.press(key).map { [$0] } ?? []
                #expect(ran == expected, "seed \(seed) step \(step): \(key) ran \(ran), the model says \(expected)")
                if ran != expected { return }
            }
        }
    }
}
