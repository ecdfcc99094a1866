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

    /// The source for an address found in an OPML list read from this source: relative
    /// addresses are resolved against this source's directory or URL.
    func resolving(_ address: String) -> FeedSource {
        let lower = address.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://") || address == "-" {
            return FeedSource(argument: address)
        }
        switch self {
        case .file(let path):
            if address.hasPrefix("/") { return .file(address) }
            let directory = (path as NSString).deletingLastPathComponent
            return .file(directory.isEmpty ? address : (directory as NSString).appendingPathComponent(address))
        case .url(let base):
            return URL(string: address, relativeTo: base).map { .url($0.absoluteURL) } ?? .file(address)
        case .standardInput:
            return .file(address)
        }
    }
}
