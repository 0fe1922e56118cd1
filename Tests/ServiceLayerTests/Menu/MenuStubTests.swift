import Foundation
import XCTest

@testable import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers every request from a canned table, and records what was asked. Installed through an
/// injected session configuration (URLSession.shared would ignore it).
final class MenuStubProtocol: URLProtocol {
    struct Reply: Sendable {
        var status = 200
        var body = Data()
    }

    static let replies = Locked<[String: Reply]>([:])
    static let seen = Locked<[URLRequest]>([])

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url!
        Self.seen.withLock { $0.append(request) }
        let reply = Self.replies.withLock { $0[url.path] } ?? Reply(status: 404)
        let response = HTTPURLResponse(url: url, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: [:])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: reply.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// The controller with its defaults (callbacks on `.main`), without a server.
final class MenuStubTests: XCTestCase {
    private func stubbedSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [MenuStubProtocol.self]
        return APIClient.makeSession(configuration: configuration)
    }

    override func setUp() {
        MenuStubProtocol.seen.withLock { $0 = [] }
        MenuStubProtocol.replies.withLock {
            $0 = [
                "/api/menu": .init(
                    body: Data(
                        #"{"items":[{"id":9,"name":"Pie","description":"Sweet.","price":9,"category":"desserts","image_url":"https://cdn.example/9.png"}]}"#
                            .utf8))
            ]
        }
    }

    func testDefaultCallbacksRunOnMainAndTheRequestIsBuiltRight() throws {
        let controller = MenuController(
            baseURL: URL(string: "https://restaurant.example/api/")!, session: stubbedSession())
        let done = expectation(description: "menu")
        controller.fetchMenuItems(forCategory: "desserts & more") { result in
            dispatchPrecondition(condition: .onQueue(.main))
            switch result {
            case .success(let items):
                XCTAssertEqual(items.map(\.price), [9])
                XCTAssertEqual(items.first?.imageURL, URL(string: "https://cdn.example/9.png"))
            case .failure(let error):
                XCTFail("\(error)")
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        let request = try XCTUnwrap(MenuStubProtocol.seen.withLock { $0.first })
        XCTAssertEqual(
            request.url?.absoluteString, "https://restaurant.example/api/menu?category=desserts%20%26%20more")
        XCTAssertEqual(request.httpMethod, "GET")
    }

    func testSharedControllerPointsAtTheRestaurantServer() {
        XCTAssertEqual(MenuController.shared.client.baseURL, URL(string: "http://localhost:8090/"))
        XCTAssertEqual(MenuController.orderUpdatedNotification.rawValue, "MenuController.orderUpdated")
    }
}
