import Foundation
import TermTableTesting
import Testing

@testable import ScrollBench

/// `scroll-bench` parses its options itself (issue 20: ArgumentParser's reflection was 0.5 MiB of its peak).
@Suite struct ScrollBenchArgumentsTests {
    @Test func optionsTakeTheirValueAfterThemOrAfterAnEqualsSign() throws {
        let command = try ScrollBench.parse([
            "--rows", "2000", "--frames=500", "--mode", "handcoded", "--screen=memory", "--width", "90", "--height=30",
            "--all", "--repeat", "5", "--json", "--layout", "x.layout", "--workload=list",
        ])
        #expect(command.rows == 2000 && command.frames == 500 && command.mode == "handcoded")
        #expect(command.screen == .memory && command.width == 90 && command.height == 30)
        #expect(command.all && command.repeat == 5 && command.json && command.layout == "x.layout")
        #expect(command.workload == "list" && !command.help)
    }

    @Test func theDefaultsAreThePeersWorkload() throws {
        let command = try ScrollBench.parse([])
        #expect(command.rows == 100_000 && command.frames == 5_000 && command.mode == "reuse")
        #expect(command.screen == .memory && command.width == 120 && command.height == 40 && !command.all)
    }

    @Test(arguments: [
        (["--rows", "x"], "the value 'x' of '--rows' is not a number"),
        (["--rows"], "missing value for '--rows'"),
        (["--bogus"], "unknown option '--bogus'"),
        (["--screen", "web"], "the value 'web' of '--screen' is not one of memory, tty"),
        (["--json=yes"], "unknown option '--json=yes'"),
        (["--rows", "10", "--frames", "10"], "--frames must be below --rows"),
        (["--mode", "fast"], "--mode must be one of reuse, no-reuse, reparse, handcoded"),
    ])
    func aBadCommandLineIsRefusedWithItsReason(arguments: [String], message: String) {
        #expect(throws: ScrollBench.UsageError.self) { try ScrollBench.parse(arguments) }
        do {
            _ = try ScrollBench.parse(arguments)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func helpIsNotAnError() throws {
        #expect(try ScrollBench.parse(["--help"]).help)
        #expect(try ScrollBench.parse(["-h", "--rows", "0"]).help)
    }

    /// The built benchmark carries no ArgumentParser code (it would link it statically, so NEEDED cannot tell).
    @Test func scrollBenchLinksNoArgumentParser() throws {
        let path = try BuiltProducts.executable(named: "scroll-bench")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data("$s11ScrollBench".utf8)) != nil, "the search finds the program's own symbols")
        #expect(bytes.range(of: Data("$s14ArgumentParser".utf8)) == nil)
    }
}
