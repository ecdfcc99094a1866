import Foundation

/// Writes gzip streams for the loader's tests (no zlib module is at hand in Swift on Linux).
enum Gzip {
    /// `data` in stored (uncompressed) deflate blocks, with a correct CRC: what a server may send.
    static func stored(_ data: Data) -> Data {
        var bits = BitWriter()
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            bits.write(offset + count == data.count ? 1 : 0, count: 1)  // BFINAL
            bits.write(0, count: 2)  // BTYPE 00: stored
            bits.alignToByte()
            bits.bytes += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            bits.bytes += data[data.startIndex + offset..<data.startIndex + offset + count]
            offset += count
        } while offset < data.count
        return wrap(bits.bytes, crc: crc32(data), size: data.count)
    }

    /// A "bomb": `1 + 258 × matches` spaces in a few bytes (fixed-Huffman matches of length 258, distance 1).
    static func bomb(matches: Int) -> Data {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
        bits.writeCode(0x30 + 0x20, length: 8)  // the literal " "
        for _ in 0..<matches {
            bits.writeCode(0xC0 + 5, length: 8)  // length symbol 285: 258 bytes
            bits.writeCode(0, length: 5)  // distance code 0: distance 1
        }
        bits.writeCode(0, length: 7)  // end of block
        let size = 1 + 258 * matches
        return wrap(bits.bytes, crc: crc32(repeating: 0x20, count: size), size: size)
    }

    private static func wrap(_ deflated: [UInt8], crc: UInt32, size: Int) -> Data {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255]
        out += deflated
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((crc >> UInt32(shift)) & 0xFF)) }
        let isize = UInt32(truncatingIfNeeded: size)
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((isize >> UInt32(shift)) & 0xFF)) }
        return Data(out)
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    static func crc32(repeating byte: UInt8, count: Int) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    /// Packs bits least significant first, as deflate does.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var bitCount = 0

        mutating func write(_ value: Int, count: Int) {
            for index in 0..<count {
                if bitCount % 8 == 0 { bytes.append(0) }
                if (value >> index) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
                bitCount += 1
            }
        }

        /// A Huffman code: most significant bit first.
        mutating func writeCode(_ code: Int, length: Int) {
            for index in (0..<length).reversed() { write((code >> index) & 1, count: 1) }
        }

        mutating func alignToByte() {
            bitCount = (bitCount + 7) / 8 * 8
        }
    }
}
