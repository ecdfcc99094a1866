import TermTableCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A few threads for an app's background work, asleep in the kernel while there is none.
///
/// On Linux, Swift concurrency's default executor runs tasks on libdispatch's global queues. Once
/// one of their threads has started, libdispatch keeps a timer that wakes the process every second
/// for as long as it runs, to watch that pool; an app at rest is never quite at rest. Tasks that
/// prefer this executor run on its own threads instead, which wait on a condition variable and
/// cost nothing while idle:
///
/// ```swift
/// let workers = WorkerPool()
/// let loading = Task(executorPreference: workers) { await model.loadEverything() }
/// ```
///
/// The preference passes to child tasks (`async let`, task groups), so one line at the top of a
/// piece of background work covers all of it; `group.addTask(executorPreference:)` and
/// `withTaskExecutorPreference(_:operation:)` give it to work started elsewhere. Code isolated to
/// an actor (the main actor) still runs on that actor. Blocking calls are fine here, as they are
/// not on the cooperative pool, but each one holds a thread: size the pool for them.
///
/// The threads start as work arrives, up to ``maximumThreads``, and then live until
/// ``shutDown()``. The run loop of ``Application`` uses no dispatch worker either (timers and
/// input arrive on the main queue), so an app whose background work runs here wakes up only
/// for input, timers and its own work.
public final class WorkerPool: TaskExecutor, @unchecked Sendable {
    // @unchecked: all mutable state is in `queue`, a `Locked`.
    private let queue = Locked(JobQueue())

    /// The most threads the pool starts.
    public let maximumThreads: Int

    /// A pool of at most `maximumThreads` threads (at least 1); by default as many as the machine has processors.
    public init(maximumThreads: Int? = nil) {
        self.maximumThreads = max(1, maximumThreads ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The threads started so far.
    public var threadCount: Int { queue.withLock { $0.started } }

    /// Runs `job` on one of the pool's threads (starting one when none is free and the pool is not full).
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let (startThread, wake) = queue.withLock { queue in
            queue.jobs.append(job)
            let waiting = queue.jobs.count - queue.head
            // Once shut down, each job gets a thread that runs what is queued and ends.
            let startThread = queue.stopping || (waiting > queue.idle && queue.started < maximumThreads)
            if startThread { queue.started += 1 }
            return (startThread, queue.idle > 0)
        }
        if wake { queue.wakeOne() }
        if startThread { startWorker() }
    }

    /// Lets the threads finish the jobs queued and end; jobs that arrive afterwards run on a thread of their own.
    ///
    /// For tests and tidy exits: a process may also simply end with the pool's threads asleep.
    public func shutDown() {
        queue.withLock { $0.stopping = true }
        queue.wakeAll()
    }

    private func startWorker() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                let pool = Unmanaged<WorkerPool>.fromOpaque(context!).takeRetainedValue()
                pool.work()
                return nil
            }, context)
        pthread_attr_destroy(&attributes)
        if status != 0 {
            // No thread: the job must still run, or its task would never resume.
            Unmanaged<WorkerPool>.fromOpaque(context).release()
            let job = queue.withLock { queue in
                queue.started -= 1
                return queue.takeJob()
            }
            job?.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// A worker thread's life: take a job, run it, wait for the next one; end once shut down and drained.
    private func work() {
        while true {
            var asleep = false
            // Counts this thread idle while it sleeps, so `enqueue` wakes it rather than start another.
            let sleeps = { (queue: inout JobQueue) -> Bool in
                if asleep { queue.idle -= 1 }
                asleep = queue.head == queue.jobs.count && !queue.stopping
                if asleep { queue.idle += 1 }
                return asleep
            }
            let job = queue.withLock(sleepingWhile: sleeps) { queue in
                let job = queue.takeJob()
                if job == nil { queue.started -= 1 }
                return job
            }
            guard let job else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// The pool's jobs and thread counts, kept under the pool's lock.
private struct JobQueue {
    var jobs: [UnownedJob] = []
    var head = 0
    var idle = 0
    var started = 0
    var stopping = false

    /// The oldest queued job.
    mutating func takeJob() -> UnownedJob? {
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
