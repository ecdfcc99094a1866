import Glibc

/// Starts work on a thread of its own (a detached pthread), as Foundation's `Thread` does, without Foundation.
public enum LogThread {
    /// The closure a new thread runs, handed to it through `pthread_create`'s argument.
    private final class Work {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Names the calling thread (what `ps -L` and `/proc/PID/task/TID/comm` show; Linux keeps 15 bytes) by writing
    /// `/proc/thread-self/comm`: `pthread_setname_np` is not imported (it needs `_GNU_SOURCE`).
    static func nameCurrentThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// Runs `body` on a new detached thread named `name` (at most 15 bytes are kept, as Linux allows).
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let status = pthread_create(
            &thread, &attributes,
            { argument in
                let work = Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue()
                LogThread.nameCurrentThread(work.name)
                work.body()
                return nil
            }, work)
        pthread_attr_destroy(&attributes)
        if status != 0 {
            Unmanaged<Work>.fromOpaque(work).release()
            fatalError("logs: cannot start a thread (\(status))")
        }
    }
}
