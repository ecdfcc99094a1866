import Foundation
import Glibc
import TermTableTesting
import Testing

@testable import TermTable

/// Prompts that complete: Tab completes the suggestions' common prefix then cycles, ↑/↓ pick a suggestion or go
/// through a history kept across runs in a bounded file; a bad history file is ignored with a message.
@Suite @MainActor
struct PromptCompletionTests {
    static let namespaces = ["kube-system", "kube-public", "default"]

    func driver() -> AppDriver {
        AppDriver(rootView: Label(text: "list"), size: Size(width: 80, height: 5))
    }

    func promptLine(_ driver: AppDriver) -> PromptLine? { driver.app.topOverlay as? PromptLine }

    static func stateDirectory() -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test func tabCompletesTheCommonPrefixThenCyclesAndTheAppSeesEachText() throws {
        let driver = driver()
        var changes: [String] = []
        var answer: String?
        driver.app.prompt(
            "namespace: ", suggestions: .prefix(of: Self.namespaces), onChange: { changes.append($0) },
            onSubmit: { answer = $0 })
        driver.type("k")
        let line = try #require(promptLine(driver))
        #expect(line.shownSuggestions == ["kube-system", "kube-public"])
        #expect(driver.lines[4].contains("kube-system  kube-public"), "\(driver.lines[4])")
        driver.press("tab")
        #expect(line.field.text == "kube-")
        driver.press("tab")
        #expect(line.field.text == "kube-system")
        driver.press("tab")
        #expect(line.field.text == "kube-public")
        driver.press("tab")
        #expect(line.field.text == "kube-system", "Tab cycles")
        #expect(changes == ["k", "kube-", "kube-system", "kube-public", "kube-system"])
        driver.press("enter")
        #expect(answer == "kube-system")
    }

    @Test func upAndDownPickAmongTheShownSuggestions() throws {
        let driver = driver()
        driver.app.prompt("namespace: ", suggestions: .prefix(of: Self.namespaces))
        let line = try #require(promptLine(driver))
        #expect(line.shownSuggestions == Self.namespaces, "an empty field shows every suggestion")
        driver.press("down")
        #expect(line.field.text == "kube-system")
        driver.press("down down")
        #expect(line.field.text == "default")
        driver.press("up")
        #expect(line.field.text == "kube-public")
        driver.press("backspace")
        #expect(line.shownSuggestions == ["kube-public"], "typing asks the source again")
        #expect(line.pickedSuggestion == nil)
    }

    @Test func theHistoryIsKeptAcrossRunsAndUpAndDownGoThroughIt() throws {
        let environment = ["XDG_STATE_HOME": Self.stateDirectory()]
        let driver = driver()
        for answer in ["one", "two", "one"] {
            driver.app.prompt("find: ", history: PromptHistory(app: "demo", name: "find", environment: environment))
            driver.type(answer)
            driver.press("enter")
        }
        let path = environment["XDG_STATE_HOME"]! + "/demo/find.history"
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two\none\n", "an answer given again moves last")
        let history = PromptHistory(app: "demo", name: "find", environment: environment)
        #expect(history.entries == ["two", "one"])
        #expect(history.problem == nil)
        driver.app.prompt("find: ", history: history)
        let line = try #require(promptLine(driver))
        driver.type("dr")
        driver.press("up")
        #expect(line.field.text == "one")
        driver.press("up up")
        #expect(line.field.text == "two", "the oldest stays")
        driver.press("down")
        #expect(line.field.text == "one")
        driver.press("down")
        #expect(line.field.text == "dr", "past the newest, the text being typed")
    }

    @Test func theHistoryKeepsAtMost500AnswersAndABadFileIsIgnoredWithAMessage() throws {
        let directory = Self.stateDirectory()
        let history = PromptHistory(path: directory + "/app/big.history")
        for index in 0..<600 { history.add("answer \(index)") }
        #expect(history.entries.count == PromptHistory.maximumEntries)
        #expect(history.entries.first == "answer 100")
        #expect(PromptHistory(path: directory + "/app/big.history").entries.count == 500)

        #expect(mkfifo(directory + "/fifo.history", 0o600) == 0)
        try Data([0x6F, 0x6E, 0x00, 0x65]).write(to: URL(fileURLWithPath: directory + "/binary.history"))
        try Data(count: PromptHistory.maximumFileSize + 1).write(
            to: URL(fileURLWithPath: directory + "/huge.history"))
        try FileManager.default.createDirectory(atPath: directory + "/dir.history", withIntermediateDirectories: true)
        for name in ["fifo", "binary", "huge", "dir"] {
            let path = "\(directory)/\(name).history"
            let bad = PromptHistory(path: path)
            #expect(bad.entries.isEmpty, "\(name)")
            #expect(bad.problem?.hasPrefix(path) == true && bad.problem?.contains("ignored") == true, "\(name)")
        }
    }
}
