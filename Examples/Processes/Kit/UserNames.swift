import Glibc

/// Names for uids, looked up once each with getpwuid_r.
public final class UserNames {
    private var cache: [UInt32: String] = [:]
    private let lookup: @Sendable (UInt32) -> String?

    /// Names from the system's user database, or from `lookup` (tests).
    public init(lookup: (@Sendable (UInt32) -> String?)? = nil) {
        self.lookup = lookup ?? UserNames.systemName
    }

    /// The name of `uid`, or its digits when it has none.
    public func name(of uid: UInt32) -> String {
        if let name = cache[uid] { return name }
        let name = lookup(uid) ?? String(uid)
        cache[uid] = name
        return name
    }

    /// The name in the passwd database.
    @Sendable static func systemName(_ uid: UInt32) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name
        else {
            return nil
        }
        return String(cString: name)
    }
}
