/// What ``LogFile/update()`` found.
public enum LogFileChange: Equatable, Sendable {
    /// Nothing new.
    case none
    /// This many entries were added at the end (the last entry may also have grown by continuation lines).
    case appended(Int)
    /// The file got shorter (truncated, copytruncate rotation): indexed again from its end.
    case truncated
    /// Another file is at the path now (rotated, replaced): that one is shown, from its end.
    case replaced
    /// The file was deleted; what was read stays (and what its writer still appends).
    case deleted
}
