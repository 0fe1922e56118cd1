import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// The memory tier shared by `ImageCache` and `ResponseCache`: eviction order, the byte limit, a
/// replaced key's bytes, and a value larger than the limit.
final class ByteLimitedLRUTests: XCTestCase {
    private func makeCache(_ limit: Int) -> ByteLimitedLRU<String, Data> {
        ByteLimitedLRU(byteLimit: limit) { $0.count }
    }

    private func bytes(_ count: Int) -> Data { Data(repeating: 7, count: count) }

    /// The least recently used value goes first; reading a value makes it the most recent.
    func testEvictsTheLeastRecentlyUsedFirst() {
        let cache = makeCache(30)
        cache.insert(bytes(10), for: "a")
        cache.insert(bytes(10), for: "b")
        cache.insert(bytes(10), for: "c")
        XCTAssertNotNil(cache.value(for: "a"))  // now b is the least recently used
        cache.insert(bytes(10), for: "d")
        XCTAssertNil(cache.value(for: "b"))
        XCTAssertEqual(Set(["a", "c", "d"].filter { cache.value(for: $0) != nil }), ["a", "c", "d"])
        cache.insert(bytes(20), for: "e")  // a, c, d were read in that order: a and c go
        XCTAssertNil(cache.value(for: "a"))
        XCTAssertNil(cache.value(for: "c"))
        XCTAssertNotNil(cache.value(for: "d"))
        XCTAssertNotNil(cache.value(for: "e"))
    }

    /// The total never exceeds the limit, and counts what is kept.
    func testStaysWithinTheByteLimit() {
        let cache = makeCache(100)
        for index in 0..<50 {
            cache.insert(bytes(7 + index % 5), for: "k\(index)")
            XCTAssertLessThanOrEqual(cache.totalBytes, 100)
        }
        XCTAssertEqual(cache.totalBytes, (0..<50).compactMap { cache.value(for: "k\($0)")?.count }.reduce(0, +))
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalBytes, 0)
    }

    /// Replacing a key's value counts the new value's bytes, not both; removing it takes them off.
    func testReplacingAKeyAdjustsTheTotal() {
        let cache = makeCache(30)
        cache.insert(bytes(10), for: "a")
        cache.insert(bytes(25), for: "a")
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.totalBytes, 25)
        cache.insert(bytes(5), for: "a")
        XCTAssertEqual(cache.totalBytes, 5)
        XCTAssertEqual(cache.value(for: "a")?.count, 5)
        cache.removeValue(for: "a")
        XCTAssertEqual(cache.totalBytes, 0)
        XCTAssertNil(cache.value(for: "a"))
    }

    /// A value larger than the limit is not kept, evicts nothing, and drops the key's earlier value;
    /// a limit of 0 (or below) keeps nothing.
    func testAValueLargerThanTheLimitIsNotKept() {
        let cache = makeCache(30)
        cache.insert(bytes(10), for: "a")
        cache.insert(bytes(10), for: "b")
        cache.insert(bytes(31), for: "big")
        XCTAssertNil(cache.value(for: "big"))
        XCTAssertEqual(cache.totalBytes, 20)
        XCTAssertNotNil(cache.value(for: "a"))
        cache.insert(bytes(31), for: "a")
        XCTAssertNil(cache.value(for: "a"))
        XCTAssertEqual(cache.totalBytes, 10)
        let off = makeCache(-5)
        XCTAssertEqual(off.byteLimit, 0)
        off.insert(bytes(1), for: "a")
        XCTAssertEqual(off.count, 0)
    }
}
