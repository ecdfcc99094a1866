import Foundation
import TermTableTestSupport
import Testing

/// The core and layout test targets link only their layer (issue 22): read from `Package.swift` and from the
/// targets' sources, so a dependency on TermTable or ncurses added to either fails here.
@Suite("Test targets link only their layer")
struct TestTargetDependencyTests {
    /// The modules each lower test target must not reach, directly or through another target.
    static let forbidden: [String: Set<String>] = [
        "TermTableCoreTests": ["TermTableLayout", "TermTable", "TermTableTesting", "CNcursesw"],
        "TermTableLayoutTests": ["TermTable", "TermTableTesting", "CNcursesw"],
    ]

    /// Each target's dependencies as `Package.swift` declares them: the quoted names in the `dependencies: [...]`
    /// of every `.target`, `.testTarget`, `.executableTarget` and `.plugin` of its `targets:` list (a product
    /// dependency adds its product and package names, which are no targets and lead nowhere).
    static func dependencies(inManifest text: String) -> [String: Set<String>] {
        var graph: [String: Set<String>] = [:]
        // The `targets:` list only: the products and the package dependencies come before it.
        guard let list = text.firstRange(of: /\n\s*targets:\s*\[\s*\n/) else { return [:] }
        let targets = text[list.upperBound...]
        let starts = targets.ranges(of: /\.(?:target|testTarget|executableTarget|systemLibrary|plugin)\(/)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].lowerBound : targets.endIndex
            let declaration = targets[start.upperBound..<end]
            guard let name = declaration.firstMatch(of: /^\s*name:\s*"([^"]+)"/)?.1 else { continue }
            var names = graph[String(name)] ?? []
            if let list = declaration.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/)?.1 {
                for quoted in list.matches(of: /"([^"]+)"/) { names.insert(String(quoted.1)) }
            }
            graph[String(name)] = names
        }
        return graph
    }

    /// Every target `target` reaches through `graph`.
    static func reachable(from target: String, in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var pending = Array(graph[target] ?? [])
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += graph[next] ?? []
        }
        return seen
    }

    static func manifest() throws -> [String: Set<String>] {
        dependencies(inManifest: try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8))
    }

    @Test func theManifestReaderSeesTheToolkitsLayers() throws {
        let graph = try Self.manifest()
        #expect(graph["TermTable"]?.contains("CNcursesw") == true)
        #expect(graph["TermTableLayout"] == ["TermTableCore"])
        #expect(Self.reachable(from: "TermTableTests", in: graph).contains("CNcursesw"), "the check can fail")
        #expect(Self.reachable(from: "TermTableToolTests", in: graph).isSuperset(of: ["TermTable", "CNcursesw"]))
    }

    @Test(arguments: ["TermTableCoreTests", "TermTableLayoutTests"])
    func aLowerLayersTestsReachNoHigherLayer(target: String) throws {
        let graph = try Self.manifest()
        #expect(graph[target] != nil, "\(target) is declared")
        let reached = Self.reachable(from: target, in: graph)
        #expect(reached.isDisjoint(with: Self.forbidden[target] ?? []), "\(target) reaches \(reached.sorted())")
    }

    @Test(arguments: ["TermTableCoreTests", "TermTableLayoutTests"])
    func aLowerLayersTestsImportNoHigherLayer(target: String) throws {
        let folder = repositoryRoot + "/Tests/" + target
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files = 0
        var strays: [String] = []
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            files += 1
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let module = line.wholeMatch(of: /(?:@\w+\s+)*(?:\w+\s+)?import\s+(\w+)\s*/)?.1 else { continue }
                if Self.forbidden[target]?.contains(String(module)) == true { strays.append("\(file): \(line)") }
            }
        }
        #expect(files > 3, "the scan found \(target)'s sources")
        #expect(strays == [])
    }
}
