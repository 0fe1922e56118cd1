import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The `async throws(APIError)` twins, one test each, plus task cancellation.
final class MenuAsyncTests: MenuTestCase {

    func testFetchCategories() async throws {
        let categories = try await controller.fetchCategories()
        XCTAssertEqual(categories, ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"])
    }

    func testFetchMenuItems() async throws {
        let soups = try await controller.fetchMenuItems(forCategory: "soups")
        XCTAssertEqual(soups.map(\.category), Array(repeating: "soups", count: soups.count))
        XCTAssertFalse(soups.isEmpty)
        let desserts = try await controller.fetchMenuItems(forCategory: "desserts")
        XCTAssertEqual(desserts, [])
    }

    func testSubmitOrder() async throws {
        let minutes = try await controller.submitOrder(forMenuIDs: [1, 2, 6])
        XCTAssertEqual(minutes, 30)
        let none = try await controller.submitOrder(forMenuIDs: [])
        XCTAssertEqual(none, 0)
    }

    func testFetchImageUsesTheSameCache() async throws {
        let url = server.baseURL.appendingPathComponent("images/5.png")
        let first = try await controller.fetchImage(url: url)
        let second = try await controller.fetchImage(url: url)
        XCTAssertEqual(first.prefix(8), pngSignature)
        XCTAssertEqual(first, second)
        XCTAssertEqual(server.requestCount(path: "/images/5.png"), 1)
    }

    func testTypedErrors() async {
        server.inject(.html500, path: "/categories")
        do {
            _ = try await controller.fetchCategories()
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.statusCode, 500)  // `error` is an APIError: typed throws
        }
    }

    func testCancellingTheTaskThrowsCancelled() async {
        let gate = FaultGate()
        server.inject(.held(gate), path: "/images/6.png")
        let url = server.baseURL.appendingPathComponent("images/6.png")
        let controller = self.controller!
        let task = Task { () async -> APIError? in
            do throws(APIError) {
                _ = try await controller.fetchImage(url: url)
                return nil
            } catch {
                return error
            }
        }
        while gate.heldCount == 0 { try? await Task.sleep(nanoseconds: 5_000_000) }  // in flight at the server
        task.cancel()
        let error = await task.value
        XCTAssertEqual(error, .cancelled)
    }
}
