/// The snapshot file a store last read, and how far it read the journal.
struct DiskPosition: Equatable {
    /// Device, inode, size and modification time of the snapshot; nil when there was none.
    var snapshot: [Int]?
    /// Bytes of the journal already applied.
    var journalOffset = 0
    /// True until the snapshot was read once.
    var needsSnapshot = true
    /// The snapshot's size in bytes, to decide when the journal is worth folding in.
    var snapshotBytes = 0
    /// The snapshot's format version (an older one is rewritten at the first change).
    var snapshotVersion = 0
}
