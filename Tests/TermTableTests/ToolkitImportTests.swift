import Foundation
import TermTableTestSupport
import Testing

/// The toolkit links FoundationEssentials at most (issue 15): `import Foundation` brings libFoundation, ICU and
/// FoundationInternationalization into every app, about 6 MiB of resident memory in `scroll-bench`.
@Suite("Toolkit imports")
struct ToolkitImportTests {
    /// The modules the toolkit must not import: Foundation itself and the ones that load it or ICU.
    static let forbidden = ["Foundation", "FoundationNetworking", "FoundationXML", "FoundationInternationalization"]

    /// The forbidden module a line of Swift imports (`import Foundation`, `@_exported public import struct
    /// Foundation.Date`), nil for any other line.
    static func forbiddenImport(in line: Substring) -> String? {
        guard let module = importedModule(in: line) else { return nil }
        return forbidden.contains(module) ? module : nil
    }

    /// The module a line of Swift imports, nil for a line that is not an import.
    static func importedModule(in line: Substring) -> String? {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard
            let match = code.wholeMatch(
                of:
                    /\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?([A-Za-z_][A-Za-z0-9_]*)(?:\..*)?\s*/
            )
        else { return nil }
        return String(match.1)
    }

    /// Every Swift file under `Sources/`, as (path from the repository root, lines).
    static func sourceFiles() throws -> [(path: String, lines: [Substring])] {
        let root = URL(fileURLWithPath: repositoryRoot)
        var files: [(path: String, lines: [Substring])] = []
        let enumerator = FileManager.default.enumerator(
            at: root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            let path = String(url.path.dropFirst(root.path.count + 1))
            files.append((path, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func theScanSeesEveryFormOfImport() {
        #expect(Self.forbiddenImport(in: "import Foundation") == "Foundation")
        #expect(Self.forbiddenImport(in: "@_exported import Foundation") == "Foundation")
        #expect(Self.forbiddenImport(in: "  public import struct Foundation.Date") == "Foundation")
        #expect(Self.forbiddenImport(in: "internal import FoundationXML // the parser") == "FoundationXML")
        #expect(Self.forbiddenImport(in: "import FoundationEssentials") == nil)
        #expect(Self.forbiddenImport(in: "import Glibc") == nil)
        #expect(Self.forbiddenImport(in: "// import Foundation") == nil)
        #expect(Self.forbiddenImport(in: "let text = \"import Foundation\"") == nil)
    }

    /// No Swift file of TermTableCore, TermTableLayout or TermTable imports Foundation; FoundationEssentials is allowed.
    @Test func theToolkitImportsNoFoundation() throws {
        let root = URL(fileURLWithPath: repositoryRoot)
        var offenders: [String] = []
        var files = 0
        for target in ["TermTableCore", "TermTableLayout", "TermTable"] {
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent("Sources/" + target), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                files += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if let module = Self.forbiddenImport(in: line) {
                        offenders.append("\(url.path.dropFirst(root.path.count + 1)):\(number + 1): import \(module)")
                    }
                }
            }
        }
        #expect(files > 50, "the scan found the toolkit's sources")
        #expect(
            offenders == [],
            "the toolkit uses FoundationEssentials at most (Glibc, Dispatch, Locked instead of Foundation's helpers)")
    }

    /// Only the curses screen (`CursesScreen*.swift`) imports the ncurses shim (issue 20): the rest of the C the
    /// toolkit needs (signals, the resize wake-up, epoll, text width) is in CTermGuard, one copy of its state.
    @Test func onlyTheCursesScreenImportsTheNcursesShim() throws {
        let files = try Self.sourceFiles()
        var importers: [String] = []
        for file in files where file.lines.contains(where: { Self.importedModule(in: $0) == "CNcursesw" }) {
            importers.append(file.path)
        }
        #expect(files.count > 100, "the scan found the sources")
        #expect(importers.contains("Sources/TermTable/Terminal/CursesScreen.swift"), "the scan sees the import")
        let strays = importers.filter { path in
            let name = path.split(separator: "/").last ?? ""
            return !(path.hasPrefix("Sources/TermTable/Terminal/") && name.hasPrefix("CursesScreen"))
        }
        #expect(strays == [], "only CursesScreen*.swift talks to ncurses")
    }
}
