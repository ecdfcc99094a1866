import Foundation
import TermTableTesting

/// `sleep` children of the test process that live until killed; ``stop()`` kills and reaps those still there.
final class SleepingChildren {
    var pids: [pid_t] = []
    private var reaped: [pid_t: Int32] = [:]

    /// Starts `count` `sleep 1000.N` children with a random N.
    init(count: Int) throws {
        let tag = Int.random(in: 100_000...999_999)
        for index in 0..<count {
            pids.append(try ChildProcess.spawn(["sleep", "1000.\(tag)\(index)"], environment: [:]) { _ in })
        }
    }

    /// The signal that ended `pid` once it has ended, nil while it runs (reaps it).
    func endingSignal(_ pid: pid_t) -> Int32? {
        if let status = reaped[pid] { return status & 0x7f }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        reaped[pid] = status
        return status & 0x7f
    }

    /// Waits until `pid` ends (a hang guard of `timeout`); the signal that ended it.
    func waitForEnd(_ pid: pid_t, timeout: Duration = .seconds(10)) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let signal = endingSignal(pid) { return signal }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    func stop() {
        for pid in pids where endingSignal(pid) == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }
}
