import Foundation
import XCTest

@testable import FixtureServer

/// `--read-only` and `--delay` (`Options.readOnly`, `Options.delay`) over real sockets.
final class ReadOnlyAndDelayTests: OptionsTestCase {
    func testReadOnlyRefusesEveryWriteOfTheFolderAndNamesTheOption() throws {
        var options = FixtureServer.Options()
        options.readOnly = true
        let readOnly = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: options))
        for (method, target) in [
            ("POST", "/movies"), ("PUT", "/movies/1"), ("PATCH", "/movies/1"), ("DELETE", "/movies/1"),
        ] {
            let refused = try send(readOnly, method, target, body: method == "DELETE" ? nil : #"{"title":"x"}"#)
            XCTAssertEqual(refused.status, 405, "\(method) \(target)")
            XCTAssertEqual(refused.headers["allow"], "GET, HEAD, OPTIONS")
            let message = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: refused.body) as? [String: String])["error"]
            XCTAssertTrue(message?.contains("\(method) \(target)") == true, message ?? "")
            XCTAssertTrue(message?.contains("--read-only") == true, message ?? "")
        }
        // A canned write is refused too (json-server's --read-only: GET requests only) ...
        let login = try send(readOnly, "POST", "/login", body: #"{"username":"learner","password":"swift"}"#)
        XCTAssertEqual(login.status, 405)
        // ... the data is unchanged, reads work, and OPTIONS names what is left.
        XCTAssertEqual(try ids(try send(readOnly, "GET", "/movies")), [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(try send(readOnly, "GET", "/movies/1").status, 200)
        XCTAssertEqual(try send(readOnly, "OPTIONS", "/movies/1").headers["allow"], "GET, HEAD, OPTIONS")
        // The built-in backends are not the folder: they still take writes.
        XCTAssertEqual(try send(readOnly, "POST", "/order", body: #"{"menuIds":[1]}"#).status, 200)
    }

    func testWithoutReadOnlyTheSameWritesWork() throws {
        let writable = try startExtraServer(try FixtureServer(api: Self.moviesFolder, options: FixtureServer.Options()))
        XCTAssertEqual(try send(writable, "POST", "/movies", body: #"{"title":"x"}"#).status, 201)
        XCTAssertEqual(try send(writable, "DELETE", "/movies/1").status, 204)
    }

    func testDelayHoldsEveryAnswer() throws {
        var options = FixtureServer.Options()
        options.delay = 0.4
        let slow = try startExtraServer(try FixtureServer(api: nil, options: options))
        // Both requests at once (each waits its own 0.4 s); a lower bound only: a busy machine can make
        // an answer slower, never faster.
        let targets = ["/categories", "/nowhere"]
        let outcomes = Locked<[String: (seconds: TimeInterval, status: Int?)]>([:])
        let port = slow.port
        DispatchQueue.concurrentPerform(iterations: targets.count) { index in
            let started = Date()
            let client = try? RawClient(port: port)
            defer { client?.close() }
            _ = client?.send("GET \(targets[index]) HTTP/1.1\r\nHost: x\r\n\r\n")
            let status = client?.readResponse(timeout: 60)?.status
            outcomes.withLock { $0[targets[index]] = (Date().timeIntervalSince(started), status) }
        }
        for target in targets {
            let outcome = outcomes.withLock { $0[target] }
            XCTAssertGreaterThanOrEqual(outcome?.seconds ?? 0, 0.4, target)
            XCTAssertNotEqual(outcome?.status ?? 0, 0, target)
        }
        // The control: the router sets the delay on the answer it finishes, and only when asked to.
        let response = HTTPResponse(status: 200, contentType: nil)
        XCTAssertEqual(Router(delay: options.delay).finish(response).delay, 0.4)
        XCTAssertEqual(Router().finish(response).delay, 0)
    }

    func testDelayIsBounded() {
        var options = FixtureServer.Options()
        for bad in [-1, 30.5, .infinity, .nan] {
            options.delay = bad
            XCTAssertThrowsError(try FixtureServer(api: nil, options: options), "\(bad)") { error in
                XCTAssertTrue("\(error)".contains("0 to 30 seconds"), "\(error)")
            }
        }
    }
}
