import TermTable

/// Where the benchmark's layout comes from: a file given with `--layout`, or the text built into the program.
enum BenchLayoutSource: Sendable {
    /// A layout file read at run time.
    case file(String)
    /// A layout built in by TermTableLayoutPlugin (`BenchLayout.layoutFile`, `NewsLayout.layoutFile`).
    case embedded(EmbeddedLayoutFile)

    /// The library, parsed once per process.
    @MainActor func library() throws -> LayoutLibrary {
        switch self {
        case .file(let path): try LayoutLibrary(contentsOf: path)
        case .embedded(let file): try LayoutLibrary(embedded: file)
        }
    }

    /// The library parsed again now, the cache bypassed (the `reparse` mode; the parse is counted).
    @MainActor func reparsed() throws -> LayoutLibrary {
        switch self {
        case .file(let path): try LayoutLibrary(reparsing: path)
        case .embedded(let file): try LayoutLibrary(reparsing: file)
        }
    }

    /// The file's path, for messages.
    var path: String {
        switch self {
        case .file(let path): path
        case .embedded(let file): file.path
        }
    }
}
