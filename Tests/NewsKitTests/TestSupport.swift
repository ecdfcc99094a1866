import Foundation
import Testing

@testable import NewsKit

/// Access to the files in `Fixtures/`, copied into the test bundle.
enum Fixture {
    static func url(_ name: String) throws -> URL {
        let directory = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
        let url = directory.appendingPathComponent(name)
        try #require(FileManager.default.fileExists(atPath: url.path), "missing fixture \(name)")
        return url
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    static func feed(_ name: String) throws -> Feed {
        try FeedParser.parse(data(name), source: name)
    }
}

/// A UTC date built with Foundation's calendar, independent of NewsKit's own date code.
func utc(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
    nanosecond: Int = 0
) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(
        year: year, month: month, day: day, hour: hour, minute: minute,
        second: second, nanosecond: nanosecond)
    return calendar.date(from: components)!
}

extension Feed {
    /// The item with the given id, for readable assertions.
    func item(_ id: String) throws -> Article {
        try #require(items.first { $0.id == id }, "no item \(id) in \(items.map(\.id))")
    }
}

/// A fresh, empty temporary directory for one test.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("newskit-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
