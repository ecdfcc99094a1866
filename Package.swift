// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TermTable",
    products: [
        .library(name: "TermTable", targets: ["TermTable"]),
        .library(name: "TermTableTesting", targets: ["TermTableTesting"]),
        .executable(name: "termtable", targets: ["TermTableTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Layer 0: the system library and the async-signal-safe terminal guard.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .target(name: "CTermGuard", path: "Sources/CTermGuard"),

        // The toolkit: Terminal -> Views -> Layout -> Table -> App.
        .target(name: "TermTable", dependencies: ["CNcursesw", "CTermGuard"]),
        .target(name: "TermTableTesting", dependencies: ["TermTable"]),
        .executableTarget(
            name: "TermTableTool",
            dependencies: ["TermTable", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Tests.
        .testTarget(
            name: "TermTableTests",
            dependencies: ["TermTable", "TermTableTesting", "CNcursesw"],
            exclude: ["Snapshots"]
        ),
    ]
)
