import Foundation
import Testing

@testable import NewsKit

@Suite("Character encodings")
struct EncodingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var title: String
        var summary: String
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "enc-iso-8859-1.xml", title: "Café Ñandú ½ größer", summary: "Crème brûlée à la carte"),
        Case(file: "enc-windows-1252.xml", title: "“Smart quotes” — €5 café", summary: "It’s… fine"),
        Case(
            file: "enc-windows-1251.xml", title: "Привет, мир — новости",
            summary: "Съешь же ещё этих мягких французских булок"),
        Case(file: "enc-koi8-r.xml", title: "Новости дня", summary: "Погода"),
        Case(file: "enc-utf-16le-bom.xml", title: "Café Привет 日本語 😀", summary: "Ünïcödé"),
        Case(file: "enc-utf-16be-bom.xml", title: "Café Привет 日本語 😀", summary: "Ünïcödé"),
        Case(file: "enc-utf-8.xml", title: "Café Привет 日本語 😀", summary: "Ünïcödé"),
        Case(file: "enc-utf-8-bom.xml", title: "Café Привет 日本語 😀", summary: "Ünïcödé"),
        // Mislabelled documents: read the way browsers and feed readers read them.
        Case(file: "enc-latin1-label-cp1252-bytes.xml", title: "“Quoted” – text", summary: "Price: €10"),
        Case(file: "enc-latin1-label-utf8-bytes.xml", title: "Zoë’s café", summary: "naïve"),
        Case(file: "enc-undeclared-latin1.xml", title: "Crème brûlée", summary: "Déjà vu"),
    ]

    @Test(arguments: cases)
    func decodesTitleAndSummary(_ testCase: Case) throws {
        let feed = try Fixture.feed(testCase.file)
        let item = try #require(feed.items.first)
        #expect(item.title == testCase.title)
        #expect(item.summary == testCase.summary)
        #expect(feed.title.hasPrefix("Encoding "))
        #expect(!item.title.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "C1 controls")
    }

    @Test func fixturesReallyAreInTheirEncodings() throws {
        // Guard against an editor "fixing" the fixture files.
        #expect(try Fixture.data("enc-iso-8859-1.xml").contains(0xE9))  // é in Latin-1
        #expect(try Fixture.data("enc-windows-1252.xml").contains(0x93))  // “ in Windows-1252
        #expect(try Fixture.data("enc-windows-1251.xml").contains(0xCF))  // П in Windows-1251
        #expect(try Fixture.data("enc-utf-16le-bom.xml").prefix(2) == Data([0xFF, 0xFE]))
        #expect(try Fixture.data("enc-utf-16be-bom.xml").prefix(2) == Data([0xFE, 0xFF]))
        #expect(try Fixture.data("enc-utf-8-bom.xml").prefix(3) == Data([0xEF, 0xBB, 0xBF]))
    }

    @Test func declaredEncodingIsRead() {
        #expect(
            XMLInput.declaredEncoding(Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><a/>"#.utf8)) == "iso-8859-1")
        #expect(
            XMLInput.declaredEncoding(Array("<?xml version='1.0' encoding = 'windows-1251' ?><a/>".utf8))
                == "windows-1251")
        #expect(XMLInput.declaredEncoding(Array("<?xml version=\"1.0\"?><a/>".utf8)) == nil)
        #expect(XMLInput.declaredEncoding(Array("<a/>".utf8)) == nil)
    }

    @Test func unknownEncodingLabelFallsBackToUTF8() throws {
        let data = Data(
            #"<?xml version="1.0" encoding="x-made-up"?><rss version="2.0"><channel><title>Zoë</title></channel></rss>"#
                .utf8)
        #expect(try FeedParser.parse(data, source: "s").title == "Zoë")
    }
}
