import Foundation
import ServiceLayerTesting
import XCTest

@testable import FixtureServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class FuzzTests: FixtureTestCase {
    override func makeServer() -> FixtureServer { FixtureServer(idleTimeout: 2) }

    private let valid = [
        "GET /categories HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /menu?category=salads HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n",
        "POST /order HTTP/1.1\r\nHost: x\r\nContent-Length: 15\r\n\r\n{\"menuIds\":[1]}",
        "POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n{\"name\":\"neo\"}  ",
        "GET /images/1.png HTTP/1.0\r\n\r\n",
        "HEAD /api/users/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "POST /api/accounts/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n{}",
    ]
    private let pieces = [
        "%", "%%", "%2", "%zz", "%00", "..", "/", "//", "?", "#", "&", "=", "\r", "\n", "\r\n", "\0", " ", "\t", ":",
        "é", "€", "\u{FFFF}", "HTTP/1.1", "HTTP/9.9", "Content-Length: ", "Transfer-Encoding: chunked",
        "Expect: 100-continue", "-1", "99999999999999999999", String(repeating: "A", count: 5000),
    ]

    private func randomBytes(_ count: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    private func makeInput(_ rng: inout SeededGenerator) -> [UInt8] {
        let base = Array(valid.randomElement(using: &rng)!.utf8)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            return randomBytes(Int.random(in: 0...2048, using: &rng), &rng)
        case 1:
            var bytes = base
            for _ in 0..<Int.random(in: 1...10, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            return bytes
        case 2:
            return Array(base.prefix(Int.random(in: 0...base.count, using: &rng)))
        case 3:
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &rng) { text += pieces.randomElement(using: &rng)! }
            return Array(text.utf8)
        case 4:
            var bytes = base
            let position = Int.random(in: 0...bytes.count, using: &rng)
            bytes.insert(contentsOf: Array(pieces.randomElement(using: &rng)!.utf8), at: position)
            return bytes
        default:
            let length = ["0", "1", "-5", "abc", "20000", "1048577", "15 , 15", ""].randomElement(using: &rng)!
            return Array("POST /order HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n{\"menuIds\":[1]}".utf8)
        }
    }

    func testThousandMalformedInputsLeaveTheServerHealthy() throws {
        var rng = SeededGenerator(seedFromEnvironment: "FIXTURE_FUZZ_SEED")
        let seed = rng.seed
        print("FuzzTests seed: \(seed) (replay with FIXTURE_FUZZ_SEED=\(seed))")
        for iteration in 0..<1000 {
            let input = makeInput(&rng)
            let abrupt = Int.random(in: 0..<10, using: &rng) == 0
            let client = try RawClient(port: server.port)
            client.send(input)
            if abrupt {
                client.close()
                continue
            }
            _ = shutdown(client.fd, Int32(SHUT_WR))
            let (data, closed) = client.readToEOF(timeout: 15)
            client.close()
            XCTAssertTrue(closed, "iteration \(iteration) (seed \(seed)): server did not close")
            if !data.isEmpty {
                XCTAssertTrue(
                    data.starts(with: Array("HTTP/1.1 ".utf8)),
                    "iteration \(iteration) (seed \(seed)): \(String(decoding: data.prefix(80), as: UTF8.self))")
            }
        }
        let reply = try fetch("/categories")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(
            try reply.object()["categories"] as? [String],
            ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"])
        XCTAssertGreaterThanOrEqual(server.acceptedConnections, 1000)
    }
}
