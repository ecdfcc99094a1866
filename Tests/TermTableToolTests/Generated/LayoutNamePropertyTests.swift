import Foundation
import TermTableTesting
import Testing

@testable import TermTableLayout

/// Generated layouts whose names are the hard ones (Swift keywords, toolkit members, case twins, underscores,
/// digits, names of the generated code): every file `termtable lint` accepts, the generator accepts too, and the
/// Swift it writes type-checks against the built toolkit; every file lint refuses, the generator refuses at a line.
///
/// CI runs a fixed seed and a modest number of files (see ``budget``): one generator run per file and
/// one `swiftc -typecheck` per batch of files. A larger local run (about 3 minutes per 1000):
///
/// ```sh
/// TERMTABLE_NAME_CASES=2000 swift test --filter LayoutNamePropertyTests
/// ```
@Suite("Generated layout names: what lint accepts compiles")
struct LayoutNamePropertyTests {
    /// `TERMTABLE_NAME_CASES`, else a 25th of `TERMTABLE_PROPERTY_CASES` (20 to 120: CI's 3000 give 120 files,
    /// about 30 s, since each file is a generator run), else 60.
    static var budget: Int {
        let environment = ProcessInfo.processInfo.environment
        if let cases = environment["TERMTABLE_NAME_CASES"].flatMap(Int.init) { return cases }
        return environment["TERMTABLE_PROPERTY_CASES"].flatMap(Int.init).map { min(120, max(20, $0 / 25)) } ?? 60
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TERMTABLE_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x5E1F_CE11
    }

    /// Words that are hard as Swift names.
    static let vocabulary: [String] = {
        let keywords: [String] = [
            "self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "super", "Any", "any", "some", "class",
            "struct", "func", "var", "let", "default", "case", "in", "is", "as", "nil", "true", "try", "throws",
            "rethrows", "inout", "get", "set", "willSet", "didSet", "async", "await", "actor", "macro", "package",
            "consume", "copy", "discard", "each", "then", "mutating", "nonisolated", "isolated", "sending",
            "borrowing", "consuming", "open", "public", "private", "static", "import", "operator", "protocol",
            "extension", "where", "while", "repeat", "return", "switch", "defer", "guard", "fallthrough", "lazy",
            "weak", "unowned", "override", "required", "convenience", "final", "dynamic", "indirect",
        ]
        let generated: [String] = [
            "fields", "findFields", "layoutFile", "library", "error", "other", "reuseIdentifier", "TermTable",
            "String", "Bool", "Swift", "Label", "View", "TableViewCell", "CellIdentifier", "TypedCell", "Never",
            "Void", "Optional", "Int", "host", "subviewsForCopy", "contentOverlayStyle", "didCopy", "counterpart",
            "frameDidChange", "title", "news", "message",
        ]
        return keywords + generated + LayoutSwiftNames.toolkitCellMembers.sorted()
    }()

    /// One random name: a hard word, made a twin, prefixed, suffixed or joined.
    static func name(_ rng: inout SeededRandom) -> String {
        var word: String
        if Int.random(in: 0..<5, using: &rng) == 0 {
            let letters = Array("abcdefghijklmnopqrstuvwxyzAB_")
            word = String((0..<Int.random(in: 1...4, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
            if word.first == "_" && Bool.random(using: &rng) { word = "_" }
        } else {
            word = vocabulary.randomElement(using: &rng)!
        }
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: word = word.prefix(1).uppercased() + word.dropFirst()
        case 1: word = word.prefix(1).lowercased() + word.dropFirst()
        case 2: word = "_" + word
        case 3: word = "__" + word
        case 4: word += "s"
        case 5: word += String(Int.random(in: 0...9, using: &rng))
        case 6: word += ["Label", "Cell", "Layout", "_"].randomElement(using: &rng)!
        case 7: word += ["-", "."].randomElement(using: &rng)! + vocabulary.randomElement(using: &rng)!
        case 8: word = word.uppercased()
        default: break
        }
        return word
    }

    /// A layout of one to three cells of up to four named fields, names drawn from `pool` (so twins meet).
    static func layout(_ rng: inout SeededRandom, pool: [String]) -> String {
        let kinds = ["label", "progress", "button", "glyph", "box", "slider", "field"]
        var cells: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let fields = Array(pool.shuffled(using: &rng).prefix(Int.random(in: 0...4, using: &rng)))
            var canvas = "|"
            for (index, field) in fields.enumerated() { canvas += " [\(index + 1) \(field)]" }
            canvas += fields.isEmpty ? " some text |" : " |"
            var text = "cell \(pool.randomElement(using: &rng)!)\n\(canvas)\n"
            for index in fields.indices {
                text += "  \(index + 1) \(kinds.randomElement(using: &rng)!)\n"
            }
            cells.append(text)
        }
        return cells.joined(separator: "\n")
    }

    /// One case: a folder of one or two layout files.
    struct Case {
        var folder: String
        var files: [(path: String, text: String)]
    }

    static func makeCase(_ index: Int, _ rng: inout SeededRandom, root: String) throws -> Case {
        let pool = (0..<Int.random(in: 2...8, using: &rng)).map { _ in name(&rng) }
        let folder = root + "/case\(index)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var files: [(String, String)] = []
        var fileNames: [String] = []
        for _ in 0..<(Int.random(in: 0..<4, using: &rng) == 0 ? 2 : 1) {
            // File names: a hard word (or its twin) most of the time, made unique per case by a prefix.
            var base = "C\(index)" + (Bool.random(using: &rng) ? "" : "-") + name(&rng)
            if let first = fileNames.first, Bool.random(using: &rng) {
                base = [
                    first.prefix(1).lowercased() + first.dropFirst(), first.replacingOccurrences(of: "-", with: "."),
                    first + "_",
                ]
                .randomElement(using: &rng)!
            }
            guard !fileNames.contains(base) else { continue }
            fileNames.append(base)
            let path = folder + "/" + base + ".layout"
            let text = layout(&rng, pool: pool)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            files.append((path, text))
        }
        return Case(folder: folder, files: files)
    }

    @Test func namesLintAcceptsCompile() throws {
        let tool = try BuiltProducts.executable(named: "TermTableLayoutGen")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layoutnames-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var rng = SeededRandom(seed: Self.seed)
        var generated: [(swift: String, typeName: String, layout: String)] = []
        var refused = 0
        for index in 0..<Self.budget {
            let c = try Self.makeCase(index, &rng, root: root)
            let paths = c.files.map(\.path)
            let lint = LayoutLint.lint(paths: paths)
            for (path, text) in c.files {
                let lintErrors = lint.errors.filter { $0.file == path }
                let output = path.replacingOccurrences(of: ".layout", with: ".swift")
                let run = try ChildProcess.run(
                    [tool, "--access", Bool.random(using: &rng) ? "public" : "internal"]
                        + paths.filter { $0 != path }.flatMap { ["--sibling", $0] } + ["--output", output, path],
                    environment: ProcessInfo.processInfo.environment)
                if lintErrors.isEmpty {
                    #expect(run.status == 0, "lint accepts, the generator refuses:\n\(text)\n\(run.output)")
                    if run.status == 0 {
                        let name = LayoutSwiftPlan.typeName(ofFile: path)
                        generated.append((output, name, "\(path):\n\(text)"))
                    }
                } else {
                    refused += 1
                    #expect(
                        run.status == 1,
                        "lint refuses, the generator accepts:\n\(text)\n\(LayoutLint.format(lintErrors))")
                    // Each refusal is at a line of the layout, in the compiler's form.
                    for error in lintErrors {
                        #expect(
                            run.output.contains("\(path):\(error.line):\(error.column): error: "),
                            "the generator does not report lint's error at its line:\n\(error)\n\(run.output)")
                    }
                }
            }
        }
        // About half the generated files are accepted; a quarter leaves room for small budgets (the sanitizer
        // runs' 20 files accepted 8), and still fails when lint or the generator refuses nearly everything.
        #expect(generated.count >= Self.budget / 4, "too few files were accepted to test the compiler")
        #expect(refused > 0)
        // Batches whose enums have different names, type-checked together against the built toolkit.
        var batches: [[(swift: String, typeName: String, layout: String)]] = []
        for file in generated {
            if let index = batches.firstIndex(where: { batch in !batch.contains { $0.typeName == file.typeName } }) {
                batches[index].append(file)
            } else {
                batches.append([file])
            }
        }
        for batch in batches {
            let result = try SwiftTypeCheck.run(batch.map(\.swift))
            let failing = batch.filter { result.output.contains($0.swift + ":") }
            #expect(
                result.status == 0,
                "generated Swift that does not compile:\n\(result.output)\n\(failing.map(\.layout).joined(separator: "\n"))"
            )
        }
    }
}
