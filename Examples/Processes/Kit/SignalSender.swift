import CProcessSignal
import Glibc

/// How signals reach processes: a handle pinned to one process, then a signal through it.
///
/// The system sender pins with a pidfd (`pidfd_open`), so once the start time
/// has been checked the signal cannot reach another process even if the pid is
/// reused in between; on a kernel without pidfds it falls back to `kill`.
/// Tests give a sender that records instead.
public struct SignalSender: Sendable {
    /// A pinned process.
    public enum Handle: Equatable, Sendable {
        /// A pidfd on the process.
        case descriptor(Int32)
        /// The pid only (no pidfd support).
        case pid(Int32)
    }

    /// Pins the process `pid`: a handle, or the errno (ESRCH: no such process).
    public var pin: @Sendable (Int32) -> Result<Handle, SignalError>
    /// Sends a signal through a handle: 0 or an errno.
    public var send: @Sendable (Handle, Int32) -> Int32
    /// Lets go of a handle.
    public var release: @Sendable (Handle) -> Void

    /// A sender from three closures.
    public init(
        pin: @escaping @Sendable (Int32) -> Result<Handle, SignalError>,
        send: @escaping @Sendable (Handle, Int32) -> Int32,
        release: @escaping @Sendable (Handle) -> Void
    ) {
        self.pin = pin
        self.send = send
        self.release = release
    }

    /// Signals real processes (pidfd_open and pidfd_send_signal, else kill).
    public static let system = SignalSender(
        pin: { pid in
            let fd = procs_pidfd_open(pid)
            if fd >= 0 { return .success(.descriptor(fd)) }
            if -fd == ENOSYS { return .success(.pid(pid)) }
            return .failure(SignalError(code: -fd))
        },
        send: { handle, signal in
            switch handle {
            case .descriptor(let fd): return procs_pidfd_send_signal(fd, signal)
            case .pid(let pid): return kill(pid, signal) == 0 ? 0 : errno
            }
        },
        release: { handle in
            if case .descriptor(let fd) = handle { close(fd) }
        })
}
