import Foundation
import TermTableLayout

/// `TermTableLayoutGen [--access internal|public] [--sibling OTHER.layout]... --output FILE.swift LAYOUT`: the layout plugin's tool.
///
/// Writes the typed accessors of one `.layout` file (see ``SwiftLayoutGenerator``).
/// A layout with errors writes nothing: each error goes to standard error as
/// `file:line:column: error: message` (the form compilers use, so SwiftPM and
/// editors show it at the layout's line), with the line, a caret and a
/// `note:` for the hint, and the tool exits with status 1.
@main
enum LayoutGenMain {
    static let usage =
        "usage: TermTableLayoutGen [--access internal|public] [--sibling OTHER.layout]... --output FILE.swift LAYOUT"

    static func main() {
        var access = SwiftLayoutGenerator.Access.internal
        var output: String?
        var input: String?
        var siblings: [String] = []
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--access":
                guard let value = arguments.popFirst(), let parsed = SwiftLayoutGenerator.Access(rawValue: value) else {
                    fail("--access takes `internal` or `public`\n\(usage)")
                }
                access = parsed
            case "--output":
                guard let value = arguments.popFirst() else { fail("--output takes a file\n\(usage)") }
                output = value
            case "--sibling":
                guard let value = arguments.popFirst() else { fail("--sibling takes a file\n\(usage)") }
                siblings.append(value)
            case "-h", "--help":
                print(usage)
                return
            default:
                if argument.hasPrefix("-") || input != nil { fail("unexpected argument `\(argument)`\n\(usage)") }
                input = argument
            }
        }
        guard let input, let output else { fail(usage) }
        guard let data = FileManager.default.contents(atPath: input) else { fail("\(input): cannot read the file") }
        guard let text = String(data: data, encoding: .utf8) else {
            report(
                LayoutErrorList([
                    LayoutError(
                        file: input, line: 1, column: 1, message: "the file is not UTF-8 text",
                        hint: "save the layout as UTF-8", sourceLine: "")
                ]))
        }
        let source: String
        do {
            let document = try LayoutParser.parse(text, file: input)
            let generator = SwiftLayoutGenerator(
                document: document, path: input, text: text,
                displayName: (input as NSString).lastPathComponent, access: access, siblings: siblings)
            switch generator.generate() {
            case .success(let swift): source = swift
            case .failure(let errors): report(errors)
            }
        } catch {
            // Files whose enums would share a name are reported with the file's other errors, as lint does.
            let clashes = LayoutSwiftPlan.fileErrors(paths: [input] + siblings.filter { $0 != input })
            report(LayoutErrorList(error.errors + clashes.filter { $0.file == input }))
        }
        // Written only when it changed, so an unchanged layout does not recompile its target.
        if FileManager.default.contents(atPath: output) != Data(source.utf8) {
            do {
                try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                fail("\(output): cannot write the generated Swift: \(error.localizedDescription)")
            }
        }
    }

    /// Prints every error in the compiler's form and exits with status 1.
    static func report(_ errors: LayoutErrorList) -> Never {
        var text = ""
        for error in errors.errors {
            // The description is `file:line:column: error: message`, the line, the caret and `hint: ...`,
            // every part sanitized; the hint becomes a `note:` at the same place, as compilers write it.
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            let first = String(lines.first ?? "")
            let location = first.range(of: ": error: ").map { String(first[..<$0.lowerBound]) } ?? first
            for (index, line) in lines.enumerated() {
                if index == 3, line.hasPrefix("hint: ") {
                    text += "\(location): note: " + line.dropFirst(6) + "\n"
                } else {
                    text += line + "\n"
                }
            }
        }
        FileHandle.standardError.write(Data(text.utf8))
        exit(1)
    }

    /// Prints `message` to standard error and exits with status 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("TermTableLayoutGen: error: \(message)\n".utf8))
        exit(1)
    }
}
