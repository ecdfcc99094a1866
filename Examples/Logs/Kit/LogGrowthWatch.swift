/// Tells when a followed log may have changed: bytes appended, truncated, replaced or deleted.
///
/// ``LogFile/update()`` then finds out what changed; a watch only wakes it up. Two
/// kinds: ``InotifyGrowthWatch`` for files (any writer, held open or not) and
/// ``LogSpool`` for pipes. A file-follow primitive of the toolkit can take the
/// place of the first behind this protocol.
public protocol LogGrowthWatch: AnyObject {
    /// Calls `changed` on the main queue after each change (several may be merged into one call).
    func start(_ changed: @escaping @MainActor @Sendable () -> Void)
    /// No more calls.
    func stop()
}
