import Foundation
import PackagePlugin

/// Turns every `.layout` file of a target into Swift at build time: typed reuse identifiers and cell classes.
///
/// Apply it to the target that holds the layouts:
///
/// ```swift
/// .executableTarget(name: "Inbox", dependencies: [.product(name: "TermTable", package: "TermTable")],
///                   plugins: [.plugin(name: "TermTableLayoutPlugin", package: "TermTable")])
/// ```
///
/// `Inbox.layout` becomes `InboxLayout.swift`, holding `enum InboxLayout` (see
/// `TermTableLayoutGen`) with the file's text built in (`InboxLayout.library()`), so the
/// layouts need no `resources:` and the app no resource bundle. The declarations are `public` in a library target, so a
/// target that only holds layouts can export them, and `internal` in executables
/// and tests. A layout error fails the build at the layout's line and column.
@main
struct TermTableLayoutPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "TermTableLayoutGen")
        let access = target.kind == .generic ? "public" : "internal"
        var used: Set<String> = []
        let layouts = layoutFiles(of: target)
        return layouts.map { layout in
            var base = layout.deletingPathExtension().lastPathComponent + "Layout"
            var suffix = 2
            while used.contains(base.lowercased()) {
                base = layout.deletingPathExtension().lastPathComponent + "Layout\(suffix)"
                suffix += 1
            }
            used.insert(base.lowercased())
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(base + ".swift")
            return .buildCommand(
                displayName: "Generating typed layout accessors from \(layout.lastPathComponent)",
                executable: tool.url,
                // The other layouts, so two files whose enums would share a name fail at the later file.
                arguments: ["--access", access]
                    + layouts.filter { $0 != layout }.flatMap { ["--sibling", $0.path] }
                    + ["--output", output.path, layout.path],
                inputFiles: [layout],
                outputFiles: [output]
            )
        }
    }

    /// The target's `.layout` files, sorted by path: its own files, and those inside resource folders (`.copy("Layouts")`).
    func layoutFiles(of target: SourceModuleTarget) -> [URL] {
        var found: Set<URL> = []
        for file in target.sourceFiles {
            let url = file.url
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                if url.pathExtension == "layout" { found.insert(url.standardizedFileURL) }
                continue
            }
            let contents = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
            while let next = contents?.nextObject() as? URL {
                if next.pathExtension == "layout" { found.insert(next.standardizedFileURL) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
