import Glibc

/// Runs work on a detached thread of its own, without Foundation and without libdispatch's global pool (the
/// examples never start it): the index and sorts of a large file.
public enum TableThread {
    private final class Box {
        let name: String
        let body: @Sendable () -> Void
        init(_ name: String, _ body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }

        /// Names the thread (`/proc/thread-self/comm`; `pthread_setname_np` needs `_GNU_SOURCE`), then runs.
        func run() {
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if descriptor >= 0 {
                let bytes = Array(name.utf8.prefix(15))
                _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }
            body()
        }
    }

    /// Starts `body` on a new detached thread; `name` (at most 15 bytes) is what `ps -L` shows.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(name, body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { argument in
                Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().run()
                return nil
            }, box)
        if status != 0 {
            // No thread: run it here rather than lose it.
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }
}
