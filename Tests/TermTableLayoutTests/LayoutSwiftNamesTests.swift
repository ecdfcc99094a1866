import Foundation
import TermTableTestSupport
import Testing

@testable import TermTableLayout

/// The names the typed-layout generator keeps fields away from are the toolkit's own members, read from its sources.
@Suite("Layout Swift names")
struct LayoutSwiftNamesTests {
    /// The types a generated cell class inherits members from: its superclasses and the protocol it adopts.
    static let cellTypes: Set<String> = ["View", "TableViewCell", "TypedCell"]

    /// The public, open and package members declared in the bodies of `class`, `protocol` and `extension`
    /// declarations of `types` in the Swift files under `folders` (one level of braces deep, so nested
    /// types' members and function bodies are not counted).
    static func declaredMembers(of types: Set<String>, in folders: [String]) throws -> Set<String> {
        var members: Set<String> = []
        for folder in folders {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".swift") else { continue }
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                members.formUnion(declaredMembers(of: types, inSource: text))
            }
        }
        return members
    }

    /// The members of `types` one Swift file declares.
    static func declaredMembers(of types: Set<String>, inSource text: String) -> Set<String> {
        var members: Set<String> = []
        var depth = 0
        var inside = false
        var inProtocol = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("//") { continue }
            let words = Self.words(of: line)
            if depth == 0 {
                if let keyword = words.firstIndex(where: { ["class", "protocol", "extension"].contains($0) }),
                    keyword + 1 < words.count, types.contains(words[keyword + 1])
                {
                    inside = true
                    inProtocol = words[keyword] == "protocol"
                } else if line.contains("{") {
                    inside = false
                }
            } else if depth == 1 && inside, let name = memberName(words, anyAccess: inProtocol) {
                members.insert(name)
            }
            for character in line {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
            }
            if depth == 0 && line.contains("}") { inside = false }
        }
        return members
    }

    /// The words of a line: identifiers and keywords, attributes (`@MainActor`) and their arguments dropped.
    static func words(of line: String) -> [String] {
        var cleaned = line
        while let at = cleaned.range(of: #"@\w+(\([^)]*\))?"#, options: .regularExpression) {
            cleaned.removeSubrange(at)
        }
        return cleaned.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// The name a declaration line declares when it is public, open or package (or any member of a protocol).
    static func memberName(_ words: [String], anyAccess: Bool) -> String? {
        guard anyAccess || words.contains(where: { ["public", "open", "package"].contains($0) }) else { return nil }
        let introducers: Set<String> = ["var", "let", "func", "class", "struct", "enum", "protocol", "typealias"]
        for (index, word) in words.enumerated() {
            if word == "init" || word == "subscript" || word == "deinit" { return nil }
            if introducers.contains(word), index + 1 < words.count {
                let next = words[index + 1]
                if introducers.contains(next) || next == "init" { continue }  // `class func`, `class var`
                return next
            }
            if ![
                "public", "open", "package", "final", "override", "static", "internal", "private", "set",
                "nonisolated", "required", "convenience", "mutating", "dynamic", "lazy", "weak", "unowned",
            ].contains(word) {
                return nil
            }
        }
        return nil
    }

    @Test func theListedMembersAreTheToolkitsDeclarations() throws {
        let declared = try Self.declaredMembers(
            of: Self.cellTypes,
            in: [repositoryRoot + "/Sources/TermTableCore", repositoryRoot + "/Sources/TermTable"])
        #expect(declared.contains("frame") && declared.contains("reuseIdentifier") && declared.contains("fields"))
        let listed = LayoutSwiftNames.toolkitCellMembers
        #expect(
            declared.subtracting(listed).isEmpty,
            "members of View, TableViewCell or TypedCell missing from LayoutSwiftNames.toolkitCellMembers: \(declared.subtracting(listed).sorted())"
        )
        #expect(
            listed.subtracting(declared).isEmpty,
            "names in LayoutSwiftNames.toolkitCellMembers the toolkit no longer declares: \(listed.subtracting(declared).sorted())"
        )
    }

    /// The scanner finds members in a class, its extension and a protocol, and not those of another type or a nested one.
    @Test func theScannerReadsOnlyTheTypesMembers() {
        let source = """
            @MainActor
            open class View {
                public var frame: Rect {
                    get { storedFrame }
                }
                private var storedFrame: Rect
                open func draw(in context: DrawContext) {
                    let local = 1
                }
                public struct Options: OptionSet {
                    public var inner: Int
                }
                package static func setFrame() {}
                public class func make() -> View { View() }
            }
            public final class Other {
                public var notMine = 0
            }
            extension View {
                @discardableResult public func find(_ name: String) -> View? { nil }
            }
            public protocol TypedCell: View {
                static var fields: [Int] { get }
            }
            """
        let found = Self.declaredMembers(of: Self.cellTypes, inSource: source)
        #expect(found == ["frame", "draw", "Options", "setFrame", "make", "find", "fields"])
    }
}
