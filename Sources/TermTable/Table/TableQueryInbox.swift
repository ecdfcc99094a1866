import TermTableCore

/// The chunks a scan delivered that the main actor has not taken yet, in order.
final class TableQueryInbox<ItemIdentifier: Sendable>: Sendable {
    let chunks = Locked<(list: [[ItemIdentifier]], scheduled: Bool)>(([], false))

    /// Adds `chunk`; true when the main actor must be asked to take it (no take is scheduled yet).
    func put(_ chunk: [ItemIdentifier]) -> Bool {
        chunks.withLock { state in
            state.list.append(chunk)
            defer { state.scheduled = true }
            return !state.scheduled
        }
    }

    /// Every chunk put and not taken yet, oldest first; the next put schedules a take again.
    func takeAll() -> [[ItemIdentifier]] {
        chunks.withLock { state in
            defer { state = ([], false) }
            return state.list
        }
    }
}
