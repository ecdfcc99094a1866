#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a POSIX mutex: the package's lock for state shared between threads.
///
/// Not `Synchronization.Mutex`: on Linux its lock and unlock are calls into the uninstrumented
/// Synchronization library (a futex), so ThreadSanitizer sees no order between two `withLock`
/// bodies and reports every contended access as a race. `pthread_mutex_lock` is intercepted by
/// the sanitizer, so a race it reports here is a real one. (`Scripts/sanitizers.sh` runs the
/// suite under ThreadSanitizer; `Tests/TermTableCoreTests/LockedTests.swift` keeps `Mutex` out.)
/// Single flags and counters use `Atomic`, which the sanitizer also sees.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only between lock and unlock of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Wraps `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
