import Glibc

/// `news` under an address-space limit (`ulimit -v`, `RLIMIT_AS`).
///
/// Before, news crashed in 2 of 7 runs under 200 MB (issue 32): glibc gives each thread that allocates its
/// own malloc arena, and each arena reserves 64 MB of address space (5 arenas: 320 MB of a 515 MB process
/// whose resident size is 41 MB), so an allocation failed, and Swift's runtime cannot report one without
/// allocating (it crashed with SIGSEGV, printing nothing). So under a limit news uses one arena, and a limit
/// below ``minimumBytes`` is refused at once, with a message and exit status 1.
enum AddressSpaceLimit {
    /// The least address space news is started in: its libraries alone map about 120 MB (below that the
    /// dynamic loader fails, before `main`), and with one arena the bundled samples load in 170 MB, not in 160.
    static let minimumBytes = 192 << 20

    /// The soft limit in force, nil when there is none.
    static var current: Int? {
        var limit = rlimit()
        // rlim_t.max is RLIM_INFINITY (which Swift does not import: it is -1 in an unsigned type).
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max
        else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// What news says when `limit` is too small to start in, nil when it is not.
    static func refusal(for limit: Int?) -> String? {
        guard let limit, limit < minimumBytes else { return nil }
        return "news: the address-space limit (ulimit -v) is \(limit >> 20) MB; news needs at least "
            + "\(minimumBytes >> 20) MB (ulimit -v \(minimumBytes >> 10))"
    }

    /// First thing in `main`: refuses a limit that is too small (the message on standard error, exit 1), and
    /// under a limit keeps malloc to one arena.
    static func check() {
        let limit = current
        if let refusal = refusal(for: limit) {
            let line = refusal + "\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            exit(1)
        }
        if limit != nil { limitMallocArenas(to: 1) }
    }

    /// `mallopt(M_ARENA_MAX, count)`, looked up at run time: Swift's Glibc module does not import `malloc.h`.
    private static func limitMallocArenas(to count: Int32) {
        let arenaMax: Int32 = -8  // M_ARENA_MAX in glibc's malloc.h
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: MallOpt.self)(arenaMax, count)
    }
}
