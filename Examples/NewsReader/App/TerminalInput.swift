import Foundation

/// Standard input as the reader needs it: a feed read from it first (`-`), then the terminal.
enum TerminalInput {
    /// Why the reader cannot run here.
    struct NoTerminal: Error, CustomStringConvertible {
        var detail: String
        var description: String { "news needs a terminal: \(detail)" }
    }

    /// Checks that standard output is a terminal.
    static func requireTerminalOutput() throws {
        guard isatty(STDOUT_FILENO) == 1 else {
            throw NoTerminal(
                detail: "standard output is not a terminal (run it in a terminal, not through a pipe or a redirection)")
        }
    }

    /// Reads all of standard input (for the feed `-`).
    static func readStandardInput() throws -> Data {
        try FileHandle.standardInput.readToEnd() ?? Data()
    }

    /// Makes the controlling terminal standard input again when it is not (after `-` read a pipe).
    static func attachTerminalToStandardInput() throws {
        guard isatty(STDIN_FILENO) != 1 else { return }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else {
            throw NoTerminal(detail: "standard input is not a terminal and /dev/tty cannot be opened")
        }
        // With standard input closed (`news <&-`) the terminal gets descriptor 0 itself: keep it (open across exec).
        if tty == STDIN_FILENO {
            _ = fcntl(tty, F_SETFD, 0)
            return
        }
        defer { close(tty) }
        guard dup2(tty, STDIN_FILENO) >= 0 else {
            throw NoTerminal(detail: "cannot read keys from /dev/tty (\(String(cString: strerror(errno))))")
        }
    }
}
