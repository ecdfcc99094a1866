import Foundation

/// Runs a program and waits for it with posix_spawn and waitpid (not Foundation's `Process`, whose
/// exit monitoring can leave a test waiting on a reaped-never child).
public enum ChildProcess {
    /// Why a program could not be started.
    public struct Failure: Error, CustomStringConvertible {
        /// A sentence naming the program and the system's reason.
        public var description: String
        /// Creates a failure.
        public init(description: String) { self.description = description }
    }

    /// How the program ended and what it wrote.
    public struct Result: Sendable {
        /// The exit status, or 128 + the signal that killed it.
        public var status: Int32
        /// Standard output and standard error, interleaved.
        public var output: String
    }

    /// Runs `arguments` (the program is looked up in `PATH` when it has no slash) with standard input
    /// from /dev/null and output to a file, and waits for it.
    public static func run(_ arguments: [String], environment: [String: String]) throws -> Result {
        try run(arguments, environment: environment, closingOneByOne: false)
    }

    /// ``run(_:environment:)``, closing inherited descriptors one by one when `closingOneByOne` (the fallback for a
    /// glibc before 2.34, which tests take on purpose).
    package static func run(_ arguments: [String], environment: [String: String], closingOneByOne: Bool) throws
        -> Result
    {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("termtable-spawn-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        let pid = try spawn(arguments, environment: environment, closingOneByOne: closingOneByOne) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand: the macros are not imported.
        let signal = status & 0x7f
        return Result(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, output: output)
    }

    /// Starts `arguments` with `posix_spawnp` and returns its process id, without waiting.
    ///
    /// The child starts with no signal blocked or ignored: the test process's threads block
    /// signals, and a child that inherited that mask (a tmux server, an app under test) would
    /// never see its panes end, nor SIGTERM. With `newSession` it leads a session of its own, so
    /// the first terminal it opens (say, a pty slave in `fileActions`) becomes its controlling
    /// terminal. `fileActions` sets up its standard descriptors; every descriptor above 2 is then closed in the
    /// child, so it holds none of the test process's (another test's pipe or pty, which would then never see its
    /// end of file while the child lives).
    public static func spawn(
        _ arguments: [String], environment: [String: String], newSession: Bool = false,
        fileActions: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        try spawn(
            arguments, environment: environment, newSession: newSession, closingOneByOne: false,
            fileActions: fileActions)
    }

    /// ``spawn(_:environment:newSession:fileActions:)``, closing inherited descriptors one by one when
    /// `closingOneByOne`.
    package static func spawn(
        _ arguments: [String], environment: [String: String], newSession: Bool = false, closingOneByOne: Bool,
        fileActions: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        fileActions(&actions)
        if closingOneByOne {
            closeEachOpenDescriptorAboveStandard(&actions)
        } else {
            closeDescriptorsAboveStandard(&actions)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let setsid: Int32 = newSession ? 0x80 : 0  // POSIX_SPAWN_SETSID (glibc 2.26+)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Adds to `actions` the closing of every descriptor above 2: glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34 and later; looked up at run time, as Swift's Glibc module does not import it), or else one close for
    /// each descriptor open now (`/proc/self/fd`; glibc ignores a close of one closed meanwhile).
    private static func closeDescriptorsAboveStandard(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {  // nil: RTLD_DEFAULT on glibc
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            if closeFrom(&actions, 3) == 0 { return }
        }
        closeEachOpenDescriptorAboveStandard(&actions)
    }

    /// The fallback of ``closeDescriptorsAboveStandard(_:)``: a close for each descriptor above 2 open now.
    package static func closeEachOpenDescriptorAboveStandard(_ actions: inout posix_spawn_file_actions_t) {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }
}
