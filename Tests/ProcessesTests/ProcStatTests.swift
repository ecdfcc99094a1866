import Foundation
import Testing

@testable import ProcessKit

@Suite("Parsing /proc/PID/stat")
struct ProcStatTests {
    static func line(pid: String = "42", name: String, rest: String? = nil) -> [UInt8] {
        let fields = rest ?? "S 1 42 42 0 -1 4194560 100 0 0 0 7 3 0 0 20 0 2 0 5000 8000000 250 18446744073709551615"
        return Array("\(pid) (\(name)) \(fields)\n".utf8)
    }

    @Test func readsTheFieldsItNeeds() throws {
        let stat = try #require(ProcStat(Self.line(name: "sleep")))
        #expect(stat.pid == 42)
        #expect(stat.name == "sleep")
        #expect(stat.state == "S")
        #expect(stat.parentPID == 1)
        #expect(stat.userTicks == 7 && stat.systemTicks == 3 && stat.cpuTicks == 10)
        #expect(stat.threads == 2)
        #expect(stat.startTicks == 5000)
        #expect(stat.virtualBytes == 8_000_000)
        #expect(stat.residentPages == 250)
        #expect(stat.id == ProcessID(pid: 42, startTicks: 5000))
    }

    @Test(arguments: ["(sd-pam)", "a) b (c", "a b", ")", "((", "x) S 1 2 3", "ünï 😀"])
    func namesWithSpacesAndParenthesesRunToTheLastParenthesis(name: String) throws {
        let stat = try #require(ProcStat(Self.line(name: name)))
        #expect(stat.name == name)
        #expect(stat.startTicks == 5000)
        #expect(stat.threads == 2)
    }

    @Test func invalidUTF8InTheNameIsReplaced() throws {
        let bytes =
            Array("7 (".utf8) + [0xFF, 0xC3, 0x28] + Array(") S 1 42 42 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 9 100 1\n".utf8)
        let stat = try #require(ProcStat(bytes))
        #expect(stat.name == "\u{FFFD}\u{FFFD}(")
        #expect(stat.startTicks == 9)
    }

    @Test(arguments: [
        "", "\n", "42", "42 sleep S 1", "42 (sleep S 1 2 3", "42 sleep) S 1",
        "x (sleep) S 1 42 42 0 -1 0 0 0 0 0 7 3 0 0 20 0 2 0 5000 8000000 250",
        "42 (sleep) S 1 42 42 0 -1 0 0 0 0 0 7 3 0 0 20 0 2 0 5000 8000000",  // one field short
        "42 (sleep) S 1 42 42 0 -1 0 0 0 0 0 x 3 0 0 20 0 2 0 5000 8000000 250",  // utime not a number
        "42 (sleep) SS 1 42 42 0 -1 0 0 0 0 0 7 3 0 0 20 0 2 0 5000 8000000 250",  // state not one letter
        "42 (sleep) S 1 42 42 0 -1 0 0 0 0 0 7 3 0 0 20 0 2 0 -5 8000000 250",  // negative start
        "42 (sleep) S 1 42 42 0 -1 0 0 0 0 0 99999999999999999999999 3 0 0 20 0 2 0 5000 8000000 250",  // overflow
        "42 (sleep) \u{1B} 1 42 42 0 -1 0 0 0 0 0 7 3 0 0 20 0 2 0 5000 8000000 250",  // a control as the state
        "42 (sleep) S - 42 42 0 -1 0 0 0 0 0 7 3 0 0 20 0 2 0 5000 8000000 250",  // a sign alone
    ])
    func malformedLinesAreRefused(text: String) {
        #expect(ProcStat(Array(text.utf8)) == nil)
    }

    @Test func theRealProcSelfStatParses() throws {
        let stat = try #require(ProcReader().stat(getpid()))
        #expect(stat.pid == getpid())
        #expect(stat.startTicks > 0)
        #expect(stat.threads >= 1)
    }
}
