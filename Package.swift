// swift-tools-version: 6.2
import PackageDescription

/// Debug builds check every access at run time: `#if !TERMTABLE_CHECKED_ACCESS` guards each `@exclusivity(unchecked)`.
let checkedAccessInDebug: [SwiftSetting] = [.define("TERMTABLE_CHECKED_ACCESS", .when(configuration: .debug))]

let package = Package(
    name: "TermTable",
    products: [
        .library(name: "TermTable", targets: ["TermTable"]),
        .library(name: "TermTableTesting", targets: ["TermTableTesting"]),
        .executable(name: "termtable", targets: ["TermTableTool"]),
        .executable(name: "news", targets: ["NewsReader"]),
        .executable(name: "scroll-bench", targets: ["ScrollBench"]),
        .executable(name: "inbox", targets: ["Inbox"]),
        .executable(name: "diff-bench", targets: ["DiffBench"]),
        .executable(name: "procs", targets: ["Processes"]),
        .executable(name: "find-bench", targets: ["FindBench"]),
        .executable(name: "logs", targets: ["Logs"]),
        .executable(name: "tv", targets: ["TableViewer"]),
        .executable(name: "files", targets: ["Files"]),
        .plugin(name: "TermTableLayoutPlugin", targets: ["TermTableLayoutPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only for `swift package generate-documentation` (the DocC catalog); nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Layer 0: the system library and the async-signal-safe terminal guard.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .target(name: "CTermGuard", path: "Sources/CTermGuard"),

        // The toolkit, in layers whose arrows point one way (the build enforces them):
        // TermTableCore (terminal model, text, views; no ncurses) -> TermTableLayout (the layout
        // language; no views, no ncurses, Sendable) -> TermTable (the ncurses screen, templates,
        // table, app; re-exports the two below so `import TermTable` is all an app needs).
        // `@exclusivity(unchecked)` (private hot storage only) is off in debug builds, so `swift test` traps on an
        // overlapping access instead of running into undefined behaviour (CheckedAccessTests).
        .target(name: "TermTableCore", dependencies: ["CTermGuard"], swiftSettings: checkedAccessInDebug),
        .target(name: "TermTableLayout", dependencies: ["TermTableCore"]),
        .target(
            name: "TermTable", dependencies: ["TermTableCore", "TermTableLayout", "CNcursesw", "CTermGuard"],
            swiftSettings: checkedAccessInDebug),
        .target(name: "TermTableTesting", dependencies: ["TermTable", "TermTableTestSupport"]),
        .executableTarget(
            name: "TermTableTool",
            dependencies: ["TermTable", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // The project's own layout templates, built into the programs by the plugin (no resources, no Foundation).
        .target(
            name: "TermTableLayouts", dependencies: ["TermTable"], path: "Layouts", exclude: ["README.md"],
            plugins: ["TermTableLayoutPlugin"]),

        // Examples.
        // What the example commands share: `@main` on the main actor, never through libdispatch's global pool.
        .target(
            name: "ExampleSupport", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/Support"),
        .target(name: "CNewsHTTP", path: "Examples/CNewsHTTP"),
        .target(name: "NewsKit", dependencies: ["CNewsHTTP"], path: "Examples/NewsKit", resources: [.copy("Samples")]),
        .target(
            name: "NewsReaderCore",
            dependencies: ["TermTable", "NewsKit", "TermTableLayouts"],
            path: "Examples/NewsReader/Core"
        ),
        .executableTarget(
            name: "NewsReader",
            dependencies: [
                "NewsReaderCore", "TermTable", "TermTableLayouts", "NewsKit", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/NewsReader/App"
        ),
        .executableTarget(
            name: "Inbox", dependencies: ["TermTable"], path: "Examples/Inbox", plugins: ["TermTableLayoutPlugin"]
        ),
        .executableTarget(
            name: "ScrollBench",
            // No ArgumentParser: its reflection was 0.5 MiB of the benchmark's peak memory (issue 20).
            dependencies: ["TermTable", "TermTableLayouts"],
            path: "Examples/ScrollBench", exclude: ["README.md"]
        ),

        .executableTarget(name: "DiffBench", dependencies: ["TermTable"], path: "Examples/DiffBench"),
        // Fuzzy matching over many lines, beside `fzf --filter` (issue 24; Scripts/find-bench-compare.sh).
        // Its lines are LogKit's generated log (one seeded generator for both benchmarks).
        .executableTarget(name: "FindBench", dependencies: ["TermTable", "LogKit"], path: "Examples/FindBench"),

        // The process viewer (issue 12): /proc reading and signalling (ProcessKit), the screen (ProcessesCore), `procs`.
        .target(name: "CProcessSignal", path: "Examples/Processes/CSignal"),
        .target(name: "ProcessKit", dependencies: ["CProcessSignal"], path: "Examples/Processes/Kit"),
        .target(
            name: "ProcessesCore", dependencies: ["TermTable", "ProcessKit"], path: "Examples/Processes/Core",
            plugins: ["TermTableLayoutPlugin"]
        ),
        .executableTarget(
            name: "Processes",
            dependencies: [
                "ProcessesCore", "ProcessKit", "TermTable", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Processes/App"
        ),

        // The log viewer (issue 25): the index of entry offsets, read back with pread (LogKit, no toolkit), the
        // screen (LogsCore), `logs`.
        .target(name: "LogKit", path: "Examples/Logs/Kit"),
        .target(
            name: "LogsCore", dependencies: ["TermTable", "LogKit"], path: "Examples/Logs/Core",
            plugins: ["TermTableLayoutPlugin"]
        ),
        .executableTarget(
            name: "Logs",
            dependencies: [
                "LogsCore", "LogKit", "TermTable", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Logs/App"
        ),

        // The table viewer (issue 34): mapped CSV/TSV/JSON-lines files, the record index, types, sorting
        // (TableViewerKit: no Foundation; of the toolkit only its core's `Locked` and value parser), the screen and
        // `--print` (TableViewerCore), `tv`.
        .target(name: "CMapGuard", path: "Examples/TableViewer/CMapGuard"),
        // `tv FILE.sqlite`: the system's libsqlite3 (only this reader imports it, never the toolkit) and the reader.
        .systemLibrary(name: "CSQLite", path: "Examples/TableViewer/CSQLite"),
        .target(
            name: "TableViewerSQLite", dependencies: ["CSQLite", "TermTableCore"], path: "Examples/TableViewer/SQLite"),
        .target(
            name: "TableViewerKit", dependencies: ["CMapGuard", "TermTableCore"], path: "Examples/TableViewer/Kit"),
        .target(
            name: "TableViewerCore", dependencies: ["TermTable", "TableViewerKit", "TableViewerSQLite"],
            path: "Examples/TableViewer/Core"),
        .executableTarget(
            name: "TableViewer",
            dependencies: [
                "TableViewerCore", "TableViewerKit", "TableViewerSQLite", "TermTable", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/TableViewer/App"
        ),

        // The file tree (issue 35): directories listed a batch at a time and followed with inotify, the preview, the
        // screen (FilesCore), `files`.
        .target(name: "FilesCore", dependencies: ["TermTable"], path: "Examples/Files/Core"),
        .executableTarget(
            name: "Files",
            dependencies: [
                "FilesCore", "TermTable", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Files/App"
        ),

        // Tests: one target per library target, each linking only its layer (TestTargetDependencyTests checks
        // that the core and layout tests reach no TermTable and no ncurses).
        // The helpers they share (repository paths, temporary layout files, SeededRandom, which TermTableTesting
        // re-exports): a plain target with no toolkit dependency.
        .target(name: "TermTableTestSupport", path: "Tests/TermTableTestSupport"),
        .testTarget(name: "TermTableCoreTests", dependencies: ["TermTableCore", "CTermGuard", "TermTableTestSupport"]),
        .testTarget(
            name: "TermTableLayoutTests", dependencies: ["TermTableCore", "TermTableLayout", "TermTableTestSupport"]),
        // The typed cells of Layouts/Tasks.layout and Escapes.layout come from the plugin.
        .testTarget(
            name: "TermTableTests",
            dependencies: [
                "TermTable", "TermTableCore", "TermTableLayout", "TermTableTesting", "TermTableTestSupport",
                "TermTableLayouts", "CNcursesw",
            ],
            exclude: ["Snapshots"], plugins: ["TermTableLayoutPlugin"]
        ),
        // The `termtable` tool (lint, preview), the layout generator and its plugin, run as programs.
        .testTarget(
            name: "TermTableToolTests",
            dependencies: [
                "TermTable", "TermTableLayout", "TermTableTesting", "TermTableTestSupport", "TermTableLayouts",
            ],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "NewsKitTests", dependencies: ["NewsKit", "TermTableTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "NewsReaderTests",
            dependencies: [
                "NewsReaderCore", "TermTable", "TermTableTesting", "TermTableLayouts", "NewsKit",
                "TermTableTestSupport",
            ],
            exclude: ["Snapshots"], resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ProcessesTests",
            dependencies: ["ProcessesCore", "ProcessKit", "TermTable", "TermTableTesting"],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "LogKitTests", dependencies: ["LogKit", "TermTableTestSupport"]),
        .testTarget(name: "TableViewerKitTests", dependencies: ["TableViewerKit", "TermTableTestSupport"]),
        // The SQLite reader over files the tests make through the C API.
        .testTarget(
            name: "TableViewerSQLiteTests", dependencies: ["TableViewerSQLite", "CSQLite", "TermTableTestSupport"]),
        // `tv` run as a program (--print, and in tmux), and its screen in memory.
        .testTarget(
            name: "TableViewerTests",
            dependencies: [
                "TableViewerCore", "TableViewerKit", "TableViewerSQLite", "CSQLite", "TermTable", "TermTableTesting",
            ]),
        // `files`' tree on temporary directories, and `files` in tmux.
        .testTarget(name: "FilesTests", dependencies: ["FilesCore", "TermTable", "TermTableTesting"]),
        .testTarget(
            name: "LogsTests", dependencies: ["LogsCore", "LogKit", "TermTable", "TermTableTesting"]),
        // The copy check of the benchmark's hand-coded cell (issue 10); what it links and its layouts (issue 15).
        .testTarget(
            name: "ScrollBenchTests",
            dependencies: ["ScrollBench", "TermTable", "TermTableTesting", "TermTableLayouts"]),

        // Typed layout accessors (issue 13): the generator, and the build-tool plugin that runs it on a target's `.layout` files.
        .executableTarget(name: "TermTableLayoutGen", dependencies: ["TermTableLayout"]),
        .plugin(name: "TermTableLayoutPlugin", capability: .buildTool(), dependencies: ["TermTableLayoutGen"]),
    ]
)
