import Foundation
import XCTest

@testable import FixtureServer

final class ConnectionTests: FixtureTestCase {
    func testKeepAliveReusesConnections() throws {
        for index in 0..<200 {
            let reply = try fetch(index.isMultiple(of: 2) ? "/categories" : "/menu?category=soups")
            XCTAssertEqual(reply.status, 200)
        }
        XCTAssertLessThanOrEqual(server.acceptedConnections, 2)
        XCTAssertEqual(server.requestCount(path: "/categories"), 100)
        XCTAssertEqual(server.requestCount(path: "/menu"), 100)
    }

    func testTwentyConcurrentClients() throws {
        let port = server.port
        let failures = Locked<[String]>([])
        let group = DispatchGroup()
        for client in 0..<20 {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let raw = try RawClient(port: port)
                    defer { raw.close() }
                    for request in 0..<10 {
                        let id = (client + request) % 12 + 1
                        raw.send("GET /api/users/\(id) HTTP/1.1\r\nHost: x\r\n\r\n")
                        let response = raw.readResponse(timeout: 30)
                        if response?.status != 200 || !(response?.text.contains(#""id":\#(id),"#) ?? false) {
                            failures.withLock {
                                $0.append("client \(client) request \(request): \(response?.status ?? -1)")
                            }
                        }
                    }
                } catch {
                    failures.withLock { $0.append("client \(client): \(error)") }
                }
            }
            thread.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(server.requestCount(path: "/api/users/1") + server.requestCount(path: "/api/users/12") > 0, true)
        XCTAssertEqual(server.requests.count, 200)
        XCTAssertEqual(server.acceptedConnections, 20)
    }

    func testStopIsPromptWithDelayedResponseAndIdleConnectionThenRestartWorks() throws {
        server.inject(.delay(60), path: "/categories")
        let delayed = try rawClient()
        delayed.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        let reqresDelayed = try rawClient()
        reqresDelayed.send("GET /api/users?delay=30 HTTP/1.1\r\nHost: x\r\n\r\n")
        let idle = try rawClient()
        // Let the server pick the requests up.
        let deadline = Date().addingTimeInterval(10)
        while server.requestCount(path: "/categories") + server.requestCount(path: "/api/users") < 2
            && Date() < deadline
        {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let oldPort = server.port
        let started = Date()
        server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "stop() waited out a delay or an idle connection")
        XCTAssertFalse(server.isRunning)
        for client in [delayed, reqresDelayed, idle] {
            let (data, closed) = client.readToEOF(timeout: 5)
            XCTAssertTrue(closed)
            XCTAssertTrue(data.isEmpty, String(decoding: data, as: UTF8.self))
            client.close()
        }
        XCTAssertThrowsError(try RawClient(port: oldPort))

        server.stop()  // idempotent
        try server.start()
        XCTAssertTrue(server.isRunning)
        XCTAssertEqual(try fetch("/categories").status, 200)
    }

    func testStartingARunningServerThrows() throws {
        XCTAssertThrowsError(try server.start()) { error in
            XCTAssertEqual(error as? FixtureServerError, .alreadyRunning)
        }
        XCTAssertEqual(try fetch("/categories").status, 200)
    }

    func testBindingATakenPortThrowsPortInUse() throws {
        let other = FixtureServer(port: server.port)
        XCTAssertThrowsError(try other.start()) { error in
            XCTAssertEqual(error as? FixtureServerError, .portInUse(server.port))
        }
        XCTAssertThrowsError(try FixtureServer(host: "not a host").start()) { error in
            XCTAssertEqual(error as? FixtureServerError, .invalidHost("not a host"))
        }
    }

    func testFixedPortAndBaseURL() throws {
        let probe = try startExtraServer(FixtureServer())
        let port = probe.port
        probe.stop()
        let fixed = try startExtraServer(FixtureServer(port: port))
        XCTAssertEqual(fixed.port, port)
        XCTAssertEqual(fixed.baseURL.absoluteString, "http://127.0.0.1:\(port)/")
        XCTAssertEqual(server.baseURL.absoluteString, "http://127.0.0.1:\(server.port)/")
    }

    func testIdleClientIsClosedAfterIdleTimeout() throws {
        let quick = try startExtraServer(FixtureServer(idleTimeout: 0.3))  // 15 s by default: the rule is the same
        let silent = try RawClient(port: quick.port)
        defer { silent.close() }
        let partial = try RawClient(port: quick.port)
        defer { partial.close() }
        partial.send("GET /categories HTTP/1.1\r\nHost: x\r\n")  // never finished
        let started = Date()
        XCTAssertTrue(silent.waitForClose(timeout: 10))
        XCTAssertTrue(partial.waitForClose(timeout: 10))
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
        // The freed threads do not block new clients.
        let fresh = try RawClient(port: quick.port)
        defer { fresh.close() }
        fresh.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(fresh.readResponse()?.status, 200)
    }

    func testConnectionsOverTheCapGet503() throws {
        let capped = try startExtraServer(FixtureServer(maxConnections: 2))
        let first = try RawClient(port: capped.port)
        let second = try RawClient(port: capped.port)
        for client in [first, second] {
            client.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(client.readResponse()?.status, 200)
        }
        let third = try RawClient(port: capped.port)
        defer { third.close() }
        third.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
        let rejected = try XCTUnwrap(third.readResponse())
        XCTAssertEqual(rejected.status, 503)
        XCTAssertEqual(rejected.text, #"{"error":"Too many connections"}"#)
        XCTAssertTrue(third.waitForClose(timeout: 10))
        XCTAssertEqual(capped.requestCount(path: "/categories"), 2)

        // Once a slot frees up, new clients are served again.
        first.close()
        var served = false
        let deadline = Date().addingTimeInterval(10)
        while !served && Date() < deadline {
            let next = try RawClient(port: capped.port)
            next.send("GET /categories HTTP/1.1\r\nHost: x\r\n\r\n")
            served = next.readResponse()?.status == 200
            next.close()
            if !served { Thread.sleep(forTimeInterval: 0.1) }
        }
        XCTAssertTrue(served)
        second.close()
    }
}
