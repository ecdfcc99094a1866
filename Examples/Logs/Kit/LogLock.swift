import Glibc

/// A mutual-exclusion lock (a pthread mutex), as `NSLock` is, without Foundation.
///
/// LogKit needs no more of Foundation than FoundationEssentials has, and linking Foundation
/// (with CoreFoundation and ICU) into a static `logs` made every first lookup of a protocol
/// conformance at start-up walk their records too. Invariant: the mutex is initialised for the
/// lock's whole life and destroyed in `deinit`, when no thread can hold it.
public final class LogLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked lock.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
