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
///
/// The lock has a condition variable too: ``withLock(sleepingWhile:_:)`` sleeps on it until another
/// thread changes the value and calls ``wakeOne()`` or ``wakeAll()`` (``WorkerPool``'s threads wait so).
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only between lock and unlock of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    /// Wraps `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed = .allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deinitialize(count: 1)
        changed.deallocate()
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

    /// Takes the lock and, for as long as `shouldSleep` returns true, sleeps until woken (the lock is
    /// free while asleep); then runs `body` with the lock still held, and returns what it returns.
    ///
    /// `shouldSleep` is asked under the lock before the first sleep and after every wake-up, so it
    /// may count sleepers in the value.
    package func withLock<Result>(
        sleepingWhile shouldSleep: (inout Value) -> Bool, _ body: (inout Value) -> Result
    ) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while shouldSleep(&value) { pthread_cond_wait(changed, mutex) }
        return body(&value)
    }

    /// Wakes one thread asleep in ``withLock(sleepingWhile:_:)``, if any, to look at the value again.
    package func wakeOne() { pthread_cond_signal(changed) }

    /// Wakes every thread asleep in ``withLock(sleepingWhile:_:)``.
    package func wakeAll() { pthread_cond_broadcast(changed) }
}
