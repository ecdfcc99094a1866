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
    // @unchecked: `jobs`, `head`, `idle`, `started` and `stopping` are touched only under `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let workArrived: UnsafeMutablePointer<pthread_cond_t>
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var idle = 0
    private var started = 0
    private var stopping = false

    /// The most threads the pool starts.
    public let maximumThreads: Int

    /// A pool of at most `maximumThreads` threads (at least 1); by default as many as the machine has processors.
    public init(maximumThreads: Int? = nil) {
        self.maximumThreads = max(1, maximumThreads ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        workArrived = .allocate(capacity: 1)
        workArrived.initialize(to: pthread_cond_t())
        pthread_cond_init(workArrived, nil)
    }

    deinit {
        // Every thread holds the pool, so there are none left here.
        pthread_cond_destroy(workArrived)
        workArrived.deinitialize(count: 1)
        workArrived.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The threads started so far.
    public var threadCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return started
    }

    /// Runs `job` on one of the pool's threads (starting one when none is free and the pool is not full).
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        let waiting = jobs.count - head
        // Once shut down, each job gets a thread that runs what is queued and ends.
        let startThread = stopping || (waiting > idle && started < maximumThreads)
        if startThread { started += 1 }
        if idle > 0 { pthread_cond_signal(workArrived) }
        pthread_mutex_unlock(mutex)
        if startThread { startWorker() }
    }

    /// Lets the threads finish the jobs queued and end; jobs that arrive afterwards run on a thread of their own.
    ///
    /// For tests and tidy exits: a process may also simply end with the pool's threads asleep.
    public func shutDown() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(workArrived)
        pthread_mutex_unlock(mutex)
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
            pthread_mutex_lock(mutex)
            started -= 1
            let job = takeJob()
            pthread_mutex_unlock(mutex)
            job?.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// A worker thread's life: take a job, run it, wait for the next one.
    private func work() {
        pthread_mutex_lock(mutex)
        while true {
            if let job = takeJob() {
                pthread_mutex_unlock(mutex)
                job.runSynchronously(on: asUnownedTaskExecutor())
                pthread_mutex_lock(mutex)
                continue
            }
            if stopping { break }
            idle += 1
            pthread_cond_wait(workArrived, mutex)
            idle -= 1
        }
        started -= 1
        pthread_mutex_unlock(mutex)
    }

    /// The oldest queued job; the caller holds `mutex`.
    private func takeJob() -> UnownedJob? {
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
