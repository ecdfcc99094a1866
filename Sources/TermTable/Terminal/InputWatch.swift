internal import CTermGuard
import Dispatch
import Glibc
import TermTableCore

/// Watches a terminal's input descriptor, and a pipe that SIGWINCH writes to, with dispatch read sources.
///
/// The sources wait in the kernel (epoll), so nothing runs while nothing
/// happens. Armed, the first readiness calls the handler once on the main
/// actor and disarms both sources; the run loop arms them again before it next
/// waits. The descriptors watched are private duplicates, closed by the
/// sources' cancel handlers, so closing the screen's streams never pulls a
/// descriptor from under a source.
@MainActor
final class InputWatch {
    private let input: DispatchSourceRead
    private let resize: DispatchSourceRead?
    private let resizeWriteFD: Int32
    private var armed = false
    private var ready: (@MainActor () -> Void)?

    /// A watch on `inputFD` (duplicated), or nil when that descriptor cannot be waited on (a regular file, /dev/null).
    init?(inputFD: Int32) {
        guard InputWatch.canPoll(inputFD) else { return nil }
        let watched = dup(inputFD)
        guard watched >= 0 else { return nil }
        input = DispatchSource.makeReadSource(fileDescriptor: watched, queue: .main)
        input.setCancelHandler { close(watched) }
        var fds: [Int32] = [-1, -1]
        if ttg_wake_pipe(&fds) == 0, ttg_winch_chain(fds[1]) == 0 {
            let readFD = fds[0]
            let source = DispatchSource.makeReadSource(fileDescriptor: readFD, queue: .main)
            source.setCancelHandler { close(readFD) }
            resize = source
            resizeWriteFD = fds[1]
        } else {
            if fds[0] >= 0 {
                close(fds[0])
                close(fds[1])
            }
            resize = nil
            resizeWriteFD = -1
        }
        input.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.fire(drainResize: false) } }
        resize?.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.fire(drainResize: true) } }
        // Sources start inactive; activating and suspending at once leaves them disarmed.
        input.activate()
        input.suspend()
        resize?.activate()
        resize?.suspend()
    }

    /// True when epoll accepts `fd` (terminals, pipes, sockets; not regular files or /dev/null).
    static func canPoll(_ fd: Int32) -> Bool { ttg_can_epoll(fd) != 0 }

    /// Calls `ready` once when input or a resize may be waiting.
    func arm(_ ready: @escaping @MainActor () -> Void) {
        self.ready = ready
        guard !armed else { return }
        armed = true
        input.resume()
        resize?.resume()
    }

    /// Makes the resize source ready, as a SIGWINCH does: the handler runs once the watch is armed.
    func wakeForResize() {
        guard resizeWriteFD >= 0 else { return }
        var byte = UInt8(ascii: "w")
        _ = write(resizeWriteFD, &byte, 1)
    }

    /// Withdraws the call.
    func disarm() {
        ready = nil
        guard armed else { return }
        armed = false
        input.suspend()
        resize?.suspend()
    }

    private func fire(drainResize: Bool) {
        if drainResize, let resize {
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(Int32(resize.handle), &bytes, bytes.count) > 0 {}
        }
        let call = ready
        disarm()
        call?()
    }

    /// Stops watching for good: the sources are cancelled (closing their descriptors) and SIGWINCH is unchained.
    func cancel() {
        ttg_winch_unchain()
        if resizeWriteFD >= 0 { close(resizeWriteFD) }
        input.cancel()
        resize?.cancel()
        // A suspended source must be resumed for its cancellation to complete.
        if !armed {
            input.resume()
            resize?.resume()
        }
        armed = false
        ready = nil
    }
}
