import FixtureServer
import Foundation
import Loopback
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Starts the servers of the scenarios and stops them at the end.
class MessageScenarioTestCase: XCTestCase {
    var servers: MessageScenarioServers!
    private var closedPort: ClosedPort?
    private var plainServer: OneAnswerServer?

    override func setUpWithError() throws {
        try super.setUpWithError()
        let fixture = FixtureServer()
        try fixture.start()
        let closed = try ClosedPort()
        closedPort = closed
        let plain = try OneAnswerServer(
            answer: Data("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        plainServer = plain
        servers = MessageScenarioServers(fixture: fixture, closedPort: closed.baseURL, plainAnswer: plain.baseURL)
    }

    override func tearDown() {
        servers?.fixture.stop()
        servers = nil
        closedPort = nil
        plainServer?.stop()
        plainServer = nil
        super.tearDown()
    }

    /// Runs the scenario named `mistake` on fresh servers state.
    func run(_ mistake: String, file: StaticString = #filePath, line: UInt = #line) async throws -> (
        APIError, ExchangeReport?
    ) {
        let scenario = try XCTUnwrap(MessageScenarios.all.first { $0.mistake == mistake }, file: file, line: line)
        servers.fixture.clearFaults()
        return try await scenario.run(servers)
    }
}
