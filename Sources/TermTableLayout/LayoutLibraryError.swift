import TermTableCore

/// A layout library that could not be loaded or used: each case names the path or identifier concerned.
///
/// Problems inside a file are reported as a ``LayoutErrorList`` instead, with lines and columns.
public enum LayoutLibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not valid UTF-8; `offset` is the first bad byte, on `line`.
    case notUTF8(path: String, offset: Int, line: Int)
    /// A directory was expected.
    case notADirectory(path: String)
    /// The directory holds no `.layout` file.
    case noLayoutFiles(directory: String)
    /// No cell has this identifier; `known` are the library's identifiers, `suggestion` the nearest.
    case unknownIdentifier(String, known: [String], suggestion: String?, files: [String])

    /// The error in the compiler's form; paths, names and reasons are sanitised (``/TermTableCore/TerminalText/sanitize(_:)``).
    public var description: String {
        func safe(_ text: String) -> String { TerminalText.sanitize(text) }
        switch self {
        case .fileNotFound(let path):
            return "\(safe(path)): error: no such layout file"
        case .unreadable(let path, let reason):
            return "\(safe(path)): error: cannot read the layout file: \(safe(reason))"
        case .notUTF8(let path, let offset, let line):
            return "\(safe(path)):\(line): error: the layout file is not UTF-8 (first bad byte at offset \(offset))\n"
                + "hint: save the file as UTF-8"
        case .notADirectory(let path):
            return "\(safe(path)): error: not a directory of layout files"
        case .noLayoutFiles(let directory):
            return "\(safe(directory)): error: no `.layout` file in the directory"
        case .unknownIdentifier(let identifier, let known, let suggestion, let files):
            let source = files.isEmpty ? "the library" : files.map(safe).joined(separator: ", ")
            var text = "error: no cell `\(safe(identifier))` in \(source); "
            text +=
                known.isEmpty
                ? "it holds no cell"
                : "the identifiers are " + LayoutIdentifiers.list(known.map(safe), conjunction: "and")
            if let suggestion { text += "\nhint: did you mean `\(safe(suggestion))`?" }
            return text
        }
    }
}
