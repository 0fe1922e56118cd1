#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - The wire shape

/// `{"items": [MenuItem]}`: the shape of `GET menu`, decoded by both sides of every comparison.
///
/// `MenuController`'s own wrapper (`MenuAPI.MenuItems`) is internal to ServiceLayer; this one is
/// declared the same way (one stored `items: [MenuItem]`, synthesized `Decodable`).
struct MenuEnvelope: Codable, Sendable {
    /// The dishes.
    let items: [MenuItem]
}

// MARK: - Equally configured sessions

/// The configuration both sides use: `.default`, no URL cache, the layer's cache policy and a request
/// timeout (which the layer, with no timeout in its options, sets on every request).
/// - Parameter timeout: Seconds per request; 30 by default (the in-flight measurement holds its calls
///   longer).
func benchConfiguration(timeout: TimeInterval = 30) -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = timeout
    return configuration
}

/// What `done` receives when a call ended because it was cancelled (on either side).
let cancelledFailure = "cancelled"

/// The category every menu request asks for; the fixture server has three entrées (Apple's data).
let benchCategory = "entrees"
/// How many items `GET menu?category=entrees` answers with.
let benchCategoryCount = 3

// MARK: - The layer

/// `MenuController` as an app would use it: its own `APIClient` and session (built by
/// `APIClient.makeSession(configuration:)` from ``benchConfiguration(timeout:)``), completions on the main actor.
struct LayerClient: Sendable {
    /// The controller under test.
    let controller: MenuController

    /// - Parameters:
    ///   - baseURL: The fixture server.
    ///   - options: The client's policies; the defaults (coalescing on) unless the measurement says otherwise.
    ///   - imageCacheLimit: The image cache's size; 0 turns it off.
    ///   - timeout: The session's request timeout in seconds; 30 by default.
    init(
        baseURL: URL, options: APIClient.Options = .init(), imageCacheLimit: Int = ImageCache.defaultByteLimit,
        timeout: TimeInterval = 30
    ) {
        controller = MenuController(
            baseURL: baseURL, session: APIClient.makeSession(configuration: benchConfiguration(timeout: timeout)),
            options: options, imageCacheLimit: imageCacheLimit)
    }

    /// One `fetchMenuItems(forCategory: "entrees")`; `done` receives `nil` or what went wrong.
    func fetchMenu(_ done: @escaping @Sendable (String?) -> Void) {
        startMenu(done)
    }

    /// ``fetchMenu(_:)``, returning the call's handle; `done` receives ``cancelledFailure`` after a cancel.
    @discardableResult
    func startMenu(_ done: @escaping @Sendable (String?) -> Void) -> RequestHandle {
        controller.fetchMenuItems(forCategory: benchCategory) { result in
            switch result {
            case .success(let items):
                done(
                    items.count == benchCategoryCount ? nil : "expected \(benchCategoryCount) items, got \(items.count)"
                )
            case .failure(.cancelled):
                done(cancelledFailure)
            case .failure(let error):
                done("layer: \(error)")
            }
        }
    }

    /// One `fetchImage(url:)`; `done` receives the byte count or what went wrong.
    func fetchImage(_ url: URL, _ done: @escaping @Sendable (Result<Int, BenchFailure>) -> Void) {
        controller.fetchImage(url: url) { result in
            done(result.map(\.count).mapError { BenchFailure("layer image: \($0)") })
        }
    }
}

// MARK: - The bare baseline

/// What an app without the layer would write, doing everything an app must do anyway and nothing
/// more: one `URLSession` on the same configuration; per call, the request built from the base URL and
/// the category (`URLComponents`, the `Accept: application/json` header and the 30-second timeout the
/// layer sends, as Apple's Restaurant sample builds it); a status check; one `JSONDecoder`, created
/// once and reused (as the layer reuses `APIClient.Options.decoder`), decoding the same shape in the
/// data task's completion; and the hop to the main queue with `DispatchQueue.main.async`, where the
/// completion runs on the main actor — the queue and the way the layer's main-actor completion is reached.
struct BareClient: Sendable {
    /// The session, created once.
    let session: URLSession
    /// The fixture server.
    let baseURL: URL
    /// The decoder every answer goes through, created once.
    let decoder = JSONDecoder()
    /// The request timeout in seconds, on the session and on every request (as the layer sets it).
    let timeout: TimeInterval

    /// - Parameters:
    ///   - baseURL: The fixture server.
    ///   - timeout: The request timeout in seconds; 30 by default.
    init(baseURL: URL, timeout: TimeInterval = 30) {
        session = URLSession(configuration: benchConfiguration(timeout: timeout))
        self.baseURL = baseURL
        self.timeout = timeout
    }

    /// `GET menu?category=<category>` with `Accept: application/json`, built as an app would, per call.
    func menuRequest(forCategory category: String) -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent("menu"), resolvingAgainstBaseURL: true)!
        components.queryItems = [URLQueryItem(name: "category", value: category)]
        var request = URLRequest(url: components.url!, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    /// One `GET menu?category=entrees`, decoded; `done` receives `nil` or what went wrong, on the main actor.
    func fetchMenu(_ done: @escaping @Sendable (String?) -> Void) {
        startMenu(done).resume()
    }

    /// ``fetchMenu(_:)``'s task, not yet resumed; `done` receives ``cancelledFailure`` after a cancel.
    func startMenu(_ done: @escaping @Sendable (String?) -> Void) -> URLSessionDataTask {
        session.dataTask(with: menuRequest(forCategory: benchCategory)) { [decoder] data, response, error in
            let failure: String?
            switch Self.validate(data, response, error) {
            case .failure(let invalid):
                failure = invalid.description
            case .success(let body):
                do {
                    let items = try decoder.decode(MenuEnvelope.self, from: body).items
                    failure =
                        items.count == benchCategoryCount
                        ? nil : "expected \(benchCategoryCount) items, got \(items.count)"
                } catch {
                    failure = "bare: \(error)"
                }
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { done(failure) } }
        }
    }

    /// One `GET <url>` for an image; `done` receives the byte count or what went wrong.
    func fetchImage(_ url: URL, _ done: @escaping @Sendable (Result<Int, BenchFailure>) -> Void) {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("image/*", forHTTPHeaderField: "Accept")
        session.dataTask(with: request) { data, response, error in
            let result = Self.validate(data, response, error).map(\.count)
            DispatchQueue.main.async { MainActor.assumeIsolated { done(result) } }
        }.resume()
    }

    /// The body of a 2xx answer, or what went wrong.
    private static func validate(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) -> Result<
        Data, BenchFailure
    > {
        if let error {
            return .failure(
                BenchFailure((error as? URLError)?.code == .cancelled ? cancelledFailure : "bare: \(error)"))
        }
        guard let http = response as? HTTPURLResponse, (200...299).contains(http.statusCode) else {
            return .failure(BenchFailure("bare: not a 2xx answer"))
        }
        return .success(data ?? Data())
    }
}

// MARK: - Sequential requests

/// Sends `count` requests one after another through `fetch`, waiting for each completion before the
/// next; returns the seconds taken.
func timeSequential(
    _ count: Int, _ what: String, fetch: (@escaping @Sendable (String?) -> Void) -> Void
) throws(BenchFailure) -> Double {
    let waiter = CompletionWaiter()
    return try Stopwatch.seconds { () throws(BenchFailure) in
        for _ in 0..<count {
            fetch { failure in waiter.signal(failure: failure) }
            try waiter.wait(what)
        }
    }
}
#endif
