import Foundation
import XCTest

@testable import FixtureServer

/// The base of the tests of the server's options: servers started with ``FixtureServer/Options`` on temporary
/// folders (removed after the test), talked to over raw sockets.
class OptionsTestCase: FixtureTestCase {
    var folders: [TemporaryFolder] = []

    override func tearDown() {
        super.tearDown()
        for folder in folders { folder.remove() }
        folders.removeAll()
    }

    /// A temporary folder removed after the test.
    func folder(_ prefix: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix)
        folders.append(folder)
        return folder
    }

    /// A temporary copy of the movies example, removed after the test.
    func moviesCopy() throws -> TemporaryFolder {
        let folder = try TemporaryFolder.copy(of: Self.moviesFolder, prefix: "movies")
        folders.append(folder)
        return folder
    }

    /// Sends one request to `server` on a fresh connection and reads the answer.
    func send(
        _ server: FixtureServer, _ method: String, _ target: String, _ headers: [String: String] = [:],
        body: String? = nil
    ) throws -> RawResponse {
        var lines = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        if let body { lines += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        let client = try RawClient(port: server.port)
        defer { client.close() }
        XCTAssertTrue(client.send("\(method) \(target) HTTP/1.1\r\nHost: x\r\n\(lines)\r\n\(body ?? "")"))
        return try XCTUnwrap(client.readResponse(timeout: 60, bodyless: method == "HEAD"))
    }

    /// The `id`s of a JSON array answer.
    func ids(_ response: RawResponse) throws -> [Int] {
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
        return list.compactMap { $0["id"] as? Int }
    }
}
