import CNewsHTTP
import Foundation
import Synchronization

/// A flag that a task's cancellation handler sets and blocking work on another thread reads.
///
/// It also holds the C flag `news_http_get` polls, so a download in libcurl stops too. That raw
/// pointer is why the class stays `@unchecked Sendable`: it is written only by `news_http_cancel`
/// (atomically, in C) and freed in `deinit`; the Swift-side flag is an `Atomic`.
final class CancellationFlag: @unchecked Sendable {
    private let cancelled = Atomic(false)
    /// The flag in C memory, for `news_http_get` (written atomically by `news_http_cancel`).
    let cFlag: UnsafeMutablePointer<Int32>

    /// Creates an unset flag.
    init() {
        cFlag = .allocate(capacity: 1)
        cFlag.initialize(to: 0)
    }

    deinit {
        cFlag.deallocate()
    }

    /// Sets the flag.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        news_http_cancel(cFlag)
    }

    /// Whether the flag is set.
    var isCancelled: Bool {
        cancelled.load(ordering: .acquiring)
    }

    /// Runs `work` on a thread of its own (blocking I/O must not hold Swift concurrency's few
    /// threads), handing it a flag that the calling task's cancellation sets.
    static func runOnThread<T: Sendable>(_ work: @escaping @Sendable (CancellationFlag) -> T) async -> T {
        let flag = CancellationFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: work(flag)) }
            }
        } onCancel: {
            flag.cancel()
        }
    }
}
