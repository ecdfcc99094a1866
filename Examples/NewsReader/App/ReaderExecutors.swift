import Dispatch
import TermTable
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// The reader's executors: tasks not bound to an actor run on a `WorkerPool`; the main actor stays on the main queue.
///
/// Swift concurrency's default executor on Linux is libdispatch's global pool, and once one of its
/// threads has started, libdispatch checks on the pool every second until the process ends. Every
/// `await` that leaves the main actor (and `Task.yield()`, which goes through the default executor)
/// starts one. The pool's threads instead sleep on a condition variable, so nothing runs at rest.
///
/// This uses Swift 6.3's experimental custom-executor interface (`_createExecutors(factory:)`, the
/// `ExecutorFactory` and `SchedulingExecutor` protocols), which is why it lives in the example app
/// and not in the toolkit: an app that wants the same copies these few lines.
enum ReaderExecutors: ExecutorFactory {
    /// The pool that runs every task not bound to an actor.
    static let background = BackgroundExecutor(pool: WorkerPool())

    static var mainExecutor: any MainExecutor { PlatformExecutorFactory.mainExecutor }
    static var defaultExecutor: any TaskExecutor { background }

    /// Makes these the process's executors; call once, first thing in `main`, before any task starts.
    static func install() {
        _createExecutors(factory: ReaderExecutors.self)
    }
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

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
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
