import FoundationEssentials
import TermTableCore

/// How a copy reaches the user's clipboard: an OSC 52 escape sequence, the one way that works over SSH and in
/// tmux, wrapped for the multiplexer the app runs in.
///
/// The sequence is `ESC ] 52 ; c ; <base64> BEL`. The text travels base64-encoded, whose alphabet
/// (`A-Z a-z 0-9 + / =`) holds no control character: whatever the copied text contains, it cannot end the
/// sequence early or slip a command to the terminal. Inside tmux (`TMUX` set) the sequence is wrapped in tmux's
/// passthrough (`ESC P tmux; … ESC \`, each `ESC` in it doubled), which tmux 3.3 and later forwards when
/// `allow-passthrough` is on; inside GNU screen (`STY` set) it is cut into pieces of
/// ``screenChunkSize`` bytes, each in its own DCS string (`ESC P … ESC \`), under screen's limit on one string.
/// A text over ``ClipboardText/maximumByteCount`` (1 MiB once encoded) is not sent: terminals cap what they take.
public struct TerminalClipboard: Equatable, Sendable {
    /// The multiplexer between the app and the terminal, whose passthrough wraps the sequence.
    public enum Passthrough: Equatable, Sendable {
        /// None: the sequence goes to the terminal as it is.
        case none
        /// tmux: `ESC P tmux; … ESC \` with each `ESC` doubled.
        case tmux
        /// GNU screen: DCS strings of at most ``TerminalClipboard/screenChunkSize`` bytes each.
        case screen
    }

    /// The most base64 a copy sends: 1 MiB.
    public static let maximumEncodedByteCount = 1 << 20
    /// The bytes of the sequence each of GNU screen's DCS strings carries (screen drops longer strings).
    public static let screenChunkSize = 76

    /// The multiplexer to wrap for.
    public var passthrough: Passthrough
    /// Why this terminal cannot take a copy (`TERM=dumb`), nil when it can.
    public var unavailableReason: String?

    /// A clipboard wrapping for `passthrough`.
    public init(passthrough: Passthrough = .none, unavailableReason: String? = nil) {
        self.passthrough = passthrough
        self.unavailableReason = unavailableReason
    }

    /// The clipboard of the environment: tmux when `TMUX` is set, GNU screen when `STY` is, none otherwise;
    /// unavailable when `TERM` is `dumb`.
    public init(environment: [String: String]) {
        let passthrough: Passthrough =
            !(environment["TMUX"] ?? "").isEmpty ? .tmux : !(environment["STY"] ?? "").isEmpty ? .screen : .none
        let dumb = environment["TERM"] == "dumb"
        self.init(passthrough: passthrough, unavailableReason: dumb ? "TERM=dumb has no clipboard" : nil)
    }

    /// The clipboard of the process's environment.
    public static var current: TerminalClipboard { TerminalClipboard(environment: ProcessInfo.processInfo.environment) }

    /// The bytes that copy `text`, wrapped for ``passthrough``; nil when the text is too long.
    public func sequence(for text: ClipboardText) -> [UInt8]? {
        guard !text.isTooLong else { return nil }
        let encoded = Self.base64(Array(text.text.utf8))
        guard encoded.count <= Self.maximumEncodedByteCount else { return nil }
        let osc: [UInt8] = Array("\u{1B}]52;c;".utf8) + encoded + [0x07]
        switch passthrough {
        case .none:
            return osc
        case .tmux:
            var bytes = Array("\u{1B}Ptmux;".utf8)
            bytes.reserveCapacity(osc.count + 12)
            for byte in osc {
                if byte == 0x1B { bytes.append(0x1B) }
                bytes.append(byte)
            }
            return bytes + [0x1B, 0x5C]
        case .screen:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(osc.count + (osc.count / Self.screenChunkSize + 1) * 4)
            var start = 0
            while start < osc.count {
                let end = min(osc.count, start + Self.screenChunkSize)
                bytes += [0x1B, 0x50]
                bytes += osc[start..<end]
                bytes += [0x1B, 0x5C]
                start = end
            }
            return bytes
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64 (RFC 4648, padded).
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [
                alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)],
                alphabet[Int(value & 63)],
            ]
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let value = UInt32(bytes[index]) << 16
            out += [alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], 0x3D, 0x3D]
        } else if rest == 2 {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out += [
                alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)], 0x3D,
            ]
        }
        return out
    }
}
