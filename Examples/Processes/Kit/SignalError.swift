import Glibc

/// An errno from pinning or signalling.
public struct SignalError: Error, Equatable, Sendable {
    /// The errno.
    public var code: Int32
    /// Creates an error.
    public init(code: Int32) { self.code = code }
    /// strerror's text.
    public var message: String { String(cString: strerror(code)) }
}
