import CTermGuard
import Glibc
import Testing

@testable import TermTable

/// Set by the SIGWINCH handler the resize wake-up tests install in front of the chain.
nonisolated(unsafe) private var previousHandlerCalls: Int32 = 0

extension ProcessStateTests {
    /// The resize wake-up in CTermGuard (issue 20): one copy of the SIGWINCH chain's state for the whole process,
    /// whichever module chains or unchains, the previous handler called first, then one byte written.
    @Suite(.serialized) @MainActor
    struct ResizeWakeTests {
        /// The raw bits of SIGWINCH's current handler (a function pointer, SIG_DFL or SIG_IGN).
        func currentHandler() -> UInt {
            var action = sigaction()
            sigaction(SIGWINCH, nil, &action)
            return unsafeBitCast(action.__sigaction_handler, to: UInt.self)
        }

        /// A pipe, both ends closed on return.
        func withPipe<T>(_ body: (_ read: Int32, _ write: Int32) throws -> T) throws -> T {
            var fds: [Int32] = [-1, -1]
            try #require(ttg_wake_pipe(&fds) == 0)
            defer {
                close(fds[0])
                close(fds[1])
            }
            return try body(fds[0], fds[1])
        }

        @Test func theChainIsOneStateThatAnyModuleSees() throws {
            try withPipe { readFD, _ in
                let before = currentHandler()
                #expect(ttg_winch_is_chained() == 0)
                let watch = try #require(InputWatch(inputFD: readFD))
                // Chained by InputWatch.swift (in TermTable), seen from this module: a header's statics would say 0.
                #expect(ttg_winch_is_chained() == 1)
                #expect(currentHandler() != before)
                // Unchained from here, not from InputWatch: the handler that was there before is back.
                ttg_winch_unchain()
                #expect(ttg_winch_is_chained() == 0)
                #expect(currentHandler() == before)
                watch.cancel()
                #expect(currentHandler() == before)
            }
        }

        @Test func aResizeCallsThePreviousHandlerThenWritesOneByte() throws {
            try withPipe { readFD, writeFD in
                var mine = sigaction()
                mine.__sigaction_handler.sa_handler = { _ in previousHandlerCalls += 1 }
                sigemptyset(&mine.sa_mask)
                var saved = sigaction()
                try #require(sigaction(SIGWINCH, &mine, &saved) == 0)
                defer { sigaction(SIGWINCH, &saved, nil) }
                // raise() delivers to this thread: let SIGWINCH through here (the test runner's threads may block it).
                var winch = sigset_t()
                sigemptyset(&winch)
                sigaddset(&winch, SIGWINCH)
                var savedMask = sigset_t()
                try #require(pthread_sigmask(SIG_UNBLOCK, &winch, &savedMask) == 0)
                defer { pthread_sigmask(SIG_SETMASK, &savedMask, nil) }
                previousHandlerCalls = 0
                try #require(ttg_winch_chain(writeFD) == 0)
                raise(SIGWINCH)
                ttg_winch_unchain()
                var bytes = [UInt8](repeating: 0, count: 8)
                let count = read(readFD, &bytes, bytes.count)
                #expect(previousHandlerCalls == 1)
                #expect(count == 1 && bytes[0] == UInt8(ascii: "w"))
                raise(SIGWINCH)  // unchained: only the previous handler runs
                #expect(previousHandlerCalls == 2)
                #expect(read(readFD, &bytes, bytes.count) == -1 && errno == EAGAIN)
            }
        }

        @Test func epollReachesPipesButNotRegularFiles() throws {
            try withPipe { readFD, _ in
                #expect(ttg_can_epoll(readFD) == 1)
                #expect(InputWatch.canPoll(readFD))
            }
            let devNull = open("/dev/null", O_RDONLY)
            try #require(devNull >= 0)
            defer { close(devNull) }
            #expect(ttg_can_epoll(devNull) == 0)
            #expect(ttg_can_epoll(-1) == 0)
        }
    }
}
