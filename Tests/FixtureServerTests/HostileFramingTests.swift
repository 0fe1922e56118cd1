import Foundation
import XCTest

@testable import FixtureServer

/// Hostile request framing (issue 34): chunked bodies decoded in one pass with limits on extensions,
/// framing and trailers; bare-LF framing refused at once; an empty-line preamble counted toward the head's
/// 16 KiB. The server's idle timeout is a minute here, so an answer within the client's 20 s proves the
/// server refused at once instead of waiting for more bytes.
final class HostileFramingTests: FixtureTestCase {
    override func makeServer() -> FixtureServer { FixtureServer(idleTimeout: 60) }

    private let post = "POST /order HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"

    /// `body` as chunks of `size` bytes, each with `extension` after its size, then the last chunk.
    private func chunked(_ body: String, size: Int, extension ext: String = "") -> String {
        var out = ""
        var rest = Substring(body)
        while !rest.isEmpty {
            let piece = rest.prefix(size)
            out += "\(String(piece.utf8.count, radix: 16))\(ext)\r\n\(piece)\r\n"
            rest = rest.dropFirst(piece.count)
        }
        return out + "0\r\n\r\n"
    }

    /// Sends `bytes` and returns the response (nil when the connection closed or 20 s passed without one).
    private func exchange(_ bytes: String) throws -> RawResponse? {
        let client = try rawClient()
        defer { client.close() }
        client.send(bytes)
        return client.readResponse(timeout: 20)
    }

    private let order = #"{"menuIds":[2]}"#

    // MARK: Chunk extensions and framing

    func testOneByteChunksWithLongExtensionsAreRefusedAtOnce() throws {
        let hostile = chunked(order, size: 1, extension: ";x=" + String(repeating: "a", count: 4000))
        let refused = try XCTUnwrap(try exchange(post + hostile), "answered before the idle timeout")
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("chunk extension longer than 1024 bytes"), refused.text)
        // Control: the same 1-byte chunks with short extensions are decoded and routed.
        let fine = try XCTUnwrap(try exchange(post + chunked(order, size: 1, extension: ";x=1")))
        XCTAssertEqual(fine.status, 200)
        XCTAssertEqual(fine.text, #"{"id":1,"preparation_time":30}"#)
    }

    func testFramingOverheadIsLimited() throws {
        // 20,000 one-byte chunks: about 100 KB of framing for 20 KB of body.
        let padded = #"{"menuIds":[2],"pad":""# + String(repeating: "p", count: 20_000) + #""}"#
        let refused = try XCTUnwrap(try exchange(post + chunked(padded, size: 1)))
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("chunk framing longer than 65536 bytes"), refused.text)
        // Control: the same body in 1 KiB chunks is accepted.
        XCTAssertEqual(try exchange(post + chunked(padded, size: 1024))?.status, 200)
    }

    func testControlCharactersInAnExtensionAre400() throws {
        XCTAssertEqual(try exchange(post + "1;a\u{1}b\r\nx\r\n0\r\n\r\n")?.status, 400)
        XCTAssertEqual(try exchange(post + "1 x\r\nx\r\n0\r\n\r\n")?.status, 400, "an extension starts with ;")
        XCTAssertEqual(try exchange(post + "f;a\tb=\"c d\"\r\n\(order)\r\n0\r\n\r\n")?.status, 200, "control")
    }

    // MARK: Trailers

    func testTrailerSectionPast16KiBIs431() throws {
        let trailers = String(repeating: "X-T: \(String(repeating: "t", count: 100))\r\n", count: 200)
        let refused = try XCTUnwrap(try exchange(post + "f\r\n\(order)\r\n0\r\n" + trailers + "\r\n"))
        XCTAssertEqual(refused.status, 431)
        // Also when the trailer section never ends.
        XCTAssertEqual(try exchange(post + "0\r\n" + String(repeating: "X-T: t\r\n", count: 3000))?.status, 431)
        // Control: a few trailer fields are read and dropped.
        XCTAssertEqual(try exchange(post + "f\r\n\(order)\r\n0\r\nX-A: 1\r\nX-B: 2\r\n\r\n")?.status, 200)
    }

    func testTrailerLinesFollowTheHeadRules() throws {
        for bad in ["NoColon", "Bad Name: x", "X: a\u{7F}b", "X: a\rb"] {
            XCTAssertEqual(try exchange(post + "0\r\n\(bad)\r\n\r\n")?.status, 400, bad.debugDescription)
        }
    }

    // MARK: Bare LF (decided: refused at once with 400)

    func testBareLFChunkedFramingIsRefusedAtOnce() throws {
        for (label, body) in [
            ("size line", "f\n\(order)\r\n0\r\n\r\n"), ("after the data", "f\r\n\(order)\n0\r\n\r\n"),
            ("last chunk", "f\r\n\(order)\r\n0\n\n"), ("trailer", "f\r\n\(order)\r\n0\r\nX-A: 1\n\r\n"),
            ("CR without LF", "f\r\(order)\r\n0\r\n\r\n"),
        ] {
            let refused = try exchange(post + body)
            XCTAssertEqual(refused?.status, 400, "\(label): answered at once, not after the idle timeout")
        }
        // Control: the same body with CRLF everywhere.
        XCTAssertEqual(try exchange(post + "f\r\n\(order)\r\n0\r\nX-A: 1\r\n\r\n")?.status, 200)
    }

    // MARK: One pass

    func testTheDecoderGivesTheSameBodyHoweverTheBytesArrive() throws {
        let text = "5;a=b\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\nX-T: 1\r\n\r\nGET /next"
        let whole = Array(text.utf8)
        var atOnce = ChunkedDecoder()
        XCTAssertTrue(try atOnce.read(whole))
        XCTAssertEqual(String(decoding: atOnce.body, as: UTF8.self), "hello 0123456789")
        XCTAssertEqual(String(decoding: whole[atOnce.consumed...], as: UTF8.self), "GET /next")
        // Byte by byte: every call reads only the new byte (the cursor never goes back).
        var split = ChunkedDecoder()
        var buffer: [UInt8] = []
        var completeAt: Int?
        for (offset, byte) in whole.enumerated() {
            buffer.append(byte)
            let before = split.consumed
            if try split.read(buffer), completeAt == nil { completeAt = offset }
            XCTAssertLessThanOrEqual(split.consumed - before, 1)
            if completeAt != nil { break }
        }
        XCTAssertEqual(split.body, atOnce.body)
        XCTAssertEqual(split.consumed, atOnce.consumed)
        XCTAssertEqual(completeAt.map { $0 + 1 }, atOnce.consumed)
    }

    func testABodySentInManySmallWritesIsDecoded() throws {
        let client = try rawClient()
        defer { client.close() }
        client.send(post)
        for piece in chunked(order, size: 2, extension: ";k=v").utf8.map({ [$0] }) {
            XCTAssertTrue(client.send(piece))
        }
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.text, #"{"id":1,"preparation_time":30}"#)
    }

    // MARK: Empty-line preamble (decided: tolerated, counted toward the 16 KiB head limit)

    func testAPreambleCountsTowardTheHeadLimit() throws {
        let request = "GET /categories HTTP/1.1\r\nHost: x\r\n\r\n"
        // Control: a short preamble is skipped (RFC 9112 §2.2) and the request answered.
        XCTAssertEqual(try exchange(String(repeating: "\r\n", count: 50) + "\n\n" + request)?.status, 200)
        let long = try XCTUnwrap(try exchange(String(repeating: "\r\n", count: 9000) + request))
        XCTAssertEqual(long.status, 431, "18 KB of preamble")
        // Megabytes of it, never finished: 431 as soon as 16 KiB have come.
        let client = try rawClient()
        defer { client.close() }
        nonisolated(unsafe) let sending = client
        let sent = DispatchSemaphore(value: 0)
        Thread {
            let megabyte = [UInt8](repeating: UInt8(ascii: "\n"), count: 1 << 20)
            for _ in 0..<2 { guard sending.send(megabyte) else { break } }
            sent.signal()
        }.start()
        XCTAssertEqual(client.readResponse(timeout: 20)?.status, 431)
        sent.wait()  // the sender is done with the socket before it is closed
    }

    func testAPreambleBetweenPipelinedRequestsIsSkipped() throws {
        let client = try rawClient()
        defer { client.close() }
        let request = "GET /categories HTTP/1.1\r\nHost: x\r\n\r\n"
        client.send(request + "\r\n\r\n" + request)
        XCTAssertEqual(client.readResponse()?.status, 200)
        XCTAssertEqual(client.readResponse()?.status, 200, "the second request after two empty lines")
    }
}
