import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// `DiskImageCache` alone: files survive a new instance, LRU trimming by bytes, corrupt files,
/// atomic writes, concurrent writers, and the fall-back to memory only.
final class DiskImageCacheTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try makeCacheDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func url(_ name: String) -> URL { Self.url(name) }

    private static func url(_ name: String) -> URL { URL(string: "http://images.example/\(name).png")! }

    private func fileNames() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    }

    func testAPictureOutlivesItsCacheObject() {
        DiskImageCache(directory: directory).insert(Data([1, 2, 3]), for: url("a"))
        let relaunched = DiskImageCache(directory: directory)
        XCTAssertEqual(relaunched.data(for: url("a")), Data([1, 2, 3]))
        XCTAssertNil(relaunched.data(for: url("b")))
        XCTAssertEqual(fileNames().count, 1)
        XCTAssertTrue(fileNames()[0].hasSuffix(".cache"), "named after a hash of the URL: \(fileNames())")
        XCTAssertFalse(fileNames()[0].contains("images"), "the URL itself is not the name")
    }

    func testTrimsTheLeastRecentlyReadBeyondTheLimit() throws {
        let cache = DiskImageCache(directory: directory, byteLimit: 3 * 1100)
        for name in ["a", "b", "c"] {
            cache.insert(Data(count: 1000), for: url(name))
        }
        // Make the access order unambiguous on file systems with one-second dates.
        let old = Date(timeIntervalSinceNow: -100)
        for (index, name) in ["a", "b", "c"].enumerated() {
            let path = DiskStore(directory: directory, byteLimit: 0, onFailure: nil).fileURL(
                for: url(name).absoluteString)
            try FileManager.default.setAttributes(
                [.modificationDate: old.addingTimeInterval(Double(index))], ofItemAtPath: path.path)
        }
        XCTAssertNotNil(cache.data(for: url("a")))  // a becomes the most recently read
        cache.insert(Data(count: 1000), for: url("d"))  // over the limit: b goes
        XCTAssertNil(cache.data(for: url("b")))
        XCTAssertNotNil(cache.data(for: url("a")))
        XCTAssertNotNil(cache.data(for: url("c")))
        XCTAssertNotNil(cache.data(for: url("d")))
        XCTAssertLessThanOrEqual(cache.totalBytes, 3 * 1100)
        cache.insert(Data(count: 5000), for: url("huge"))
        XCTAssertNil(cache.data(for: url("huge")), "larger than the limit: not stored")
    }

    func testACorruptOrTruncatedFileIsAMissAndIsRemoved() throws {
        let cache = DiskImageCache(directory: directory)
        cache.insert(Data(repeating: 7, count: 500), for: url("a"))
        cache.insert(Data(repeating: 8, count: 500), for: url("b"))
        let store = DiskStore(directory: directory, byteLimit: 0, onFailure: nil)
        let fileA = store.fileURL(for: url("a").absoluteString)
        let fileB = store.fileURL(for: url("b").absoluteString)
        var bytes = try Data(contentsOf: fileA)
        bytes[bytes.count - 1] ^= 0xFF  // one flipped bit in the picture
        try bytes.write(to: fileA)
        try Data(try Data(contentsOf: fileB).prefix(100)).write(to: fileB)  // cut short
        XCTAssertNil(cache.data(for: url("a")))
        XCTAssertNil(cache.data(for: url("b")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: fileA.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: fileB.path))
        try Data("garbage".utf8).write(to: fileA)
        XCTAssertNil(cache.data(for: url("a")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: fileA.path))
    }

    func testWritesLeaveNoTemporaryFilesAndRemoveAllEmptiesTheDirectory() {
        let cache = DiskImageCache(directory: directory)
        for index in 0..<20 { cache.insert(Data(count: 100 + index), for: url("\(index)")) }
        XCTAssertEqual(fileNames().filter { !$0.hasSuffix(".cache") }, [])
        XCTAssertEqual(fileNames().count, 20)
        cache.removeData(for: url("3"))
        XCTAssertNil(cache.data(for: url("3")))
        cache.removeAll()
        XCTAssertEqual(fileNames(), [])
        XCTAssertEqual(cache.totalBytes, 0)
    }

    func testTwoCachesWritingOneDirectoryConcurrentlyLoseNothing() {
        let first = DiskImageCache(directory: directory)
        let second = DiskImageCache(directory: directory)
        let count = 40
        DispatchQueue.concurrentPerform(iterations: count * 2) { index in
            let cache = index % 2 == 0 ? first : second
            let name = "\(index / 2)"
            // Both write every picture (the same bytes), and read what the other may be replacing.
            cache.insert(Data(repeating: UInt8(index / 2), count: 2000), for: Self.url(name))
            if let seen = cache.data(for: Self.url(name)) {
                XCTAssertEqual(seen, Data(repeating: UInt8(index / 2), count: 2000), "never half a file")
            }
        }
        let reader = DiskImageCache(directory: directory)
        for index in 0..<count {
            XCTAssertEqual(reader.data(for: url("\(index)")), Data(repeating: UInt8(index), count: 2000))
        }
        XCTAssertEqual(fileNames().count, count)
    }

    func testAnUnwritableDirectoryFallsBackWithOneLogLine() throws {
        let (file, unwritable) = try makeUnwritableDirectory()
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = Locked<[String]>([])
        let cache = DiskImageCache(directory: unwritable, logger: { value in lines.withLock { $0.append(value) } })
        XCTAssertFalse(cache.isMemoryOnly)
        for index in 0..<5 { cache.insert(Data(count: 10), for: url("\(index)")) }
        XCTAssertNil(cache.data(for: url("0")))
        XCTAssertTrue(cache.isMemoryOnly)
        XCTAssertEqual(lines.withLock { $0.count }, 1, "\(lines.withLock { $0 })")
        XCTAssertTrue(lines.withLock { $0 }.first?.contains("memory only") ?? false, "\(lines.withLock { $0 })")
        XCTAssertTrue(lines.withLock { $0 }.first?.contains(unwritable.path) ?? false, "\(lines.withLock { $0 })")
    }

    func testTheDefaultDirectoryIsUnderTheCachesDirectory() {
        let directory = DiskImageCache.defaultDirectory()
        XCTAssertEqual(directory.lastPathComponent, "Images")
        XCTAssertEqual(directory.deletingLastPathComponent().lastPathComponent, "ServiceLayer")
        XCTAssertEqual(DiskImageCache(directory: directory).byteLimit, 50 * 1024 * 1024)
        XCTAssertEqual(MenuController.shared.diskImageCache?.directory, directory)
    }
}

extension DiskImageCacheTests {
    func testADirectoryRemovedBetweenWritesIsMadeAgain() throws {
        let lines = Locked<[String]>([])
        let cache = DiskImageCache(directory: directory, logger: { value in lines.withLock { $0.append(value) } })
        cache.insert(Data(count: 10), for: URL(string: "http://images.example/a.png")!)
        try FileManager.default.removeItem(at: directory)
        cache.insert(Data(count: 20), for: URL(string: "http://images.example/b.png")!)
        XCTAssertEqual(cache.data(for: URL(string: "http://images.example/b.png")!), Data(count: 20))
        XCTAssertNil(cache.data(for: URL(string: "http://images.example/a.png")!), "gone with its directory")
        XCTAssertFalse(cache.isMemoryOnly)
        XCTAssertEqual(lines.withLock { $0.count }, 0)
    }
}
