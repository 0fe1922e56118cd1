import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The default connectivity source of each platform, and loopback hosts, which need no network.
final class ConnectivityTests: XCTestCase {
    func testLoopbackHosts() {
        for url in [
            "http://localhost:8090/", "http://LOCALHOST/", "http://127.0.0.1:8090/api/", "http://127.1.2.3/",
            "http://[::1]:8090/", "http://app.localhost/",
        ] {
            XCTAssertTrue(LoopbackHost.matches(URL(string: url)!), url)
        }
        for url in [
            "https://reqres.in/api/", "http://128.0.0.1/", "http://127.0.0.1.example.com/", "http://10.0.0.1/",
            "http://127.0.0/", "http://[::2]/", "file:///tmp/x",
        ] {
            XCTAssertFalse(LoopbackHost.matches(URL(string: url)!), url)
        }
    }

    /// A source without its own `isOnline(for:)` (a test's fake, an app's reachability wrapper) answers
    /// with `isOnline` for every host, loopback included.
    func testASourceWithoutItsOwnAnswerForAURLUsesIsOnline() {
        let offline = FakeConnectivity(online: false)
        XCTAssertFalse(offline.isOnline(for: URL(string: "http://127.0.0.1:8090/")!))
        XCTAssertTrue(FakeConnectivity(online: true).isOnline(for: URL(string: "https://reqres.in/")!))
        XCTAssertTrue(AlwaysOnline().isOnline(for: URL(string: "https://reqres.in/")!))
    }

    func testTheDefaultSourceOfThisPlatform() {
        let source = defaultConnectivitySource()
        #if canImport(Network) && !os(watchOS)
        XCTAssertTrue(source is PathMonitorConnectivity)
        XCTAssertTrue(source.isOnline(for: URL(string: "http://127.0.0.1:8090/")!), "loopback needs no network")
        #else
        XCTAssertTrue(source is AlwaysOnline, "Linux and watchOS: NWPathMonitor is absent or says unsatisfied")
        #endif
    }
}
