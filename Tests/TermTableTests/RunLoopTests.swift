import Foundation
import Glibc
import Testing

@testable import TermTable

/// The event-driven run loop: it sleeps until input, work, a timer or quit wakes it.
///
/// Each test counts the loop's turns while it waits for something that comes
/// from another thread: a loop that polls turns many times meanwhile (every
/// 10 ms on an in-memory screen, every 50 ms on a terminal), one that sleeps
/// turns a bounded number of times however long the wait lasts.
@Suite("Run loop") @MainActor
struct RunLoopTests {
    /// Runs `body` on a thread of its own after `delay`, then on the main actor.
    nonisolated static func later(_ delay: useconds_t = 200_000, _ body: @escaping @MainActor @Sendable () -> Void) {
        Thread.detachNewThread {
            usleep(delay)
            Task { @MainActor in body() }
        }
    }

    /// Runs `body` (as ``later(_:_:)`` does) counted from `app`'s first frame, so the loop is already
    /// running, whatever the machine's load, when the work arrives; keeps `app`'s `willRender`.
    static func later(
        _ delay: useconds_t = 200_000, afterFirstFrameOf app: Application,
        _ body: @escaping @MainActor @Sendable () -> Void
    ) {
        let previous = app.willRender
        var started = false
        app.willRender = {
            previous?()
            guard !started else { return }
            started = true
            later(delay, body)
        }
    }

    @Test func anIdleLoopSleepsUntilWorkArrives() async {
        let label = Label(text: "loading")
        let screen = BufferScreen(width: 10, height: 1)
        let app = Application(screen: screen, rootView: label)
        var turnsBeforeWork = -1
        app.willRender = { if label.text == "done" { app.quit() } }
        RunLoopTests.later(afterFirstFrameOf: app) {
            turnsBeforeWork = app.loopTurns
            label.text = "done"
            app.setNeedsDisplay()
        }
        let guardTimer = app.schedule(after: .seconds(120)) { app.quit() }  // a hang fails instead of blocking
        await app.run()
        app.cancelTimer(guardTimer)
        #expect(turnsBeforeWork >= 1 && turnsBeforeWork <= 3, "the loop went round \(turnsBeforeWork) times at rest")
        #expect(screen.line(0) == "done      ")
    }

    @Test func aKeyQueuedWhileTheLoopSleepsWakesIt() async {
        let screen = BufferScreen(width: 10, height: 1)
        let app = Application(screen: screen, rootView: Label(text: "x"))
        var handledAt = -1
        app.bind(Key("q")) {
            handledAt = app.loopTurns
            app.quit()
        }
        RunLoopTests.later(afterFirstFrameOf: app) { screen.enqueue(.key(Key("q"))) }
        let guardTimer = app.schedule(after: .seconds(120)) { app.quit() }
        await app.run()
        app.cancelTimer(guardTimer)
        #expect(handledAt >= 1 && handledAt <= 3, "the key was handled at turn \(handledAt)")
    }

    @Test func aTimerWakesASleepingLoop() async {
        let app = Application(screen: BufferScreen(width: 4, height: 1), rootView: Label(text: "x"))
        var fired = false
        app.schedule(after: .milliseconds(150)) {
            fired = true
            app.quit()
        }
        await app.run()
        #expect(fired)
        #expect(app.loopTurns <= 3, "the loop went round \(app.loopTurns) times waiting for a timer")
    }

    @Test func aViewThatAsksForARedrawEveryFrameDoesNotKeepTheLoopBusy() async {
        final class Restless: View {
            var draws = 0
            override func draw(in context: DrawContext) {
                draws += 1
                setNeedsDisplay()
            }
        }
        let view = Restless(frame: .zero)
        let app = Application(screen: BufferScreen(width: 4, height: 1), rootView: view)
        var drawsAtQuit = -1
        RunLoopTests.later(afterFirstFrameOf: app) {
            drawsAtQuit = view.draws
            app.quit()
        }
        await app.run()
        #expect(drawsAtQuit >= 1 && drawsAtQuit <= 3, "drawn \(drawsAtQuit) times at rest")
    }
}
