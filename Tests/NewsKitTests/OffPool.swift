import Foundation

/// Runs heavy synchronous test work (multi-megabyte documents) on a Dispatch thread, so it does
/// not hold one of Swift concurrency's few threads (two on a two-core machine) for seconds while
/// other suites, some of them timing network errors, wait for one.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
