import Foundation
import Testing

@testable import TermTable
@testable import TermTableCore

/// `@exclusivity(unchecked)` only where it pays and only where it is safe to get wrong in a debug build (issue 20):
/// on private hot storage, each with its reason, and off in debug builds, so `swift test` traps on an overlapping
/// access instead of running into undefined behaviour.
@Suite("Exclusivity checks")
struct CheckedAccessTests {
    /// The targets that may use the attribute: those whose settings define `TERMTABLE_CHECKED_ACCESS` in debug.
    static let checkedTargets = ["Sources/TermTableCore/", "Sources/TermTable/"]

    /// What is wrong with the attribute at line `index` of `lines` (empty when nothing is).
    static func problems(at index: Int, of lines: [Substring]) -> [String] {
        var problems: [String] = []
        let line = lines[index]
        let comment = line.split(separator: "//", maxSplits: 1).dropFirst().first ?? ""
        if !line.trimmingCharacters(in: .whitespaces).hasPrefix("@exclusivity(unchecked)") {
            problems.append("not on a line of its own")
        }
        if comment.split(separator: " ").count < 3 { problems.append("no comment giving the reason on its line") }
        let before = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
        let after = index + 1 < lines.count ? lines[index + 1].trimmingCharacters(in: .whitespaces) : ""
        if before != "#if !TERMTABLE_CHECKED_ACCESS" || after != "#endif" {
            problems.append("not alone inside #if !TERMTABLE_CHECKED_ACCESS ... #endif")
        }
        let declaration = index + 2 < lines.count ? lines[index + 2].trimmingCharacters(in: .whitespaces) : ""
        if declaration.wholeMatch(of: /private (?:unowned\(unsafe\) )?var \w+.*/) == nil {
            problems.append("not on a private stored var: \(declaration)")
        }
        return problems
    }

    @Test func theScanTellsAGuardedPrivatePropertyFromTheOthers() {
        func check(_ text: String) -> [String] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return Self.problems(at: lines.firstIndex { $0.contains("@exclusivity") }!, of: lines)
        }
        let good =
            "#if !TERMTABLE_CHECKED_ACCESS\n  @exclusivity(unchecked)  // read by every put\n#endif\nprivate var a = 0"
        #expect(check(good) == [])
        #expect(check(good.replacingOccurrences(of: "  // read by every put", with: "")).count == 1)
        #expect(check(good.replacingOccurrences(of: "#if !TERMTABLE_CHECKED_ACCESS\n", with: "")).count == 1)
        #expect(check(good.replacingOccurrences(of: "private var", with: "public var")).count == 1)
        #expect(check(good.replacingOccurrences(of: "private var", with: "private(set) var")).count == 1)
        #expect(check(good.replacingOccurrences(of: "private var", with: "var")).count == 1)
        #expect(check("@exclusivity(unchecked) private var a = 0 // read by every put").count == 2)
    }

    /// Every `@exclusivity(unchecked)` in Sources is on a private stored property, inside
    /// `#if !TERMTABLE_CHECKED_ACCESS`, with its reason, in a target that defines the flag in debug.
    @Test func everyUncheckedPropertyIsPrivateGuardedAndExplained() throws {
        var found = 0
        var problems: [String] = []
        for file in try ToolkitImportTests.sourceFiles() {
            for (index, line) in file.lines.enumerated() where line.contains("@exclusivity(unchecked)") {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                guard code.contains("@exclusivity(unchecked)") else { continue }
                found += 1
                var wrong = Self.problems(at: index, of: file.lines)
                if !Self.checkedTargets.contains(where: { file.path.hasPrefix($0) }) {
                    wrong.append("in a target that does not define TERMTABLE_CHECKED_ACCESS in debug")
                }
                problems += wrong.map { "\(file.path):\(index + 1): \($0)" }
            }
        }
        #expect(found >= 10, "the scan found the attribute")
        #expect(problems == [])
    }

    /// The debug build (what `swift test` runs) checks every access; a release build does not.
    @Test func debugBuildsCheckEveryAccess() {
        #if DEBUG
            #expect(CheckedAccess.inTermTableCore)
            #expect(CheckedAccess.inTermTable)
        #else
            #expect(!CheckedAccess.inTermTableCore)
            #expect(!CheckedAccess.inTermTable)
        #endif
    }

    #if DEBUG && compiler(>=6.2)
        /// An access that overlaps another to the same storage stops the process, as Swift promises (in a child
        /// process: an exit test); with the attribute on in a debug build it would be undefined behaviour instead.
        @Test func anOverlappingAccessTrapsInADebugBuild() async {
            await #expect(processExitsWith: .failure) {
                await MainActor.run {
                    let table = TableView()
                    table.reuse.pools["row"] = [TableViewCell(reuseIdentifier: "row")]
                    // A modify of the pools whose closure reads the pools again: the re-entry the review feared.
                    table.reuse.pools["row"]?.removeAll { _ in table.reuse.pools.isEmpty }
                }
            }
        }
    #endif
}
