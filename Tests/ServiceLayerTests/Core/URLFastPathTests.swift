import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The request path joins a plain base URL and a plain path as text, without `URLComponents`: it must
/// give exactly the URL the `URLComponents` route gives.
final class URLFastPathTests: XCTestCase {
    func testTheTextJoinGivesTheSameURLAsURLComponents() throws {
        let bases = [
            "http://localhost:8090/", "http://localhost:8090", "https://reqres.in/api/", "https://reqres.in/api",
            "http://127.0.0.1:8080/v1/", "https://user@host.example/a%20b/", "http://[::1]:8090/api/",
            "HTTPS://Host.Example:443/Mixed/Case/",
        ]
        let paths = ["", "/", "menu", "/menu", "//users/2", "users/2/", "a-b.c_d~e/f", "images/1.png"]
        let queries: [[URLQueryItem]] = [
            [], [URLQueryItem(name: "category", value: "entrées & more+1")],
            [URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "flag", value: nil)],
        ]
        for base in bases {
            let baseURL = try XCTUnwrap(URL(string: base))
            for path in paths {
                for query in queries {
                    var components = try XCTUnwrap(URLComponents(url: baseURL, resolvingAgainstBaseURL: true))
                    let relative = path.drop(while: { $0 == "/" })
                    if !relative.isEmpty {
                        components.path += (components.path.hasSuffix("/") ? "" : "/") + relative
                    }
                    let expected = URLBuilding.url(components: components, appending: query)
                    let joined = URLBuilding.url(base: baseURL, path: path, query: query)
                    XCTAssertEqual(joined?.absoluteString, expected?.absoluteString, "\(base) + \(path) + \(query)")
                }
            }
        }
    }
}
