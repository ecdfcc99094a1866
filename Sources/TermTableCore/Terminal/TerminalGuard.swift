internal import CTermGuard
import Glibc

/// Gives the terminal back to the user on every way out of the process.
///
/// `CursesScreen` installs the guard before ncurses changes anything; from then
/// on a normal exit, `exit()`, SIGINT, SIGTERM, SIGHUP, SIGQUIT, a crash signal
/// (SEGV, BUS, ILL, FPE, ABRT, TRAP, SYS) or any other signal whose default action
/// ends the process (USR1, USR2, ALRM, PIPE, XCPU, XFSZ, VTALRM, PROF, ...) writes
/// the saved terminal modes back and leaves full-screen mode before the process
/// ends with its conventional status (128 + the signal number). The handlers run
/// on an alternate signal stack, so a stack overflow on the main thread restores
/// the terminal too. SIGKILL and SIGSTOP cannot be caught: after `kill -9` the
/// terminal stays in full-screen mode until `reset`. The handlers are written in C
/// (`CTermGuard`) because only async-signal-safe calls are allowed there.
public enum TerminalGuard {
    /// Saves the modes of terminal `fd` and installs the handlers; false when `fd` is not a terminal.
    package static func install(fd: Int32) -> Bool {
        ttg_install(fd) == 0
    }

    /// Sets the bytes written when the terminal is restored.
    package static func setRestoreSequence(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                ttg_set_restore_sequence(chars.baseAddress, chars.count)
            }
        }
    }

    /// Removes the handlers after a normal shutdown.
    package static func uninstall() {
        ttg_uninstall()
    }

    /// True while a terminal is held in full-screen mode.
    public static var isActive: Bool { ttg_is_active() != 0 }

    /// Restores the terminal now (idempotent); the app can still print afterwards.
    public static func restore() {
        ttg_restore()
    }

    /// Stops the program for a programmer error: restores the terminal first, so the message stays readable.
    ///
    /// ```swift
    /// guard let template = templates[identifier] else {
    ///     TerminalGuard.fail("no cell registered for reuse identifier '\(identifier)'")
    /// }
    /// ```
    public static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        restore()
        // The runtime prints `file:line: Fatal error: message` once the terminal is back: not printed here too.
        fatalError(message, file: file, line: line)
    }
}
