import Foundation
import TermTable

@testable import ProcessKit

/// A sender that records what it was asked and signals nothing.
final class RecordingSender: Sendable {
    private struct State {
        var pinned: [Int32] = []
        var sent: [(pid: Int32, signal: Int32)] = []
        var pinErrors: [Int32: Int32] = [:]
        var sendErrors: [Int32: Int32] = [:]
    }
    private let state = Locked(State())

    /// Errno for pinning these pids.
    var pinErrors: [Int32: Int32] {
        get { state.withLock { $0.pinErrors } }
        set { state.withLock { $0.pinErrors = newValue } }
    }
    /// Errno for sending to these pids.
    var sendErrors: [Int32: Int32] {
        get { state.withLock { $0.sendErrors } }
        set { state.withLock { $0.sendErrors = newValue } }
    }

    var pinned: [Int32] { state.withLock { $0.pinned } }
    var sent: [(pid: Int32, signal: Int32)] { state.withLock { $0.sent } }

    var sender: SignalSender {
        SignalSender(
            pin: { pid in
                let code = self.state.withLock { state in
                    state.pinned.append(pid)
                    return state.pinErrors[pid]
                }
                if let code { return .failure(SignalError(code: code)) }
                return .success(.pid(pid))
            },
            send: { handle, signal in
                guard case .pid(let pid) = handle else { return EINVAL }
                return self.state.withLock { state in
                    if let code = state.sendErrors[pid] { return code }
                    state.sent.append((pid, signal))
                    return 0
                }
            },
            release: { _ in })
    }
}
