import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The disk tier against a shared or hostile directory: the limit holds for every writer together,
/// files are private and hold no URL, and whatever is planted at an entry's name (a symlink, a FIFO,
/// a directory, another user's file, a huge file, stale temporary files) is never trusted or read whole.
final class HostileDiskTests: HostileServerTestCase {
    private func url(_ name: String) -> URL { URL(string: "http://images.test/\(name).png")! }

    private func entryPath(_ directory: URL, _ name: String) -> String {
        DiskStore(directory: directory, byteLimit: 0, onFailure: nil).fileURL(for: url(name).absoluteString).path
    }

    private func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    // MARK: The limit

    /// Two caches (two controllers, or two processes) over one directory: after every write the
    /// directory is within the limit, not 1.5× it.
    func testTwoCachesSharingADirectoryStayWithinTheLimit() throws {
        let directory = try makeDirectory()
        let limit = 10_000
        let first = DiskImageCache(directory: directory, byteLimit: limit)
        let second = DiskImageCache(directory: directory, byteLimit: limit)
        for index in 0..<30 {
            (index.isMultiple(of: 2) ? first : second).insert(Data(count: 900), for: url("p\(index)"))
            XCTAssertLessThanOrEqual(first.totalBytes, limit, "after write \(index)")
        }
    }

    /// A planted 1 GiB entry (a sparse file: no disk, no time) is never read: a miss, at once.
    func testAnEntryLargerThanTheLimitIsNeverRead() throws {
        let directory = try makeDirectory()
        let cache = DiskImageCache(directory: directory, byteLimit: 1024 * 1024)
        cache.insert(Data([1]), for: url("a"))
        XCTAssertEqual(truncate(entryPath(directory, "a"), 1 << 30), 0)
        guard case .tooLarge = PlainFile.read(entryPath(directory, "a"), limit: cache.byteLimit) else {
            return XCTFail("the file's size was not checked before reading it")
        }
        XCTAssertNil(cache.data(for: url("a")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: entryPath(directory, "a")), "removed")
    }

    // MARK: Privacy

    func testFilesAreOwnerOnlyAndHoldNoURL() throws {
        let parent = try makeDirectory()
        let directory = parent.appendingPathComponent("Responses", isDirectory: true)
        let responses = ResponseCache(directory: directory)
        let key = "https://api.test/items?token=tk-in-the-query"
        responses.store(
            ResponseCache.Entry(etag: "\"e\"", body: Data("{}".utf8), storedAt: Date(), freshFor: 0), for: key)
        let pictures = DiskImageCache(directory: directory)
        pictures.insert(Data([1, 2, 3]), for: URL(string: "https://cdn.test/a.png?sig=sig-in-the-query")!)
        XCTAssertEqual(try mode(directory.path) & 0o077, 0, "the directory the cache creates is 0700")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(names.count, 2)
        for name in names {
            let path = directory.appendingPathComponent(name).path
            XCTAssertEqual(try mode(path), 0o600, name)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for secret in ["tk-in-the-query", "sig-in-the-query", "api.test", "cdn.test"] {
                XCTAssertNil(bytes.range(of: Data(secret.utf8)), "\(secret) in \(name)")
            }
        }
        XCTAssertNotNil(ResponseCache(directory: directory).entry(for: key), "still found by its key")
    }

    // MARK: What is planted at an entry's name

    /// Another user's file at an entry's name, even a well-formed one, is not taken for ours.
    func testAnotherUsersFileIsNotTrusted() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root to make a file another user owns") }
        let directory = try makeDirectory()
        let cache = DiskImageCache(directory: directory)
        cache.insert(Data("forged".utf8), for: url("a"))
        XCTAssertEqual(chown(entryPath(directory, "a"), 65534, 65534), 0)
        XCTAssertNil(DiskImageCache(directory: directory).data(for: url("a")))
    }

    func testASymlinkAtAnEntrysNameIsNotFollowed() throws {
        let directory = try makeDirectory()
        let elsewhere = try makeDirectory()
        DiskImageCache(directory: elsewhere).insert(Data("planted".utf8), for: url("a"))
        XCTAssertEqual(symlink(entryPath(elsewhere, "a"), entryPath(directory, "a")), 0)
        let cache = DiskImageCache(directory: directory)
        XCTAssertNil(cache.data(for: url("a")), "the link was followed")
        cache.insert(Data("ours".utf8), for: url("a"))
        XCTAssertEqual(cache.data(for: url("a")), Data("ours".utf8), "the link itself was replaced")
        XCTAssertEqual(DiskImageCache(directory: elsewhere).data(for: url("a")), Data("planted".utf8), "target intact")
    }

    func testAFIFOAtAnEntrysNameIsAMissWithoutBlocking() throws {
        let directory = try makeDirectory()
        XCTAssertEqual(mkfifo(entryPath(directory, "a"), 0o600), 0)
        guard case .notPlainFile = PlainFile.read(entryPath(directory, "a"), limit: 1024) else {
            return XCTFail("a FIFO was opened for reading")
        }
        XCTAssertNil(DiskImageCache(directory: directory).data(for: url("a")))
    }

    /// A directory planted at one entry's name skips that entry only: the disk tier stays on.
    func testAPlantedDirectoryOnlySkipsItsEntry() throws {
        let directory = try makeDirectory()
        let lines = Locked<[String]>([])
        let cache = DiskImageCache(directory: directory, logger: { line in lines.withLock { $0.append(line) } })
        try FileManager.default.createDirectory(
            atPath: entryPath(directory, "a") + "/inside", withIntermediateDirectories: true)
        cache.insert(Data([1]), for: url("a"))
        cache.insert(Data([2]), for: url("b"))
        XCTAssertNil(cache.data(for: url("a")))
        XCTAssertEqual(cache.data(for: url("b")), Data([2]))
        XCTAssertFalse(cache.isMemoryOnly)
        XCTAssertEqual(lines.withLock { $0 }, [])
    }

    /// A crashed writer's temporary file is counted, and removed once stale; a fresh one is kept.
    func testLeftoverTemporaryFilesAreCountedAndCleaned() throws {
        let directory = try makeDirectory()
        let stale = directory.appendingPathComponent(".tmp-crashed").path
        let fresh = directory.appendingPathComponent(".tmp-writing").path
        XCTAssertTrue(FileManager.default.createFile(atPath: stale, contents: Data(count: 5000)))
        XCTAssertTrue(FileManager.default.createFile(atPath: fresh, contents: Data(count: 700)))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -2 * DiskStore.staleTemporaryAge)], ofItemAtPath: stale)
        let cache = DiskImageCache(directory: directory, byteLimit: 2000)
        XCTAssertEqual(cache.totalBytes, 5700, "temporary files count")
        cache.insert(Data(count: 500), for: url("a"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh))
        XCTAssertLessThanOrEqual(cache.totalBytes, 2000)
    }
}
