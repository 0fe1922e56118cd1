import Foundation
import ServiceLayerTesting
import XCTest

@testable import FixtureServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - A test case with a running server

/// Starts a fresh server before each test and stops it after. Subclasses may override `makeServer()`.
class FixtureTestCase: XCTestCase {
    var server: FixtureServer!
    var session: URLSession!
    private var extraServers: [FixtureServer] = []

    /// The movies example, `server-fixtures/Examples/movies`: the `--api` folder most server tests serve.
    static let moviesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../server-fixtures/Examples/movies").standardizedFileURL

    func makeServer() -> FixtureServer { FixtureServer() }

    /// A server for the `--api` folder `folder` (saving writes back when `writesBack`); when the folder cannot
    /// be served, the test fails with the folder's error and a plain server stands in.
    func apiServer(_ folder: URL, writesBack: Bool = false) -> FixtureServer {
        do {
            return try FixtureServer(api: folder, writesBack: writesBack)
        } catch {
            XCTFail("\(error)")
            return FixtureServer()
        }
    }

    /// Starts another server for this test; tearDown stops it.
    func startExtraServer(_ server: FixtureServer) throws -> FixtureServer {
        extraServers.append(server)
        try server.start()
        return server
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = makeServer()
        try server.start()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 60
        session = URLSession(configuration: configuration)
    }

    override func tearDown() {
        session?.invalidateAndCancel()
        for extra in extraServers { extra.stop() }
        extraServers.removeAll()
        server?.stop()
        server = nil
        super.tearDown()
    }

    /// Sends a request with URLSession and waits up to 30 s.
    @discardableResult
    func fetch(
        _ target: String, method: String = "GET", body: Data? = nil, headers: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Reply {
        let url = try XCTUnwrap(URL(string: target, relativeTo: server.baseURL)?.absoluteURL, file: file, line: line)
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let reply = ExactlyOnce<Result<Reply, any Error>>()
        session.dataTask(with: request) { data, response, error in
            if let http = response as? HTTPURLResponse {
                var fields: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    fields[String(describing: name).lowercased()] = String(describing: value)
                }
                reply.callback(.success(Reply(status: http.statusCode, headers: fields, body: data ?? Data())))
            } else {
                reply.callback(.failure(error ?? URLError(.badServerResponse)))
            }
        }.resume()
        do {
            return try reply.wait(timeout: 45).get()
        } catch let error as ExactlyOnceError {
            XCTFail("request \(method) \(target): \(error)", file: file, line: line)
            throw URLError(.timedOut)
        }
    }

    /// Sends a JSON object body.
    @discardableResult
    func post(_ target: String, json: String, method: String = "POST", headers: [String: String] = [:]) throws -> Reply
    {
        try fetch(
            target, method: method, body: Data(json.utf8),
            headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a })
    }

    /// A raw socket connected to the server.
    func rawClient(file: StaticString = #filePath, line: UInt = #line) throws -> RawClient {
        try RawClient(port: server.port)
    }

    /// Sends `request` on a fresh connection and reads one response.
    func rawExchange(_ request: String, head: Bool = false) throws -> RawResponse {
        let client = try rawClient()
        defer { client.close() }
        XCTAssertTrue(client.send(request))
        return try XCTUnwrap(client.readResponse(bodyless: head))
    }
}

/// What a URLSession request got back.
struct Reply: Sendable {
    let status: Int
    /// Lowercased header names.
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object (fails the test otherwise).
    func object(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: body)
        return try XCTUnwrap(value as? [String: Any], "not a JSON object: \(text)", file: file, line: line)
    }
}
