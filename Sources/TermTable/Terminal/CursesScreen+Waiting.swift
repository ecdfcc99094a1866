import TermTableCore

/// Waiting for keys and resizes without polling: ``/TermTableCore/Screen/notifyWhenInputArrives(_:)`` on the terminal.
extension CursesScreen {
    /// Calls `ready` once when a key or a resize may be waiting; false when the input cannot be waited on (/dev/null).
    public func notifyWhenInputArrives(_ ready: @escaping @MainActor () -> Void) -> Bool {
        guard isOpen else { return false }
        if inputWatch == nil {
            guard let watch = InputWatch(inputFD: inputDescriptor) else { return false }
            inputWatch = watch
        }
        inputWatch?.arm(ready)
        return true
    }

    /// Withdraws the call of ``notifyWhenInputArrives(_:)``.
    public func cancelInputNotification() {
        inputWatch?.disarm()
    }
}
