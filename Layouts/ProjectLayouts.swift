import Foundation

/// The layout templates that ship with TermTable's examples, found from any working directory.
public enum ProjectLayouts {
    /// The path of the bundled layout file `name.layout`.
    public static func path(for name: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: "layout") else {
            fatalError("\(name).layout is missing from the TermTableLayouts bundle")
        }
        return url.path
    }

    /// The folder holding the bundled layout files.
    public static var directory: String {
        (path(for: "News") as NSString).deletingLastPathComponent
    }
}
