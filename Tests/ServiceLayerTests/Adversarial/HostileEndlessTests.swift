import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bodies that never end and bodies that inflate, to a JSON call and to a download.
final class HostileEndlessTests: HostileServerTestCase {
    private static let start = Data(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"text\":\"ok\"}".utf8)

    /// A body that never ends: 16 KiB of blanks every 10 ms, for far longer than any timeout here.
    private static func endless() -> HostileServer.Response {
        var response = HostileServer.Response.raw(
            start, repeating: Data(repeating: 32, count: 16 * 1024), count: 100_000)
        response.pause = 0.01
        return response
    }

    /// The same slow body, 3 chunks long: the control.
    private static func finite() -> HostileServer.Response {
        var response = endless()
        response.repeated?.count = 3
        return response
    }

    func testAnEndlessBodyToAJSONCallIsEndedByTheTimeout() async throws {
        let server = try startServer { _ in Self.endless() }
        let client = makeClient(server.baseURL, options: APIClient.Options(timeout: 1, retryPolicy: .never))
        let ended = await error { () async throws(APIError) in try await client.send(Endpoint<TextAnswer>("endless")) }
        XCTAssertEqual(ended, .timedOut)

        server.answer { _ in Self.finite() }
        let control = try await client.send(Endpoint<TextAnswer>("finite"))
        XCTAssertEqual(control.text, "ok")
    }

    func testAnEndlessDownloadIsEndedByTheTimeoutAndLeavesNoDestination() async throws {
        let server = try startServer { _ in Self.endless() }
        let client = makeClient(server.baseURL, options: APIClient.Options(timeout: 1, retryPolicy: .never))
        let destination = try makeDirectory().appendingPathComponent("endless.json")
        let ended = await error { () async throws(APIError) in
            try await client.send(Endpoint<Data>("endless").downloading(to: destination))
        }
        XCTAssertEqual(ended, .timedOut)
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))

        server.answer { _ in Self.finite() }
        let control = try await client.send(Endpoint<Data>("finite").downloading(to: destination))
        XCTAssertEqual(try Data(contentsOf: control).count, 13 + 3 * 16 * 1024)
    }

    /// A download is not limited by ``APIClient/Options/maximumResponseBodySize`` (it goes to disk):
    /// a gzip bomb is written inflated. Pinned as it is; a download size limit needs `Download.swift`.
    func testAGzipBombToADownloadIsWrittenInflated() async throws {
        let inflated = Data(repeating: 32, count: 1024 * 1024)
        let bomb = try HostileBodyTests.gzipped(inflated)
        XCTAssertLessThan(bomb.count * 500, inflated.count)
        let head =
            "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\nConnection: close\r\n\r\n"
        let server = try startServer { _ in .raw(Data(head.utf8) + bomb) }
        var options = APIClient.Options(timeout: 10, retryPolicy: .never)
        options.maximumResponseBodySize = 1024
        let client = makeClient(server.baseURL, options: options)
        let destination = try makeDirectory().appendingPathComponent("bomb.bin")
        let result: Result<URL, APIError>
        do throws(APIError) {
            result = .success(try await client.send(Endpoint<Data>("bomb").downloading(to: destination)))
        } catch {
            result = .failure(error)
        }
        XCTAssertEqual(result, .success(destination), "a thousandfold inflation, kept on disk")
        XCTAssertEqual(try Data(contentsOf: destination), inflated, "inflated by URLSession, counted decompressed")
    }
}
