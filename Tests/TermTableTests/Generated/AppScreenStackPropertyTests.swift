import TermTableTestSupport
import TermTableTesting
import Testing

@testable import TermTable

/// Generated cases for the screen stack: random pushes (some modal, some binding Esc), pops, focus moves and key
/// presses, against a model of the stack, of the focus each screen gets back, and of which binding a key runs
/// (the focused view's keys, up to the top screen's view and its actions; Esc going back; the app's actions unless
/// the top screen is modal).
@Suite @MainActor
struct AppScreenStackPropertyTests {
    static let alphabet: [Key] = [Key("a"), Key("b"), Key("q"), .escape]

    /// One screen of the model: its views (the first its root), which of them take the focus.
    struct ModelScreen {
        var screen: AppScreen
        let views: [KeyProbeView]
        let parents: [Int?]
        var scope = ModelScope()
        var remembered: View?
    }

    static func makeScreen(_ number: Int, log: KeyLog, random: inout SeededRandom) -> ModelScreen {
        var views: [KeyProbeView] = []
        var parents: [Int?] = []
        for index in 0..<Int.random(in: 1...4, using: &random) {
            let own = alphabet.filter { _ in Int.random(in: 0..<5, using: &random) == 0 }
            let view = KeyProbeView(
                number: number * 10 + index, focusable: index > 0 && Bool.random(using: &random), ownKeys: own,
                log: log)
            let parent = index == 0 ? nil : Int.random(in: 0..<index, using: &random)
            if let parent { views[parent].addSubview(view) }
            views.append(view)
            parents.append(parent)
        }
        let isModal = number > 0 && Int.random(in: 0..<4, using: &random) == 0
        if isModal { views[0].frame = Rect(x: 2, y: 1, width: 10, height: 3) }
        var model = ModelScreen(
            screen: AppScreen(views[0], title: "s\(number)", isModal: isModal), views: views, parents: parents)
        for index in 0..<Int.random(in: 0...2, using: &random) {
            let key = alphabet.randomElement(using: &random)!
            let name = "s\(number).\(index)"
            model.screen.actions.append(
                AppAction(name, keys: [key], help: name) { log.entries.append("action:\(name)") })
            model.scope.add(name, keys: [key], enabled: true)
        }
        model.screen.onPop = { log.entries.append("pop") }
        return model
    }

    @Test func pushesPopsFocusAndKeysMatchTheModel() {
        for seed in UInt64(1)...200 {
            var random = SeededRandom(seed: seed)
            let log = KeyLog()
            var stack = [Self.makeScreen(0, log: log, random: &random)]
            let app = Application(
                screen: BufferScreen(size: Size(width: 30, height: 8)), rootView: stack[0].screen.view)
            // The app's root screen stands for the first one of the model.
            app.rootScreen.title = "s0"
            app.rootScreen.actions = stack[0].screen.actions
            stack[0].screen = app.rootScreen
            var appScope = ModelScope()
            for key in [Key("q"), Key("a")] where Bool.random(using: &random) {
                let name = "app.\(key.helpName)"
                app.addAction(AppAction(name, keys: [key], help: name) { log.entries.append("action:\(name)") })
                appScope.add(name, keys: [key], enabled: true)
            }
            var focus: View? = nil
            var pushed = 1

            /// The first view that takes the focus, in the order of the tree (a view, then its subviews in order).
            func firstFocusable(_ model: ModelScreen) -> View? {
                func visit(_ index: Int) -> View? {
                    if model.views[index].focusable { return model.views[index] }
                    for child in model.parents.indices where model.parents[child] == index {
                        if let found = visit(child) { return found }
                    }
                    return nil
                }
                return visit(0)
            }

            /// What `key` runs by the model (and the model's stack after it).
            func press(_ key: Key) -> [String] {
                let top = stack[stack.count - 1]
                var node = top.views.firstIndex { $0 === focus }
                if node == nil, let winner = top.scope.winner(key) { return [winner] }
                while let index = node {
                    if index == 0, let winner = top.scope.winner(key) { return [winner] }
                    if top.views[index].ownKeys.contains(key) { return ["view:\(top.views[index].number)"] }
                    node = top.parents[index]
                }
                if key == .escape, stack.count > 1 {
                    stack.removeLast()
                    focus = stack[stack.count - 1].remembered ?? firstFocusable(stack[stack.count - 1])
                    return ["pop"]
                }
                if !top.screen.isModal, let winner = appScope.winner(key) { return [winner] }
                return []
            }

            focus = firstFocusable(stack[0])
            app.render()
            for step in 0..<40 {
                let what = "seed \(seed) step \(step)"
                switch Int.random(in: 0..<10, using: &random) {
                case 0, 1:
                    var model = Self.makeScreen(pushed, log: log, random: &random)
                    pushed += 1
                    stack[stack.count - 1].remembered = focus
                    app.push(model.screen)
                    focus = firstFocusable(model)
                    model.remembered = nil
                    stack.append(model)
                case 2:
                    let popped = app.popScreen()
                    #expect((popped == nil) == (stack.count == 1), "\(what)")
                    if stack.count > 1 {
                        stack.removeLast()
                        focus = stack[stack.count - 1].remembered ?? firstFocusable(stack[stack.count - 1])
                        #expect(log.take() == ["pop"], "\(what)")
                    }
                case 3:
                    let target = stack[stack.count - 1].views.filter(\.focusable).randomElement(using: &random)
                    app.focus(target)
                    focus = target
                default:
                    let key = Self.alphabet.randomElement(using: &random)!
                    app.handle(.key(key))
                    let expected = press(key)
                    let ran = log.take()
                    #expect(ran == expected, "\(what): \(key.helpName) ran \(ran), the model says \(expected)")
                }
                app.render()
                #expect(app.screens.map(\.title) == stack.map(\.screen.title), "\(what)")
                #expect(app.focusedView === focus, "\(what): the focus")
                let topFrame = app.topScreen.view.frame
                if !app.topScreen.isModal {
                    #expect(topFrame == Rect(x: 0, y: 0, width: 30, height: 8), "\(what)")
                }
                if app.focusedView !== focus || app.screens.count != stack.count { return }
            }
        }
    }
}
