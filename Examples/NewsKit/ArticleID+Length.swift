extension ArticleID {
    /// The longest id kept as it is, in UTF-8 bytes: a guid or link is rarely over 300.
    public static let maximumLength = 512

    /// `id`, or, when it is longer than ``maximumLength`` bytes, its start and the FNV-1a hash of all of it
    /// (`https://example.com/very…#0123456789abcdef`), so a 1 MB `<link>` does not make a 1 MB read mark.
    /// Stable across runs, and two long ids that differ anywhere stay different.
    public static func limited(_ id: String) -> String {
        guard id.utf8.count > maximumLength else { return id }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        let suffix = "…#" + String(repeating: "0", count: 16 - hex.count) + hex
        var start = String.UnicodeScalarView()
        var bytes = suffix.utf8.count
        for scalar in id.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > maximumLength { break }
            start.append(scalar)
        }
        return String(start) + suffix
    }
}
