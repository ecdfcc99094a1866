import Foundation
import Glibc
import Testing

@testable import TermTable

/// `WorkerPool`: tasks that prefer it, and their child tasks, run on its threads, at most
/// `maximumThreads` of them, and every job runs, also after `shutDown()`.
@Suite("Worker pool")
struct WorkerPoolTests {
    /// The kernel's id of the calling thread.
    static func threadID() -> Int32 {
        // /proc/thread-self links to PID/task/TID (Glibc does not export gettid to Swift).
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard count > 0 else { return -1 }
        let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.flatMap { Int32($0) } ?? -1
    }

    /// The ids of the threads the process has now.
    static func processThreads() -> Set<Int32> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(names.compactMap(Int32.init))
    }

    @Test func aTaskThatPrefersThePoolAndItsChildrenRunOnItsThreads() async {
        let pool = WorkerPool(maximumThreads: 3)
        defer { pool.shutDown() }
        let before = Self.processThreads()
        let (parent, children) = await Task(executorPreference: pool) {
            let parent = Self.threadID()
            let children = await withTaskGroup(of: Int32.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        usleep(2_000)  // blocking is allowed here: these are not the cooperative pool's threads
                        return Self.threadID()
                    }
                }
                return await group.reduce(into: Set<Int32>()) { $0.insert($1) }
            }
            return (parent, children)
        }.value
        let started = Self.processThreads().subtracting(before)
        #expect(started.contains(parent), "the task ran on a thread that was there before the pool")
        #expect(children.isSubset(of: started), "a child task ran outside the pool")
        #expect(pool.threadCount >= 1 && pool.threadCount <= 3)
    }

    @Test(arguments: [1, 2, 4])
    func everyJobRunsAndTheThreadsStayWithinTheLimit(maximumThreads: Int) async {
        let pool = WorkerPool(maximumThreads: maximumThreads)
        defer { pool.shutDown() }
        let threads = await withTaskGroup(of: Int32.self) { group in
            for index in 0..<200 {
                group.addTask(executorPreference: pool) {
                    if index % 7 == 0 { await Task.yield() }  // a job that suspends comes back to the pool
                    return Self.threadID()
                }
            }
            var seen: [Int32] = []
            for await thread in group { seen.append(thread) }
            return seen
        }
        #expect(threads.count == 200)
        #expect(Set(threads).count <= maximumThreads)
        #expect(pool.threadCount <= maximumThreads)
    }

    @Test func theThreadsEndAfterShutDownAndLaterJobsStillRun() async throws {
        let pool = WorkerPool(maximumThreads: 2)
        let first = await Task(executorPreference: pool) { Self.threadID() }.value
        #expect(pool.threadCount >= 1)
        pool.shutDown()
        var waited = 0
        while pool.threadCount > 0, waited < 5_000 {
            try await Task.sleep(for: .milliseconds(1))
            waited += 1
        }
        #expect(pool.threadCount == 0, "the pool's threads did not end after shutDown()")
        #expect(!Self.processThreads().contains(first))
        // A job that arrives afterwards gets a thread of its own, which ends once it is done.
        let late = await Task(executorPreference: pool) { Self.threadID() }.value
        #expect(late != first)
    }

    @Test func anIdleThreadIsAsleepInTheKernel() async throws {
        let pool = WorkerPool(maximumThreads: 1)
        defer { pool.shutDown() }
        let thread = await Task(executorPreference: pool) { Self.threadID() }.value
        // /proc/self/task/TID/stat's third field: S (sleeping) once the thread waits for work.
        var state: Character = "?"
        for _ in 0..<2_000 {
            let stat = (try? String(contentsOfFile: "/proc/self/task/\(thread)/stat", encoding: .utf8)) ?? ""
            if let close = stat.lastIndex(of: ")") {
                state = stat[stat.index(close, offsetBy: 2)]
                if state == "S" { break }
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(state == "S")
        let runs = { () -> Int in
            let text = (try? String(contentsOfFile: "/proc/self/task/\(thread)/schedstat", encoding: .utf8)) ?? ""
            return Int(text.split(whereSeparator: \.isWhitespace)[2]) ?? -1
        }
        let before = runs()
        try await Task.sleep(for: .milliseconds(300))
        #expect(runs() == before, "an idle worker thread was scheduled")
    }
}
