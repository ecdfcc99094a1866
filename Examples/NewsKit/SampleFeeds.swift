import Foundation

/// The sample feeds shipped with NewsKit, found through the resource bundle so the reader
/// can open them from any working directory.
public enum SampleFeeds {
    /// The folder of sample files inside the resource bundle.
    public static var directory: URL? {
        Bundle.module.resourceURL?.appendingPathComponent("Samples", isDirectory: true)
    }

    /// The sample feed files (`Samples/*.xml`), sorted by file name.
    public static var urls: [URL] {
        guard let directory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".xml") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// The sample OPML subscription list, which names the sample feeds by relative path.
    public static var subscriptionListURL: URL? {
        guard let url = directory?.appendingPathComponent("subscriptions.opml"),
            FileManager.default.fileExists(atPath: url.path)
        else { return nil }
        return url
    }

    /// The sample feeds as loader sources.
    public static var sources: [FeedSource] {
        urls.map { .file($0.path) }
    }
}
