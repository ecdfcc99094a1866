import TermTableCore

extension Application {
    /// Calls `body` once a second, on the app's one tick timer however many handlers there are (a column of ages,
    /// a clock in a status line); returns an id for ``removeTickHandler(_:)``.
    ///
    /// The timer runs while a handler is added, and stops with the last one removed. A handler changes what shows
    /// what time it is, and only that: a table asks for its rows whose text changed with
    /// ``TableView/reconfigureRows(at:)``, so an idle second redraws those rows and nothing else.
    ///
    /// ```swift
    /// let ages = RelativeTime()
    /// app.addTickHandler {
    ///     let changed = table.indexPathsForVisibleRows.filter { ages.string(for: age($0)) != shownAge[$0] }
    ///     table.reconfigureRows(at: changed)
    /// }
    /// ```
    @discardableResult
    public func addTickHandler(_ body: @escaping @MainActor () -> Void) -> Int {
        let id = nextTimerID
        nextTimerID += 1
        tickHandlers.append((id, body))
        if tickTimer == nil {
            tickTimer = schedule(after: Application.tickInterval, repeats: true) { [weak self] in self?.tick() }
        }
        return id
    }

    /// Removes a handler added with ``addTickHandler(_:)``; the tick stops with the last one.
    public func removeTickHandler(_ id: Int) {
        tickHandlers.removeAll { $0.id == id }
        if tickHandlers.isEmpty, let timer = tickTimer {
            cancelTimer(timer)
            tickTimer = nil
        }
    }

    /// How often the tick comes: a second.
    public static let tickInterval = Duration.seconds(1)

    /// Runs the tick handlers, in the order they were added.
    func tick() {
        for handler in tickHandlers { handler.run() }
    }
}
