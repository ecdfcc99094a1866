import Foundation

/// The repository's root folder, found from this file (`Tests/TermTableTestSupport/RepositoryPaths.swift`).
package let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// The repository's `Layouts` folder: the project's own layout templates.
package let layoutsDirectory = repositoryRoot + "/Layouts"
