import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Credentials never follow a redirect to another origin.
final class RedirectGuardTests: XCTestCase {
    private let credentials = ["Authorization", "Proxy-Authorization", "Cookie"]

    private func request(to url: String) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.setValue("Bearer tk-1", forHTTPHeaderField: "Authorization")
        request.setValue("Basic cHJveHk=", forHTTPHeaderField: "Proxy-Authorization")
        request.setValue("sid=abc", forHTTPHeaderField: "Cookie")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    func testSameOriginKeepsCredentials() {
        let from = URL(string: "https://api.test/api/v1/products")!
        for target in ["https://api.test/api/v2/products", "https://API.test:443/login", "https://api.test/?page=2"] {
            let kept = RedirectGuard.strippingCredentials(from: request(to: target), redirectedFrom: from)
            XCTAssertEqual(kept.value(forHTTPHeaderField: "Authorization"), "Bearer tk-1", target)
            XCTAssertEqual(kept.value(forHTTPHeaderField: "Cookie"), "sid=abc", target)
            XCTAssertEqual(kept.value(forHTTPHeaderField: "Proxy-Authorization"), "Basic cHJveHk=", target)
        }
    }

    func testAnotherOriginStripsCredentials() {
        let from = URL(string: "https://api.test/products")!
        let targets = [
            "https://evil.test/products",  // another host
            "https://cdn.api.test/products",  // a subdomain is another host
            "https://api.test:8443/products",  // another port
            "http://api.test/products",  // another scheme
        ]
        for target in targets {
            let stripped = RedirectGuard.strippingCredentials(from: request(to: target), redirectedFrom: from)
            for name in credentials {
                XCTAssertNil(stripped.value(forHTTPHeaderField: name), "\(name) followed to \(target)")
            }
            XCTAssertEqual(stripped.value(forHTTPHeaderField: "Accept"), "application/json", target)
            XCTAssertEqual(stripped.url?.absoluteString, target)
        }
    }

    func testUnknownPreviousURLStripsCredentials() {
        let stripped = RedirectGuard.strippingCredentials(from: request(to: "https://api.test/x"), redirectedFrom: nil)
        for name in credentials { XCTAssertNil(stripped.value(forHTTPHeaderField: name), name) }
    }

    func testDelegateHandsURLSessionTheStrippedRequest() {
        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: URL(string: "https://api.test/products")!)
        let response = HTTPURLResponse(
            url: URL(string: "https://api.test/products")!, statusCode: 302, httpVersion: "HTTP/1.1",
            headerFields: ["Location": "https://evil.test/steal"])!
        let forwarded = Locked<URLRequest?>(nil)
        RedirectGuard.shared.urlSession(
            session, task: task, willPerformHTTPRedirection: response,
            newRequest: request(to: "https://evil.test/steal")
        ) { next in forwarded.withLock { $0 = next } }
        XCTAssertEqual(forwarded.withLock { $0 }?.url?.absoluteString, "https://evil.test/steal")
        XCTAssertNil(forwarded.withLock { $0 }?.value(forHTTPHeaderField: "Authorization"))
        XCTAssertNil(forwarded.withLock { $0 }?.value(forHTTPHeaderField: "Cookie"))
        task.cancel()
        session.invalidateAndCancel()
    }
}
