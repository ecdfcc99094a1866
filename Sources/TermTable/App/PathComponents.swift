/// The last part and the folder of a file path, as `NSString`'s path helpers give them (the toolkit has no Foundation).
enum PathComponents {
    /// `Layouts/News.layout` -> `News.layout`; trailing slashes are ignored, `/` stays `/`.
    static func last(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }

    /// `Layouts/News.layout` -> `Layouts`, `/News.layout` -> `/`, `News.layout` -> `` (empty).
    static func parent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let head = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return head.isEmpty ? "/" : head
    }

    /// `path` without its trailing slashes, except a lone `/`.
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
