import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `ImageCache` alone: byte limit and least-recently-used eviction.
final class MenuImageCacheTests: XCTestCase {
    private func url(_ name: String) -> URL {
        URL(string: "http://images.example/\(name).png")!
    }

    func testEvictsTheLeastRecentlyUsedBeyondTheLimit() {
        let cache = ImageCache(byteLimit: 30)
        cache.insert(Data(count: 10), for: url("a"))
        cache.insert(Data(count: 10), for: url("b"))
        cache.insert(Data(count: 10), for: url("c"))
        XCTAssertNotNil(cache.data(for: url("a")))  // a is now the most recently used
        cache.insert(Data(count: 10), for: url("d"))  // evicts b
        XCTAssertNil(cache.data(for: url("b")))
        XCTAssertNotNil(cache.data(for: url("a")))
        XCTAssertNotNil(cache.data(for: url("c")))
        XCTAssertNotNil(cache.data(for: url("d")))
        XCTAssertEqual(cache.totalBytes, 30)
        XCTAssertEqual(cache.count, 3)
    }

    func testReplacingAndOversizedAndRemoving() {
        let cache = ImageCache(byteLimit: 30)
        cache.insert(Data(count: 10), for: url("a"))
        cache.insert(Data(count: 20), for: url("a"))
        XCTAssertEqual(cache.totalBytes, 20)
        cache.insert(Data(count: 31), for: url("big"))
        XCTAssertNil(cache.data(for: url("big")), "larger than the whole cache: not stored")
        XCTAssertEqual(cache.totalBytes, 20)
        cache.removeData(for: url("a"))
        XCTAssertEqual(cache.totalBytes, 0)
        cache.insert(Data(count: 5), for: url("b"))
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(ImageCache(byteLimit: 0).byteLimit, 0)
    }
}
