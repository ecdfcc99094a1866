import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the loader's tests: started by the test, on a free port,
/// one thread per connection, and bounded: it stops when the test calls `stop()`, and on its own
/// after `lifetime` seconds (15 min: a loaded parallel run once left a test 5 minutes before its first request,
/// and a server gone by then refused it); a response that streams forever stops when the client goes away.
final class LocalHTTPServer: @unchecked Sendable {
    // @unchecked: `state` is read and written only while holding `lock` (an `NSLock`, not a `Mutex`:
    // ThreadSanitizer cannot see a `Mutex` on Linux; see `Locked` in TermTableCore).
    /// What a route sends: the head and body bytes given to `send`, until it returns false (client gone).
    typealias Route = @Sendable (_ send: (Data) -> Bool) -> Void

    /// The server's base address, `http://127.0.0.1:PORT`.
    let baseURL: URL
    private let listener: Int32
    private let routes: [String: Route]
    /// Whether the server stopped, the events so far, and who waits for which event.
    private struct State {
        var stopped = false
        var events: [String] = []
        var waiters: [(String, CheckedContinuation<Void, Never>)] = []
    }
    private let lock = NSLock()
    private var state = State()

    /// Runs `body` on the state while holding the lock.
    private func withState<R>(_ body: (inout State) -> R) -> R {
        lock.withLock { body(&state) }
    }

    /// Starts listening; `routes` maps a path to what it sends.
    init(routes: [String: Route], lifetime: TimeInterval = 900) throws {
        self.routes = routes
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        baseURL = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        let deadline = Date().addingTimeInterval(lifetime)
        Thread.detachNewThread { [self] in acceptLoop(until: deadline) }
    }

    deinit { stop() }

    /// A fixed document to serve: its `Content-Type` header and body.
    struct Document: Sendable {
        var contentType: String
        var body: Data
    }

    /// Starts serving fixed documents by path (`/feed.xml`).
    convenience init(documents: [String: Document]) throws {
        try self.init(
            routes: documents.mapValues { document in
                LocalHTTPServer.response(document.body, headers: ["Content-Type: \(document.contentType)"])
            })
    }

    /// The address of `path` on this server.
    func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }

    /// Stops accepting and ends every streaming response.
    func stop() {
        withState { $0.stopped = true }
    }

    private var isStopped: Bool { withState { $0.stopped } }

    /// Waits until `event` happened: `request <path>` when a request arrived, `closed <path>` when
    /// its response ended (finished, or the client went away).
    func wait(for event: String) async {
        await withCheckedContinuation { continuation in
            let happened = withState { state in
                if state.events.contains(event) { return true }
                state.waiters.append((event, continuation))
                return false
            }
            if happened { continuation.resume() }
        }
    }

    private func record(_ event: String) {
        let ready = withState { state in
            state.events.append(event)
            let ready = state.waiters.filter { $0.0 == event }
            state.waiters.removeAll { $0.0 == event }
            return ready
        }
        for (_, continuation) in ready { continuation.resume() }
    }

    private func acceptLoop(until deadline: Date) {
        defer { close(listener) }
        while !isStopped, Date() < deadline {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            Thread.detachNewThread { [self] in serve(connection, until: deadline) }
        }
        stop()
    }

    private func serve(_ connection: Int32, until deadline: Date) {
        defer { close(connection) }
        var request = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request.append(contentsOf: buffer[0..<count])
        }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
        let path = line.count > 1 ? String(line[1]) : "/"
        record("request \(path)")
        defer { record("closed \(path)") }
        let send: (Data) -> Bool = { [self] data in
            guard !isStopped, Date() < deadline else { return false }
            return data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let sent = Glibc.send(
                        connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    if sent <= 0 { return false }
                    offset += sent
                }
                return true
            }
        }
        if let route = routes[path] {
            route(send)
        } else {
            _ = send(Data("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        }
    }

    // MARK: Responses

    /// A complete response with `body` and extra header lines.
    static func response(_ body: Data, status: String = "200 OK", headers: [String] = []) -> Route {
        { send in
            let head =
                (["HTTP/1.1 \(status)", "Content-Length: \(body.count)", "Connection: close"] + headers)
                .joined(separator: "\r\n") + "\r\n\r\n"
            _ = send(Data(head.utf8)) && send(body)
        }
    }

    /// A response whose body never ends: `chunk` again and again (after `pause` each time) until the client leaves.
    static func endless(_ chunk: Data, pause: TimeInterval = 0, head: String = "<rss version=\"2.0\"><channel>")
        -> Route
    {
        { send in
            guard
                send(
                    Data(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nConnection: close\r\n\r\n\(head)".utf8)
                )
            else { return }
            while send(chunk) {
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
        }
    }
}
