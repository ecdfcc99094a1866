/// A control sequence the toolkit built for the terminal (an OSC 52 copy), written by
/// ``Screen/writeControlSequence(_:)`` after what was drawn.
///
/// Only the toolkit makes one: its bytes are built from data it encoded (base64 in an OSC 52 copy), so no
/// untrusted text can reach the terminal as a command through it.
public struct ControlSequence: Hashable, Sendable {
    /// The bytes sent to the terminal as they are.
    public let bytes: [UInt8]

    /// A sequence of `bytes` (the toolkit's own code only).
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}
