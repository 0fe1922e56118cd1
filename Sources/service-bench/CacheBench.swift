#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import FixtureServer
import Foundation
import ServiceLayer

/// Measurement 6: what the caches save. A relaunch (a new `MenuController` that loads the menu and
/// every dish's picture) with a cold disk cache against a warm one, and the bytes on the wire for
/// 100 menu fetches with and without conditional GETs.
enum CacheBench {
    /// What was measured.
    struct Figures {
        /// Pictures one relaunch loads (every dish's).
        var pictures: Int
        /// ms per relaunch with empty cache directories.
        var coldMillis: Double
        /// ms per relaunch over the directories a previous launch filled.
        var warmMillis: Double
        /// Requests one cold relaunch sends.
        var coldRequests: Int
        /// Requests one warm relaunch sends (the pictures cost none; the menu is revalidated).
        var warmRequests: Int
        /// Menu fetches in the wire comparison.
        var menuFetches: Int
        /// Response bytes (head and body) for them without a response cache.
        var plainBytes: Int
        /// Response bytes for them with a ``ResponseCache`` (one 200, then 304s).
        var revalidatedBytes: Int
        /// 304s the server answered in the revalidated run.
        var notModified: Int
    }

    static func run(server: FixtureServer, settings: BenchSettings) throws(BenchFailure) -> Figures {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("service-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var coldValues: [Double] = []
        var warmValues: [Double] = []
        var coldRequests = 0
        var warmRequests = 0
        var pictures = 0
        for round in 0..<settings.rounds {
            let directory = root.appendingPathComponent("round-\(round)")
            server.resetRecords()
            let cold = try Stopwatch.seconds { () throws(BenchFailure) in
                pictures = try launch(server: server, directory: directory)
            }
            coldRequests = server.requests.count
            server.resetRecords()
            let warm = try Stopwatch.seconds { () throws(BenchFailure) in
                _ = try launch(server: server, directory: directory)
            }
            warmRequests = server.requests.count
            coldValues.append(cold * 1000)
            warmValues.append(warm * 1000)
        }

        let fetches = 100
        server.resetRecords()
        let plain = controller(server: server, directory: nil)
        for _ in 0..<fetches { _ = try menu(plain) }
        let plainBytes = server.bytesSent(path: "/menu")
        server.resetRecords()
        let revalidating = controller(server: server, directory: nil, responseCache: ResponseCache())
        for _ in 0..<fetches { _ = try menu(revalidating) }
        let revalidatedBytes = server.bytesSent(path: "/menu")
        let notModified = server.responseCount(path: "/menu", status: 304)
        guard notModified == fetches - 1 else {
            throw BenchFailure("revalidation: \(notModified) 304s for \(fetches) fetches instead of \(fetches - 1)")
        }
        server.resetRecords()
        return Figures(
            pictures: pictures, coldMillis: median(coldValues), warmMillis: median(warmValues),
            coldRequests: coldRequests, warmRequests: warmRequests, menuFetches: fetches, plainBytes: plainBytes,
            revalidatedBytes: revalidatedBytes, notModified: notModified)
    }

    // MARK: One launch

    /// A new controller over `directory` (pictures in `Images`, JSON in `JSON`) that loads the
    /// categories, every category's dishes and every dish's picture, as an app's first screens would.
    /// Returns how many pictures it loaded.
    private static func launch(server: FixtureServer, directory: URL) throws(BenchFailure) -> Int {
        let launched = controller(
            server: server, directory: directory.appendingPathComponent("Images"),
            responseCache: ResponseCache(directory: directory.appendingPathComponent("JSON")))
        let categories = try wait("categories") { done in launched.fetchCategories { done($0) } }
        var pictures = 0
        for category in categories {
            for item in try menu(launched, category) {
                let picture = try wait("picture \(item.imageURL.lastPathComponent)") { done in
                    launched.fetchImage(url: item.imageURL) { done($0) }
                }
                guard !picture.isEmpty else { throw BenchFailure("an empty picture for \(item.name)") }
                pictures += 1
            }
        }
        return pictures
    }

    private static func controller(
        server: FixtureServer, directory: URL?, responseCache: ResponseCache? = nil
    ) -> MenuController {
        var options = APIClient.Options(retryPolicy: .never)
        options.responseCache = responseCache
        return MenuController(
            baseURL: server.baseURL, options: options, diskImageCache: directory.map { DiskImageCache(directory: $0) },
            notificationCenter: NotificationCenter())
    }

    /// `GET /menu?category=<category>` through `controller`.
    private static func menu(_ controller: MenuController, _ category: String = "entrees") throws(BenchFailure)
        -> [MenuItem]
    {
        try wait("menu") { done in controller.fetchMenuItems(forCategory: category) { done($0) } }
    }

    // MARK: Waiting

    /// Starts a call whose main-actor completion hands its result to `done`, and waits for it on this
    /// (non-main) thread.
    private static func wait<Value: Sendable>(
        _ what: String, _ start: (@escaping @Sendable (Result<Value, APIError>) -> Void) -> Void
    ) throws(BenchFailure) -> Value {
        let box = ResultBox<Value>()
        let waiter = CompletionWaiter()
        start { result in
            box.set(result)
            waiter.signal()
        }
        try waiter.wait(what)
        switch box.get() {
        case .success(let value)?: return value
        case .failure(let error)?: throw BenchFailure("\(what): \(error)")
        case nil: throw BenchFailure("\(what): no result")
        }
    }
}

/// One result handed from a completion to the waiting bench thread.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, APIError>?

    func set(_ value: Result<Value, APIError>) {
        lock.lock()
        defer { lock.unlock() }
        result = value
    }

    func get() -> Result<Value, APIError>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}
#endif
