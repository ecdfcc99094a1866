/// SplitMix64: a small seeded random number generator, the same sequence on every machine.
///
/// What the generated logs are made from (``LogGenerator``, `logs --generate`,
/// `find-bench`), so a file of ten million lines is made again from its seed instead
/// of shipped. The test support target's `SeededRandom` is the same algorithm; it
/// stays apart because the toolkit's testing library depends on that target and must
/// not depend on an example.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The state; the seed before the first value.
    public var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
