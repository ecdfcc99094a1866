import Foundation

/// Whether the tests run under a sanitizer, and how much longer a wait may take there.
///
/// ThreadSanitizer slows a program 5-15 times (AddressSanitizer 2-5), and the end-to-end tests wait for
/// other processes: a wait written for an ordinary run times out there although nothing is wrong. Such waits
/// go through ``scaled(_:)``, so an ordinary run keeps its short timeouts.
package enum Sanitizer {
    /// True in the sanitizer runs (Scripts/sanitizers.sh sets `ASAN_OPTIONS` and `TSAN_OPTIONS`).
    package static var isActive: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["ASAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil
    }

    /// How many times longer a wait may take: 5 under a sanitizer, else 1.
    package static var slowdown: Int { isActive ? 5 : 1 }

    /// `wait` as long as it may take in this run: ``slowdown`` times longer under a sanitizer.
    package static func scaled(_ wait: Duration) -> Duration { wait * slowdown }
}
