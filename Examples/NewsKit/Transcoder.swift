#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Converts text in a named encoding to UTF-8 with the C library's iconv.
enum Transcoder {
    /// The bytes converted from `label` to UTF-8, invalid or truncated sequences becoming
    /// U+FFFD; `nil` when the encoding is unknown (or iconv is unavailable).
    static func toUTF8(_ bytes: [UInt8], from label: String) -> [UInt8]? {
        #if canImport(Glibc) || canImport(Musl)
            var converter = iconv_open("UTF-8", label)
            if converter == iconv_t(bitPattern: -1), label.contains("_") {
                // iconv knows `ebcdic-cp-be`, feeds write `ebcdic_cp_be`.
                converter = iconv_open("UTF-8", String(label.map { $0 == "_" ? "-" : $0 }))
            }
            guard converter != iconv_t(bitPattern: -1) else { return nil }
            defer { iconv_close(converter) }
            let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count * 2)
            var chunk = [UInt8](repeating: 0, count: 16_384)
            var input = bytes
            var offset = 0
            while offset < input.count {
                let (consumed, produced, failure) = input.withUnsafeMutableBufferPointer { inBuffer in
                    chunk.withUnsafeMutableBufferPointer { outBuffer in
                        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
                            inBuffer.baseAddress! + offset
                        )
                        .assumingMemoryBound(to: CChar.self)
                        var inLeft = inBuffer.count - offset
                        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!)
                            .assumingMemoryBound(to: CChar.self)
                        var outLeft = outBuffer.count
                        let before = inLeft
                        let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                        let failure: Int32 = result == -1 ? errno : 0
                        return (before - inLeft, outBuffer.count - outLeft, failure)
                    }
                }
                output.append(contentsOf: chunk[0..<produced])
                offset += consumed
                switch failure {
                case 0, E2BIG:
                    continue
                case EILSEQ:
                    output.append(contentsOf: replacement)
                    offset += 1
                default:  // EINVAL: an incomplete sequence at the end
                    output.append(contentsOf: replacement)
                    offset = input.count
                }
            }
            input.removeAll()
            return output
        #else
            return nil
        #endif
    }
}
