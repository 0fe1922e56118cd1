import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `fetchAllUsers`: walking the pages, failing cleanly, cancelling.
final class AllUsersTests: FixtureServerTestCase {
    func testWalksBothPages() throws {
        let controller = makeUsersController()
        let users = try XCTUnwrap(awaitCompletion { controller.fetchAllUsers(completion: $0) }?.get())
        XCTAssertEqual(users.map(\.id), Array(1...12))
        let pages = requests(to: "/api/users")
        XCTAssertEqual(pages.count, 2)
        XCTAssertEqual(pages.map { $0.query["page"] }, ["1", "2"])
    }

    func testFailsCleanlyWhenPageTwoFails() throws {
        server.inject(.delay(0), path: "/api/users")  // page 1 answers normally
        server.inject(.html500, path: "/api/users")  // page 2 fails
        let controller = makeUsersController()
        let result = try XCTUnwrap(awaitCompletion { controller.fetchAllUsers(completion: $0) })
        XCTAssertNil(result.successValue, "no partial list")
        XCTAssertEqual(result.failureError?.statusCode, 500)
        XCTAssertEqual(requests(to: "/api/users").count, 2)
    }

    func testFailsWhenPageOneFails() throws {
        server.inject(.closeBeforeResponse, path: "/api/users")
        let controller = makeUsersController()
        let result = try XCTUnwrap(awaitCompletion { controller.fetchAllUsers(completion: $0) })
        XCTAssertNotNil(result.failureError)
        XCTAssertEqual(requests(to: "/api/users").count, 1, "no second page after a failed first")
    }

    func testCancelStopsThePageInFlight() throws {
        server.inject(.delay(0), path: "/api/users")
        server.inject(.delay(8), path: "/api/users")  // page 2 hangs
        let controller = makeUsersController()
        let started = Date()
        let result = awaitCompletion {
            controller.fetchAllUsers(completion: $0)
        } then: { handle in
            Polling.until { self.server.requestCount(path: "/api/users") == 2 }
            handle.cancel()
            XCTAssertTrue(handle.isCancelled)
        }
        XCTAssertEqual(result?.failureError, .cancelled)
        XCTAssertLessThan(Date().timeIntervalSince(started), 7, "the completion did not wait for the page")
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(server.requestCount(path: "/api/users"), 2, "no page after the cancel")
    }

    func testCancelBeforeAnyAnswer() throws {
        let controller = makeUsersController()
        let result = awaitCompletion {
            controller.fetchAllUsers(completion: $0)
        } then: {
            $0.cancel()
        }
        XCTAssertEqual(result?.failureError, .cancelled)
    }

    func testCancelAfterCompletionDoesNothing() throws {
        let controller = makeUsersController()
        var handle: RequestHandle?
        let result = awaitCompletion {
            controller.fetchAllUsers(completion: $0)
        } then: {
            handle = $0
        }
        XCTAssertEqual(result?.successValue?.count, 12)
        handle?.cancel()
        XCTAssertEqual(handle?.isCancelled, false)
        TestMainQueue.drain()
    }

    func testAsyncWalkAndCancellation() async throws {
        let controller = makeUsersController()
        let users = try await controller.fetchAllUsers()
        XCTAssertEqual(users.count, 12)

        let gate = FaultGate()
        server.inject(.held(gate), path: "/api/users")
        let task = Task { try await controller.fetchAllUsers() }
        while gate.heldCount == 0 { try await Task.sleep(nanoseconds: 5_000_000) }  // page 1 in flight
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected a cancellation")
        } catch let error as APIError {
            XCTAssertEqual(error, .cancelled)
        }
    }
}
