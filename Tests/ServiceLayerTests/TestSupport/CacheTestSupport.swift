import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

// MARK: - Helpers for the caching tests

/// A fresh empty directory under the temporary directory; removed by `tearDown` of the caller.
func makeCacheDirectory(_ name: String = #function) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("ServiceLayerCacheTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// A path that can never be a directory: it lies under a regular file (so even root cannot create it).
func makeUnwritableDirectory() throws -> (file: URL, directory: URL) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("ServiceLayerCacheTests-\(UUID())")
    try Data("not a directory".utf8).write(to: file)
    return (file, file.appendingPathComponent("Images", isDirectory: true))
}

/// A controller with no retries, a 10 s timeout, the given disk tier and response cache, and a logger
/// that records every line.
func makeCachingController(
    server: FixtureServer, disk: DiskImageCache? = nil, responseCache: ResponseCache? = nil,
    lines: Locked<[String]>? = nil
) -> MenuController {
    var options = APIClient.Options(timeout: 10, retryPolicy: .never)
    options.responseCache = responseCache
    if let lines { options.logger = { value in lines.withLock { $0.append(value) } } }
    return MenuController(
        baseURL: server.baseURL, options: options, diskImageCache: disk, notificationCenter: NotificationCenter())
}

/// The URL of dish `id`'s picture on `server`.
func pictureURL(_ server: FixtureServer, _ id: Int) -> URL {
    server.baseURL.appendingPathComponent("images/\(id).png")
}
