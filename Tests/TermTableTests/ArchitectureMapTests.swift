import Foundation
import TermTableTestSupport
import Testing

/// ARCHITECTURE.md cannot go stale (issue 33): every type, file, test and target it names in backticks exists in the
/// source tree, and every target and executable of `Package.swift` is named in it.
@Suite("ARCHITECTURE.md, the map")
struct ArchitectureMapTests {
    static let mapPath = repositoryRoot + "/ARCHITECTURE.md"

    /// Names from the toolchain and the system, not this repository: modules and types a map may mention.
    static let external: Set<String> = [
        "Glibc", "Foundation", "FoundationEssentials", "ArgumentParser", "Synchronization", "Atomic", "Mutex",
        "Task", "TaskExecutor", "ExecutorFactory", "Span", "InlineArray", "String", "Test", "IndexPath",
        "withTaskExecutorPreference", "withKnownIssue", "Issue", "Sendable", "Hashable",
        // kqueue, which a port would use.
        "EVFILT_VNODE", "NOTE_WRITE", "NOTE_RENAME", "NOTE_DELETE",
    ]

    /// The text of `markdown` in inline backticks, outside fenced blocks.
    static func inlineCode(in markdown: String) -> [String] {
        var names: [String] = []
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if fenced { continue }
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            for index in stride(from: 1, to: parts.count, by: 2) where index < parts.count - 1 {
                names.append(String(parts[index]))
            }
        }
        return names
    }

    /// Every file and folder of the repository (relative paths), without build products and hidden folders.
    static func repositoryPaths() -> [String] {
        let manager = FileManager.default
        var paths: [String] = []
        for top in ["Sources", "Tests", "Examples", "Plugins", "Layouts", "Scripts", "Fuzz", "Benchmarks"] {
            paths.append(top)
            guard let walker = manager.enumerator(atPath: repositoryRoot + "/" + top) else { continue }
            while let path = walker.nextObject() as? String {
                if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                paths.append(top + "/" + path)
            }
        }
        for file in (try? manager.contentsOfDirectory(atPath: repositoryRoot)) ?? [] where !file.hasPrefix(".") {
            paths.append(file)
        }
        return paths
    }

    /// The names the Swift of the repository declares: types, members, functions, cases.
    static func declaredNames(in paths: [String]) throws -> Set<String> {
        let declaration = try Regex(
            #"(?:class|struct|enum|protocol|actor|typealias|extension|func|var|let|case)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        // An argument label before a parameter name (`didEndDisplaying cell:`): delegate methods are named by it.
        let label = try Regex(#"[(,]\s*([a-z][A-Za-z0-9_]*)\s+[a-z_][A-Za-z0-9_]*\s*:"#)
        // Targets, and folders (`Views`, `Templates`): what `Package.swift` and the tree name.
        var names = Set(paths.flatMap { $0.split(separator: "/").map(String.init) })
        let manifest = try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8)
        names.formUnion(manifest.matches(of: #/name:\s*"([^"]+)"/#).map { String($0.output.1) })
        for path in paths where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
            for regex in [declaration, label] {
                for match in text.matches(of: regex) {
                    if let name = match.output[1].substring { names.insert(String(name)) }
                }
            }
        }
        return names
    }

    /// The text of the repository's sources, tests and scripts (for names that are not Swift: environment variables,
    /// signals, C).
    static func sourceText(in paths: [String]) -> String {
        let kinds = [".swift", ".c", ".h", ".sh", ".py", ".modulemap"]
        return paths.filter { path in
            kinds.contains { path.hasSuffix($0) } && !path.hasSuffix("/ArchitectureMapTests.swift")
        }
        .compactMap { try? String(contentsOfFile: repositoryRoot + "/" + $0, encoding: .utf8) }
        .joined(separator: "\n")
    }

    /// Why `code` (a backticked span) does not resolve in the tree, or nil when it does or names nothing checkable.
    static func problem(
        with code: String, paths: [String], declared: Set<String>, text: String
    ) -> String? {
        let fileKinds = [".swift", ".md", ".layout", ".c", ".h", ".sh", ".py", ".supp", ".docc"]
        if code.hasPrefix("/") || code.hasPrefix(".") || code.contains("<") || code.contains(" ")
            || external.contains(code)
        {
            return nil
        }
        if code.contains("/") || fileKinds.contains(where: { code.hasSuffix($0) }) {
            let pattern = code.hasSuffix("/") ? String(code.dropLast()) : code
            let found = paths.contains { path in
                fnmatch(pattern, path, 0) == 0 || fnmatch("*/" + pattern, path, 0) == 0
            }
            return found ? nil : "no file or folder matches `\(code)`"
        }
        // `NAME`, `Type`, `Type.member`, `function(_:)`; anything else (keys, expressions) names nothing to check.
        guard let match = code.wholeMatch(of: #/([A-Za-z_][A-Za-z0-9_]*)((?:\.[A-Za-z_][A-Za-z0-9_]*)*)(\([^()]*\))?/#)
        else { return nil }
        let first = String(match.output.1)
        let members = match.output.2.split(separator: ".").map(String.init)
        if first.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) {
            return first.count < 3 || text.contains(first) ? nil : "`\(first)` is in no source or script"
        }
        let isName = first.first!.isUppercase || first.contains(where: \.isUppercase) || !members.isEmpty
        if !isName { return nil }  // a lower-case word: a key, a command, a field of a layout
        if !declared.contains(first) && !external.contains(first) { return "`\(first)` is declared nowhere" }
        if let member = members.last, !declared.contains(member), !external.contains(first) {
            return "`\(first)`'s `\(member)` is declared nowhere"
        }
        return nil
    }

    @Test func everyNameTheMapGivesExistsInTheTree() throws {
        let map = try String(contentsOfFile: Self.mapPath, encoding: .utf8)
        let paths = Self.repositoryPaths()
        let declared = try Self.declaredNames(in: paths)
        let text = Self.sourceText(in: paths)
        let codes = Self.inlineCode(in: map).flatMap { $0.components(separatedBy: ", ") }
        #expect(codes.count > 300, "the map names \(codes.count) things in backticks")
        for code in Set(codes).sorted() {
            if let problem = Self.problem(with: code, paths: paths, declared: declared, text: text) {
                Issue.record("ARCHITECTURE.md: \(problem)")
            }
        }
    }

    @Test func everyTargetAndProgramOfThePackageIsOnTheMap() throws {
        let map = try String(contentsOfFile: Self.mapPath, encoding: .utf8)
        let manifest = try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8)
        let named = Set(
            Self.inlineCode(in: map).flatMap { $0.components(separatedBy: ", ") }
                .flatMap { [$0, String($0.split(separator: "/").last ?? "")] })
        let targets = manifest.matches(
            of: #/\.(?:target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"/#
        ).map { String($0.output.1) }
        let programs = manifest.matches(of: #/\.executable\(name:\s*"([^"]+)"/#).map { String($0.output.1) }
        #expect(targets.count > 30 && programs.count >= 8)
        for name in Set(targets + programs).sorted() where !named.contains(name) {
            Issue.record("ARCHITECTURE.md does not name `\(name)` (Package.swift has it)")
        }
    }

    /// The check itself: a name that is not in the tree, a file that is not there and a missing target are caught.
    @Test func theCheckFindsAStaleName() throws {
        let paths = Self.repositoryPaths()
        let declared = try Self.declaredNames(in: paths)
        let text = Self.sourceText(in: paths)
        func problem(_ code: String) -> String? {
            Self.problem(with: code, paths: paths, declared: declared, text: text)
        }
        #expect(problem("TableView") == nil && problem("TableView.keyBindings") == nil)
        #expect(problem("Terminal/InputWatch.swift") == nil && problem("Terminal/CursesScreen*.swift") == nil)
        #expect(problem("TERMTABLE_PROPERTY_CASES") == nil && problem("handleTypeToJump(_:)") == nil)
        #expect(problem("TableViewPainter") != nil)
        #expect(problem("TableView.scrollToMiddle") != nil)
        #expect(problem("Terminal/InputPoll.swift") != nil)
        #expect(problem("TERMTABLE_NO_SUCH_VARIABLE") != nil)
    }
}
