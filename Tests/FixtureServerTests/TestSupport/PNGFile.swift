import Foundation

/// A PNG file read chunk by chunk: the signature, every chunk's length and CRC-32, and the IHDR header.
/// Enough to tell that bytes are a well-formed PNG of a given size without an image library.
struct PNGFile {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why bytes are not a well-formed PNG.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    let width: Int
    let height: Int
    let bitDepth: UInt8
    let colourType: UInt8
    /// The chunk types in file order, e.g. `["IHDR", "PLTE", "IDAT", "IEND"]`.
    let chunkTypes: [String]

    /// Reads `data`: the signature, then chunks up to IEND, each CRC checked; IHDR must come first.
    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, Array(bytes.prefix(8)) == Self.signature else {
            throw Malformed(description: "no PNG signature")
        }
        var offset = 8
        var types: [String] = []
        var header: [UInt8] = []
        while types.last != "IEND" {
            guard offset + 12 <= bytes.count else { throw Malformed(description: "cut short after \(types)") }
            let length = Int(Self.uint32(bytes, offset))
            guard offset + 12 + length <= bytes.count else { throw Malformed(description: "chunk past the end") }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            guard Self.crc32(typeAndData) == Self.uint32(bytes, offset + 8 + length) else {
                throw Malformed(description: "bad CRC after \(types)")
            }
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            if types.isEmpty { header = Array(typeAndData.dropFirst(4)) }
            types.append(type)
            offset += 12 + length
        }
        guard types.first == "IHDR", header.count == 13, offset == bytes.count, types.contains("IDAT") else {
            throw Malformed(description: "chunks \(types), \(bytes.count - offset) bytes after IEND")
        }
        width = Int(Self.uint32(header, 0))
        height = Int(Self.uint32(header, 4))
        bitDepth = header[8]
        colourType = header[9]
        chunkTypes = types
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// CRC-32 (ISO-HDLC, the PNG and zlib polynomial), bit by bit.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
