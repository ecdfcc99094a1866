import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.0 server on 127.0.0.1 for loader tests: serves fixed documents, one request per
/// connection, on its own thread, until stopped. Never touches the network beyond loopback.
final class LocalHTTPServer: @unchecked Sendable {
    /// A document to serve: its `Content-Type` header and body.
    struct Document: Sendable {
        var contentType: String
        var body: Data
    }

    let port: UInt16
    private let socketDescriptor: Int32
    private let documents: [String: Document]
    private let stopped = NSLock()
    private var isStopped = false

    /// Starts serving `documents` by path (`/feed.xml`); throws when no port can be bound.
    init(documents: [String: Document]) throws {
        self.documents = documents
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socketDescriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The URL of a served path.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Stops accepting connections.
    func stop() {
        stopped.lock()
        isStopped = true
        stopped.unlock()
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
    }

    private func serve() {
        while true {
            let connection = accept(socketDescriptor, nil, nil)
            guard connection >= 0 else {
                stopped.lock()
                defer { stopped.unlock() }
                if isStopped { return }
                continue
            }
            respond(on: connection)
            close(connection)
        }
    }

    private func respond(on connection: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.ends(with: Array("\r\n\r\n".utf8)) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let line = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
        let path = line.count > 1 ? String(line[1]) : "/"
        var response: Data
        if let document = documents[path] {
            response = Data("HTTP/1.0 200 OK\r\nContent-Type: \(document.contentType)\r\nContent-Length: \(document.body.count)\r\nConnection: close\r\n\r\n".utf8)
            response += document.body
        } else {
            response = Data("HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        }
        response.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(connection, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
