import Foundation
import NewsReaderCore
import TermTable
import TermTableLayouts
import Testing

/// The reader sets its cells through the accessors generated from News.layout: a restyled copy must keep the names.
@Suite("Reader layout fields") @MainActor
struct ReaderLayoutFieldsTests {
    static func newsLayout() throws -> String {
        try String(contentsOfFile: ProjectLayouts.path(for: "News"), encoding: .utf8)
    }

    @Test func theBundledLayoutHasEveryFieldTheReaderSets() throws {
        try ReaderCells.validate(LayoutLibrary(string: Self.newsLayout(), name: "News.layout"))
    }

    @Test func aRestyledCopyThatLostAFieldNameIsRefusedNamingTheCellAndTheField() throws {
        let text = try Self.newsLayout()
        let lostName = text.replacingOccurrences(of: "1 glyph name=mark symbol=●", with: "1 glyph symbol=●")
        #expect(lostName != text)
        let library = try LayoutLibrary(string: lostName, name: "Mine.layout")
        #expect {
            try ReaderCells.validate(library)
        } throws: { error in
            "\(error)".contains("cell `news` has no field named `mark`")
        }

        let changedKind = text.replacingOccurrences(
            of: "  3 label style=dim align=right pin=right sample=3h",
            with: "  3 progress pin=right")
        #expect(changedKind != text)
        #expect {
            try ReaderCells.validate(LayoutLibrary(string: changedKind, name: "Mine.layout"))
        } throws: { error in
            "\(error)".contains("field `age` of cell `news` is a ProgressBar, not a Label")
        }
    }
}
