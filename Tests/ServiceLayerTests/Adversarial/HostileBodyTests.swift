import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers whose body lies about its length, never ends, or inflates a thousandfold, to a JSON call.
/// Each one fails with a typed error and keeps nothing; each has a control that succeeds.
final class HostileBodyTests: HostileServerTestCase {
    private static let json = Data(#"{"text":"twenty-one bytes"}"#.utf8)

    private static func head(length: Int, extra: String = "") -> Data {
        Data(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\(extra)Connection: close\r\n\r\n"
                .utf8)
    }

    /// `bytes` gzip-compressed, by the system's `gzip` (in every Linux and macOS base system). Skips the test
    /// where there are no child processes: `Process` exists on macOS and Linux only
    /// (https://developer.apple.com/documentation/foundation/process lists macOS only), so without this fence the
    /// test target does not compile for iOS, tvOS, watchOS or visionOS.
    static func gzipped(_ bytes: Data) throws -> Data {
        #if os(Linux) || os(macOS)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-9"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(bytes)
            try? input.fileHandleForWriting.close()
        }
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return compressed
        #else
        throw XCTSkip("gzip runs as a child process on Linux and macOS only")
        #endif
    }

    func testABodyShorterThanItsContentLengthFailsAndIsNeverDecoded() async throws {
        let server = try startServer { _ in .raw(Self.head(length: 27) + Self.json) }
        let client = makeClient(server.baseURL)
        let control = try await client.send(Endpoint<TextAnswer>("exact"))
        XCTAssertEqual(control.text, "twenty-one bytes")

        server.answer { _ in .raw(Self.head(length: 500) + Self.json) }
        let cut = await error { () async throws(APIError) in try await client.send(Endpoint<TextAnswer>("cut")) }
        guard case .transport(let urlError)? = cut else { return XCTFail("\(String(describing: cut))") }
        // Never a value decoded from half a body. Apple's URLSession says `.networkConnectionLost`
        // (transient: an idempotent call is sent again); Linux's an unexplained `.unknown` (curl's
        // "partial file"), which is not retried.
        #if canImport(FoundationNetworking)
        XCTAssertEqual(urlError.code, .unknown)
        #else
        XCTAssertEqual(urlError.code, .networkConnectionLost)
        #endif
    }

    func testABodyLongerThanItsContentLengthIsReadOnlyToThatLength() async throws {
        // The bytes past Content-Length are never read as this answer (nor as another: one connection
        // per exchange here); the answer is what the length says, so a JSON cut short fails to decode.
        let server = try startServer { _ in .raw(Self.head(length: 10) + Self.json) }
        let client = makeClient(server.baseURL)
        let cut = await error { () async throws(APIError) in try await client.send(Endpoint<TextAnswer>("long")) }
        guard case .decoding(let decodingFailure)? = cut else { return XCTFail("\(String(describing: cut))") }
        let body = decodingFailure.body
        XCTAssertEqual(body.count, 10, "only Content-Length bytes were taken")

        let raw = await error { () async throws(APIError) in
            let data = try await client.send(Endpoint<Data>("bytes"))
            throw .server(message: String(decoding: data, as: UTF8.self))
        }
        XCTAssertEqual(raw, .server(message: #"{"text":"t"#), "the control: the same 10 bytes as data")
    }

    func testAnAnswerOverTheMaximumBodySizeFailsAndKeepsNothing() async throws {
        let chunk = Data(repeating: UInt8(ascii: " "), count: 64 * 1024)
        var options = APIClient.Options(timeout: 30, retryPolicy: .never)
        options.maximumResponseBodySize = 1024 * 1024
        let reports = Locked<[ExchangeReport]>([])
        options.resultObserver = { report in reports.withLock { $0.append(report) } }
        // No Content-Length, no end but the connection's: 16 MiB of blanks after a valid start.
        let endless = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8)
        let server = try startServer { _ in .raw(endless + Self.json, repeating: chunk, count: 256) }
        let client = makeClient(server.baseURL, options: options)
        let refused = await error { () async throws(APIError) in try await client.send(Endpoint<TextAnswer>("big")) }
        XCTAssertEqual(refused, .transport(URLError(.dataLengthExceedsMaximum)))
        XCTAssertEqual(reports.withLock { $0.first?.receivedBytes }, 0, "nothing of it is kept")

        server.answer { _ in .raw(endless + Self.json, repeating: chunk, count: 15) }  // just under 1 MiB
        let control = try await client.send(Endpoint<TextAnswer>("under"))
        XCTAssertEqual(control.text, "twenty-one bytes")
    }

    func testTheDefaultMaximumIs32MiB() {
        XCTAssertEqual(APIClient.Options().maximumResponseBodySize, 32 * 1024 * 1024)
    }

    func testAGzipBombToAJSONCallIsCountedDecompressedAndRefused() async throws {
        // 1 MiB of JSON blanks around the answer: about 1 KiB on the wire, a thousandfold inflation.
        let padded = Self.json + Data(repeating: UInt8(ascii: " "), count: 1024 * 1024)
        let bomb = try Self.gzipped(padded)
        XCTAssertLessThan(bomb.count * 500, padded.count, "a bomb: \(bomb.count) bytes")
        var options = APIClient.Options(timeout: 30, retryPolicy: .never)
        options.maximumResponseBodySize = 512 * 1024
        let server = try startServer { _ in
            .raw(Self.head(length: bomb.count, extra: "Content-Encoding: gzip\r\n") + bomb)
        }
        let client = makeClient(server.baseURL, options: options)
        let refused = await error { () async throws(APIError) in try await client.send(Endpoint<TextAnswer>("bomb")) }
        XCTAssertEqual(refused, .transport(URLError(.dataLengthExceedsMaximum)))

        // The control: the same bomb under a larger limit is inflated and decoded.
        var roomy = options
        roomy.maximumResponseBodySize = 2 * 1024 * 1024
        let inflated = try await makeClient(server.baseURL, options: roomy).send(Endpoint<TextAnswer>("bomb"))
        XCTAssertEqual(inflated.text, "twenty-one bytes")
    }
}
