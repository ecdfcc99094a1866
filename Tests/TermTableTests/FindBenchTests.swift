import Foundation
import TermTableTesting
import Testing

@testable import TermTable

/// `find-bench`, the built program: its JSON has the fields others read, and its counts are the matcher's.
@Suite("find-bench") struct FindBenchTests {
    static func run(_ arguments: [String]) throws -> ChildProcess.Result {
        let path = try BuiltProducts.executable(named: "find-bench")
        return try ChildProcess.run([path] + arguments, environment: ProcessInfo.processInfo.environment)
    }

    static func object(_ output: String) throws -> [String: Any] {
        let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("{") })
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func theJSONCountsWhatTheMatcherMatchesInAGeneratedLog() throws {
        let generated = try Self.run(["--generate", "3000", "--seed", "7"])
        #expect(generated.status == 0)
        let lines = generated.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("find-bench-\(getpid()).log").path
        try generated.output.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        for query in ["cache", "hrbr brdg", "ERROR shard"] {
            let json = try Self.object(try Self.run(["--input", file, "--query", query, "--json"]).output)
            let expected = lines.filter { FuzzyQuery(query).matches($0) }.count
            #expect(json["matches"] as? Int == expected, "\(query)")
            #expect(json["items"] as? Int == 3000)
            for key in ["readMs", "firstScreenMs", "completeMs"] { #expect(json[key] is NSNumber, "\(key)") }
        }
        // --print lists the matches best first.
        let printed = try Self.run(["--input", file, "--query", "cache", "--print"]).output.split(separator: "\n")
        let scores = printed.map { FuzzyQuery("cache").match(String($0))?.score ?? .min }
        #expect(printed.count == lines.filter { FuzzyQuery("cache").matches($0) }.count)
        #expect(zip(scores, scores.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test func theLiveRunTypesTheQueryIntoATable() throws {
        let json = try Self.object(
            try Self.run(["--items", "2000", "--seed", "7", "--query", "cache", "--live", "--rounds", "2", "--json"])
                .output)
        #expect(json["keystrokes"] as? Int == 9, "5 letters twice, the first keystroke apart")
        let generated = try Self.run(["--generate", "2000", "--seed", "7"]).output.split(separator: "\n")
        #expect(json["matches"] as? Int == generated.filter { FuzzyQuery("cache").matches(String($0)) }.count)
        for key in ["screenP50Ms", "screenP99Ms", "completeP50Ms", "completeP99Ms"] {
            #expect(json[key] is NSNumber, "\(key)")
        }
    }

    @Test func aBadArgumentIsAnError() throws {
        let result = try Self.run(["--items", "many"])
        #expect(result.status == 2)
        #expect(result.output.contains("find-bench: --items: not a number: many"))
    }
}
