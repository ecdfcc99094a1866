import Glibc
import TermTableCore

/// Waiting for keys and resizes without polling: ``/TermTableCore/Screen/notifyWhenInputArrives(_:)`` on the terminal.
extension CursesScreen {
    /// Calls `ready` once when a key or a resize may be waiting; false when the input cannot be waited on (/dev/null).
    public func notifyWhenInputArrives(_ ready: @escaping @MainActor () -> Void) -> Bool {
        guard isOpen else { return false }
        if inputWatch == nil {
            guard let watch = InputWatch(inputFD: inputDescriptor) else { return false }
            inputWatch = watch
            // A resize after the first frame but before the watch chained SIGWINCH reached only ncurses' handler,
            // and nothing would wake the loop to ask for it before the next key: one wake-up if the sizes differ.
            if let current = terminalSize, current != size { watch.wakeForResize() }
        }
        inputWatch?.arm(ready)
        return true
    }

    /// Withdraws the call of ``notifyWhenInputArrives(_:)``.
    public func cancelInputNotification() {
        inputWatch?.disarm()
    }

    /// The terminal's size as the kernel has it now (`TIOCGWINSZ` on the output), nil if it cannot say.
    var terminalSize: Size? {
        var window = winsize()
        guard ioctl(fileno(outputFile), UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        return Size(width: Int(window.ws_col), height: Int(window.ws_row))
    }
}
