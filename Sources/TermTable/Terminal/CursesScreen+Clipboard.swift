import Glibc
import TermTableCore

extension CursesScreen {
    /// Writes `sequence` to the terminal at once, after what the last flush sent (ncurses' own output is flushed
    /// first); false when the screen is closed or its output is not a terminal.
    public func writeControlSequence(_ sequence: ControlSequence) -> Bool {
        guard isOpen, isatty(fileno(outputFile)) == 1 else { return false }
        fflush(outputFile)
        let descriptor = fileno(outputFile)
        var written = 0
        let bytes = sequence.bytes
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            written += result
        }
        return true
    }
}
