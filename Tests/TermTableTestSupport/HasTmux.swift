import Foundation

/// True when tmux is installed: the end-to-end tests drive the built programs in a tmux pane of their own
/// (`TmuxSession`) and are skipped without it (`@Test(.enabled(if: hasTmux, "tmux is not installed"))`).
package var hasTmux: Bool {
    ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
}
