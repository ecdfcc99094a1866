import Foundation

/// Where a feed comes from: a file, a web address, or standard input.
public enum FeedSource: Sendable, Hashable, CustomStringConvertible {
    /// A file path (absolute or relative to the working directory).
    case file(String)
    /// An http or https address.
    case url(URL)
    /// The process's standard input.
    case standardInput

    /// Interprets a command-line argument: `-` is standard input, an `http://` or `https://`
    /// address is a URL, a `file://` URL is that file, and anything else is a file path.
    public init(argument: String) {
        let lower = argument.lowercased()
        if argument == "-" {
            self = .standardInput
        } else if lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: argument) {
            self = .url(url)
        } else if lower.hasPrefix("file://"), let url = URL(string: argument), url.isFileURL {
            self = .file(url.path)
        } else {
            self = .file(argument)
        }
    }

    /// How to show the source to the user: the path, the address, or `standard input`.
    public var description: String {
        switch self {
        case .file(let path): path
        case .url(let url): url.absoluteString
        case .standardInput: "standard input"
        }
    }

    /// The source for an address found in an OPML list read from this source, or why it is refused.
    ///
    /// Relative addresses are resolved against this source's directory or URL. A list never
    /// names standard input (`-` is refused: only the command line may read it, and after the
    /// reader starts it is the terminal). A list fetched over the network may name only
    /// http(s) feeds, so a remote list cannot make the reader open local files.
    func resolving(_ address: String) -> Result<FeedSource, FeedLoader.LoadFailure> {
        let lower = address.lowercased()
        if address == "-" {
            return .failure(.init(message: "an OPML list cannot name standard input (-): only the command line can"))
        }
        if case .url(let base) = self {
            guard let url = URL(string: address, relativeTo: base)?.absoluteURL,
                let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
            else {
                return .failure(
                    .init(
                        message:
                            "refused \(address): a list fetched from \(base.host ?? "the network") may name only http(s) feeds"
                    ))
            }
            return .success(.url(url))
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://") {
            return .success(FeedSource(argument: address))
        }
        switch self {
        case .file(let path):
            if address.hasPrefix("/") { return .success(.file(address)) }
            let directory = (path as NSString).deletingLastPathComponent
            return .success(
                .file(directory.isEmpty ? address : (directory as NSString).appendingPathComponent(address)))
        case .standardInput, .url:
            return .success(.file(address))
        }
    }
}
