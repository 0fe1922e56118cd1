import Foundation

// MARK: - A body written as it is made

/// A large response body that is never held in memory: `length` bytes of a fixed pattern (byte `i` is
/// `i % 251`, so a client can check every byte), written 64 KiB at a time, with `Content-Length` or
/// chunked, optionally cut after half.
struct StreamedBody: Sendable, Equatable {
    /// The body's length in bytes.
    let length: Int
    /// Whether it is sent `Transfer-Encoding: chunked` (no `Content-Length`).
    var chunked = false
    /// Whether the connection is closed after half the body (the announced length is kept).
    var cutHalfway = false

    /// The pattern's byte at `offset`.
    static func byte(at offset: Int) -> UInt8 { UInt8(offset % 251) }

    /// The header fields that frame the body.
    var framingFields: [HTTPResponse.Field] {
        chunked
            ? [.init(name: "Transfer-Encoding", value: "chunked")]
            : [.init(name: "Content-Length", value: String(length))]
    }

    /// Writes the body to `fd` with `send`, stopping early when it fails; returns the body bytes written.
    func write(with send: ([UInt8]) -> Bool) -> Int {
        let end = cutHalfway ? length / 2 : length
        var offset = 0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while offset < end {
            let count = min(chunk.count, end - offset)
            for index in 0..<count { chunk[index] = Self.byte(at: offset + index) }
            let piece = Array(chunk[0..<count])
            let framed = chunked ? Array("\(String(count, radix: 16))\r\n".utf8) + piece + [13, 10] : piece
            guard send(framed) else { return offset }
            offset += count
        }
        if chunked, !cutHalfway { _ = send(Array("0\r\n\r\n".utf8)) }
        return offset
    }
}
