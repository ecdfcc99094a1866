import Dispatch
import TermTable

#if compiler(>=6.3)
    @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
#endif

/// The reader's executors: tasks not bound to an actor run on a `WorkerPool`; the main actor stays on the main queue.
///
/// Swift concurrency's default executor on Linux is libdispatch's global pool, and once one of its
/// threads has started, libdispatch checks on the pool every second until the process ends. Every
/// `await` that leaves the main actor (and `Task.yield()`, which goes through the default executor)
/// starts one. The pool's threads instead sleep on a condition variable, so nothing runs at rest.
///
/// With Swift 6.3 or later this uses the experimental custom-executor interface (`_createExecutors(factory:)`,
/// the `ExecutorFactory` and `SchedulingExecutor` protocols, below), which is why it lives in the example app
/// and not in the toolkit: an app that wants the same copies these few lines. Older compilers (6.1, 6.2) have no
/// such interface: the program's task then prefers the pool (``startPreferringPool(_:)``), which covers what it
/// awaits and its child tasks, while unstructured tasks and `Task.sleep` use the default executors.
enum ReaderExecutors {
    /// The threads that run every task not bound to an actor.
    static let pool = WorkerPool()

    /// Runs `program` on the main actor, with the reader's executors; call once, first thing in `main`,
    /// before any task starts, then `dispatchMain()`.
    /// (`-Xswiftc -DNEWS_EXECUTOR_FALLBACK` builds the way before 6.3 with any compiler, to run it.)
    static func start(_ program: @escaping @MainActor () async -> Void) {
        #if compiler(>=6.3) && !NEWS_EXECUTOR_FALLBACK
            _createExecutors(factory: ReaderExecutorFactory.self)
            Task { @MainActor in await program() }
        #else
            startPreferringPool(program)
        #endif
    }

    /// The way before Swift 6.3: the default executors stay, and the program's task prefers the pool.
    ///
    /// Compiled by every compiler (only chosen before 6.3), so that it stays type-checked where only 6.3 is
    /// installed.
    static func startPreferringPool(_ program: @escaping @MainActor () async -> Void) {
        Task(executorPreference: pool) { await program() }
    }
}

#if compiler(>=6.3)
    /// The executors of Swift 6.3's experimental factory: the main actor on the main queue, everything else on
    /// ``ReaderExecutors/pool``.
    enum ReaderExecutorFactory: ExecutorFactory {
        /// The pool that runs every task not bound to an actor.
        static let background = BackgroundExecutor(pool: ReaderExecutors.pool)

        static var mainExecutor: any MainExecutor { PlatformExecutorFactory.mainExecutor }
        static var defaultExecutor: any TaskExecutor { background }
    }

    /// A `WorkerPool` that can also run a job after a delay (`Task.sleep` needs it of the default executor).
    final class BackgroundExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
        // @unchecked: both stored properties are immutable references to thread-safe objects.
        /// Where jobs run.
        let pool: WorkerPool
        /// Where delayed jobs wait: a serial queue, whose timers libdispatch keeps on its manager
        /// thread and whose blocks run on the overcommit pool, which it does not watch every second.
        private let timers = DispatchQueue(label: "news.timers")

        init(pool: WorkerPool) {
            self.pool = pool
        }

        func enqueue(_ job: consuming ExecutorJob) {
            pool.enqueue(job)
        }

        func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C)
        {
            // Every clock of the standard library measures in `Duration`; another clock's delay runs at once.
            let waiting = UnownedJob(job)
            let pool = pool
            let (seconds, attoseconds) = ((delay as? Duration) ?? .zero).components
            let nanoseconds = max(0, Int(min(seconds, 86_400)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
            timers.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                pool.enqueue(ExecutorJob(waiting))
            }
        }
    }
#endif
