import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// Two processes (the parent and two copies of this test binary) writing one picture directory at
/// once: every picture is whole afterwards and nothing crashed.
final class TwoProcessDiskCacheTests: XCTestCase {
    static let directoryVariable = "SERVICELAYER_CACHE_CHILD_DIRECTORY"
    static let idVariable = "SERVICELAYER_CACHE_CHILD_ID"
    static let pictures = 40

    /// The bytes every process writes for shared picture `index` (so any complete file is right).
    static func shared(_ index: Int) -> Data { Data(repeating: UInt8(index), count: 3000 + index) }
    /// The bytes process `id` writes for its own picture `index`.
    static func own(_ id: Int, _ index: Int) -> Data { Data(repeating: UInt8(id &+ index), count: 2000 + index) }
    static func url(_ name: String) -> URL { URL(string: "http://images.example/\(name).png")! }

    /// Writes the shared pictures and process `id`'s own, reading each back.
    static func write(into cache: DiskImageCache, id: Int) {
        for index in 0..<pictures {
            cache.insert(shared(index), for: url("shared-\(index)"))
            cache.insert(own(id, index), for: url("own-\(id)-\(index)"))
            if let seen = cache.data(for: url("shared-\(index)")), seen != shared(index) {
                fatalError("process \(id) read half a file for shared-\(index)")
            }
        }
    }

    func testTwoProcessesWritingOneDirectoryLoseNothing() throws {
        #if os(Linux)
        let executable = CommandLine.arguments[0]
        guard executable.hasSuffix(".xctest"), FileManager.default.isExecutableFile(atPath: executable) else {
            throw XCTSkip("the test binary cannot be run again as a child here (\(executable))")
        }
        let directory = try makeCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let children = try (1...2).map { id -> Process in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: executable)
            child.arguments = ["ServiceLayerTests.DiskCacheChildProcess/testWriteAsChild"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.directoryVariable] = directory.path
            environment[Self.idVariable] = String(id)
            child.environment = environment
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            return child
        }
        Self.write(into: DiskImageCache(directory: directory), id: 0)
        for child in children {
            child.waitUntilExit()
            XCTAssertEqual(child.terminationReason, .exit)
            XCTAssertEqual(child.terminationStatus, 0, "the child wrote everything and did not crash")
        }
        let reader = DiskImageCache(directory: directory)
        for index in 0..<Self.pictures {
            XCTAssertEqual(reader.data(for: Self.url("shared-\(index)")), Self.shared(index))
            for id in 0...2 {
                XCTAssertEqual(
                    reader.data(for: Self.url("own-\(id)-\(index)")), Self.own(id, index), "own-\(id)-\(index)")
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(
            names.count, Self.pictures * 4, "no temporary file left behind: \(names.filter { !$0.hasSuffix(".cache") })"
        )
        #else
        throw XCTSkip("spawning the test binary again is done on Linux only")
        #endif
    }
}

/// The child side of ``TwoProcessDiskCacheTests``; skipped when run on its own.
final class DiskCacheChildProcess: XCTestCase {
    func testWriteAsChild() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[TwoProcessDiskCacheTests.directoryVariable],
            let id = environment[TwoProcessDiskCacheTests.idVariable].flatMap(Int.init)
        else { throw XCTSkip("runs only as a child process of TwoProcessDiskCacheTests") }
        let cache = DiskImageCache(directory: URL(fileURLWithPath: path, isDirectory: true))
        TwoProcessDiskCacheTests.write(into: cache, id: id)
        XCTAssertFalse(cache.isMemoryOnly)
    }
}
