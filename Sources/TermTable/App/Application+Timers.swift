import TermTableCore

/// Timers: run on the main actor by the run loop's turns, which sleep until the next one is due.
extension Application {
    /// Runs `action` after `delay`, and again every `delay` when `repeats`; returns an id for ``cancelTimer(_:)``.
    @discardableResult
    public func schedule(after delay: Duration, repeats: Bool = false, _ action: @escaping @MainActor () -> Void) -> Int
    {
        let id = nextTimerID
        nextTimerID += 1
        timers.append(Timer(id: id, due: clock.now + delay, interval: repeats ? delay : nil, action: action))
        wakeUp()  // a sleeping loop recomputes how long it may sleep
        return id
    }

    /// Cancels a timer.
    public func cancelTimer(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    /// Runs the timers that are due at `now`.
    public func fireTimers(now: ContinuousClock.Instant? = nil) {
        let now = now ?? clock.now
        // Loops, not `filter`: this runs every turn of the loop (see `View.anySubviewNeedsLayout`), and a
        // turn with no timer due allocates nothing.
        var anyDue = false
        for timer in timers where timer.due <= now {
            anyDue = true
            break
        }
        guard anyDue else { return }
        var due: [Timer] = []
        var kept: [Timer] = []
        for var timer in timers {
            guard timer.due <= now else {
                kept.append(timer)
                continue
            }
            due.append(timer)
            if let interval = timer.interval {
                timer.due = now + interval
                kept.append(timer)
            }
        }
        timers = kept
        for timer in due { timer.action() }
        setNeedsDisplay()
    }
}
