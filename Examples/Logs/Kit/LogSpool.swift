import Dispatch
import FoundationEssentials
import Glibc

/// A pipe or standard input copied, as it arrives, into an unlinked temporary file that ``LogFile`` indexes.
///
/// A pipe cannot be read twice or backwards, so its bytes go to a spool (in
/// `$TMPDIR`, deleted at once: the space is freed when the program ends) up to a
/// limit; past the limit the rest is not read and ``notice`` says so. A reader
/// thread blocks in `read`; each batch it writes calls the growth handler on
/// the main queue (``start(_:)``). Memory stays bounded (one 64 KiB buffer).
public final class LogSpool: @unchecked Sendable {
    /// The spool's descriptor (read with `pread`).
    public let descriptor: Int32
    /// The most bytes copied.
    public let limit: Int64
    private var source: Int32
    private let reopenPath: String?
    private let lock = LogLock()
    private var written: Int64 = 0
    private var ended = false
    private var limitReached = false
    private var handler: (@MainActor @Sendable () -> Void)?
    private var notifyPending = false

    /// A spool of `source` (a pipe), at most `limit` bytes; starts reading at once.
    ///
    /// A named FIFO (`reopenPath`) is opened again by the reader thread, blocking until a writer comes: a
    /// FIFO read before any writer opened it reads as ended.
    public init(source: Int32, limit: Int64, reopenPath: String? = nil) throws(LogFileError) {
        var template = Array((ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp").utf8CString.dropLast())
        template += Array("/logs-spool-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .system("spool", String(cString: strerror(errno))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = fd
        self.source = source
        self.reopenPath = reopenPath
        self.limit = limit
        LogThread.start(name: "logs-spool") { [self] in self.copy() }
    }

    /// The bytes copied so far.
    public var size: Int64 { lock.withLock { written } }

    /// Whether the pipe ended (or the limit stopped the copy).
    public var isFinished: Bool { lock.withLock { ended } }

    /// A sentence when the limit stopped the copy, else nil.
    public var notice: String? {
        lock.withLock { limitReached ? "input stopped at \(limit >> 20) MiB (the spool's limit, --spool-limit)" : nil }
    }

    /// Calls `changed` on the main queue after bytes arrive (at most one call queued at a time).
    public func start(_ changed: @escaping @MainActor @Sendable () -> Void) {
        lock.withLock { handler = changed }
        notify()
    }

    /// No more calls.
    public func stop() { lock.withLock { handler = nil } }

    private func notify() {
        let run: Bool = lock.withLock {
            guard handler != nil, !notifyPending else { return false }
            notifyPending = true
            return true
        }
        guard run else { return }
        DispatchQueue.main.async { [self] in
            let handler = lock.withLock {
                notifyPending = false
                return self.handler
            }
            MainActor.assumeIsolated { handler?() }
        }
    }

    private func copy() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer {
            buffer.deallocate()
            close(source)
        }
        if let reopenPath {
            let blocking = open(reopenPath, O_RDONLY | O_CLOEXEC)
            if blocking >= 0 {
                close(source)
                source = blocking
            }
        }
        while true {
            let room = lock.withLock { limit - written }
            if room <= 0 {
                lock.withLock { limitReached = true }
                break
            }
            let count = read(source, buffer, Int(min(Int64(size), room)))
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            var done = 0
            let at = lock.withLock { written }
            while done < count {
                let result = pwrite(descriptor, buffer + done, count - done, off_t(at) + off_t(done))
                if result < 0, errno == EINTR { continue }
                if result <= 0 { break }
                done += result
            }
            lock.withLock { written += Int64(done) }
            notify()
            if done < count { break }
        }
        lock.withLock { ended = true }
        notify()
    }
}
