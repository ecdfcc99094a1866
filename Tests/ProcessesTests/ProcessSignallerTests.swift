import Foundation
import ProcessesCore
import TermTableTesting
import Testing

@testable import ProcessKit

@Suite("Signalling only the marked process", .serialized)
struct ProcessSignallerTests {
    static func setUp() -> (FakeProcTree, RecordingSender, ProcessSignaller) {
        let tree = FakeProcTree()
        let recorder = RecordingSender()
        return (tree, recorder, ProcessSignaller(reader: tree.reader, ownPID: 999, sender: recorder.sender))
    }

    @Test func theMarkedProcessGetsTheSignal() {
        let (tree, recorder, signaller) = Self.setUp()
        tree.add(FakeProcess(pid: 500, name: "sleep", startTicks: 1000))
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: 500, startTicks: 1000)) == .sent)
        #expect(recorder.sent.map(\.pid) == [500] && recorder.sent.map(\.signal) == [SIGTERM])
    }

    @Test func aPidReusedByAnotherProcessIsNeverSignalled() {
        let (tree, recorder, signaller) = Self.setUp()
        // Marked: pid 500 started at tick 1000. It exits; a new process gets pid 500 at tick 2000.
        tree.add(FakeProcess(pid: 500, name: "victim", startTicks: 2000))
        let reports = signaller.send(SIGKILL, to: [(ProcessID(pid: 500, startTicks: 1000), "sleep 1000")])
        #expect(reports.map(\.outcome) == [.pidReused])
        #expect(recorder.sent.isEmpty)
        #expect(
            ProcessViewer.summary(of: reports, signal: SIGKILL)
                == "SIGKILL sent to 0 processes; skipped 500 (pid reused by another process)")
    }

    @Test func anExitedProcessIsSkipped() {
        let (tree, recorder, signaller) = Self.setUp()
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: 501, startTicks: 1)) == .exited)  // no /proc entry
        recorder.pinErrors[502] = ESRCH
        tree.add(FakeProcess(pid: 502, name: "gone", startTicks: 1))
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: 502, startTicks: 1)) == .exited)
        recorder.sendErrors[503] = ESRCH
        tree.add(FakeProcess(pid: 503, name: "racing", startTicks: 1))
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: 503, startTicks: 1)) == .exited)
        #expect(recorder.sent.isEmpty)
    }

    @Test func initAndTheViewerItselfAreRefusedWithoutTouchingThem() {
        let (tree, recorder, signaller) = Self.setUp()
        tree.add(FakeProcess(pid: 1, name: "init", startTicks: 1))
        tree.add(FakeProcess(pid: 999, name: "procs", startTicks: 5))
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: 1, startTicks: 1)) == .refusedInit)
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: 0, startTicks: 0)) == .refusedInit)
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: -5, startTicks: 0)) == .refusedInit)
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: 999, startTicks: 5)) == .refusedSelf)
        #expect(recorder.pinned.isEmpty && recorder.sent.isEmpty)
    }

    @Test func aRefusalByTheKernelIsReported() {
        let (tree, recorder, signaller) = Self.setUp()
        tree.add(FakeProcess(pid: 600, name: "theirs", startTicks: 3, uid: 0))
        recorder.sendErrors[600] = EPERM
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: 600, startTicks: 3)) == .failed(SignalError(code: EPERM)))
    }

    /// The system sender (pidfd) on real children: the one whose identity matches dies, a stale identity is refused.
    @Test func theSystemSenderSignalsARealChildAndRefusesAStaleIdentity() throws {
        let first = try ChildProcess.spawn(["sleep", "1000"], environment: [:]) { _ in }
        let second = try ChildProcess.spawn(["sleep", "1000"], environment: [:]) { _ in }
        defer {
            for pid in [first, second] {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }
        let reader = ProcReader()
        let signaller = ProcessSignaller(reader: reader)
        let firstStart = try #require(reader.startTicks(first))
        let secondStart = try #require(reader.startTicks(second))
        // A stale start time (as after pid reuse): refused, the child lives.
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: second, startTicks: secondStart &+ 1)) == .pidReused)
        #expect(signaller.send(SIGTERM, to: ProcessID(pid: first, startTicks: firstStart)) == .sent)
        var status: Int32 = 0
        #expect(waitpid(first, &status, 0) == first)
        #expect(status & 0x7f == SIGTERM)
        #expect(waitpid(second, &status, WNOHANG) == 0, "the child with the stale identity was signalled")
    }
}
