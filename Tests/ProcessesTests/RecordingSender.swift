import Foundation
@testable import ProcessKit

/// A sender that records what it was asked and signals nothing.
final class RecordingSender: @unchecked Sendable {
    private let lock = NSLock()
    private var _pinned: [Int32] = []
    private var _sent: [(pid: Int32, signal: Int32)] = []
    /// Errno for pinning these pids.
    var pinErrors: [Int32: Int32] = [:]
    /// Errno for sending to these pids.
    var sendErrors: [Int32: Int32] = [:]

    var pinned: [Int32] { lock.withLock { _pinned } }
    var sent: [(pid: Int32, signal: Int32)] { lock.withLock { _sent } }

    var sender: SignalSender {
        SignalSender(
            pin: { pid in
                self.lock.withLock { self._pinned.append(pid) }
                if let code = self.pinErrors[pid] { return .failure(SignalError(code: code)) }
                return .success(.pid(pid))
            },
            send: { handle, signal in
                guard case .pid(let pid) = handle else { return EINVAL }
                if let code = self.sendErrors[pid] { return code }
                self.lock.withLock { self._sent.append((pid, signal)) }
                return 0
            },
            release: { _ in })
    }
}
