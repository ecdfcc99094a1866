/// A layout file's text built into the program: what `TermTableLayoutPlugin` generates for each `.layout` file.
///
/// The generated accessor (`NewsLayout.layoutFile` for `News.layout`) holds the file's
/// text as it was when the target was built, and the file's path, which errors name
/// with their line and column. An app that uses it needs no resources at run time.
/// It is parsed once per process through ``LayoutCache`` (``LayoutCache/parseCount(forPath:)``
/// counts its parses under ``path``), however many libraries are made from it.
public struct EmbeddedLayoutFile: Hashable, Sendable {
    /// The path of the file the text was read from when the program was built.
    public let path: String
    /// The file's text.
    public let text: String

    /// The text of the layout file at `path`.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
