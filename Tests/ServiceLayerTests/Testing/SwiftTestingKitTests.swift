import Foundation
import ServiceLayerTesting
import Testing

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The kit under swift-testing: no XCTest, a controller's completion on `.main`, a thrown failure.
@Suite struct SwiftTestingKitTests {
    @Test func aMainQueueCompletionArrivesWhileTheTestWaits() throws {
        let stub = URLStub()
        stub.on(.get("/categories"), .json(#"{"categories":["soups"]}"#))
        let menu = MenuController(baseURL: stub.baseURL, session: stub.makeSession())
        let once = ExactlyOnce<Result<[String], APIError>>()
        menu.fetchCategories(completion: once.callback)
        #expect(try once.wait().get() == ["soups"])
        #expect(stub.requests.map(\.method) == ["GET"])
    }

    @Test func aMissingCallIsAThrownFailure() {
        let once = ExactlyOnce<Int>()
        #expect(throws: ExactlyOnceError.notCalled(timeout: 0.1)) { try once.wait(timeout: 0.1) }
    }
}
