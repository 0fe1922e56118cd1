import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Shared helpers for the Menu tests

/// A thread-safe list of values, for recording callbacks.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] {
        storage.withLock { $0 }
    }

    var count: Int {
        storage.withLock { $0.count }
    }
}

/// Where the controllers call back: the main queue (see ``MainQueue``).
struct CallbackQueue: Sendable {
    /// Whether the current code runs on the main queue.
    var isCurrent: Bool {
        MainQueue.isCurrent
    }

    /// Waits until every completion queued so far has run.
    func drain() {
        MainQueue.drain()
    }
}

/// A started fixture server, stopped by the caller (usually in `tearDown`).
func startedServer(host: String = "127.0.0.1") throws -> FixtureServer {
    let server = FixtureServer(host: host)
    try server.start()
    return server
}

/// A controller for tests: no retries and a 10 s timeout unless told. `callbacks` names where its
/// completions are checked to run (the main queue).
func makeController(
    baseURL: URL,
    callbacks: CallbackQueue = CallbackQueue(),
    timeout: TimeInterval = 10,
    retryPolicy: RetryPolicy = .never,
    orderStorageURL: URL? = nil,
    notificationCenter: NotificationCenter = NotificationCenter()
) -> MenuController {
    MenuController(
        baseURL: baseURL,
        options: APIClient.Options(timeout: timeout, retryPolicy: retryPolicy), orderStorageURL: orderStorageURL,
        notificationCenter: notificationCenter)
}

extension XCTestCase {
    /// Starts a call, waits for its completion, and checks that the completion ran exactly once, on
    /// `callbacks`. Returns the result (`nil` when it never came).
    func result<Value: Sendable>(
        on callbacks: CallbackQueue,
        timeout: TimeInterval = 30,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ start: (@escaping @Sendable (Result<Value, APIError>) -> Void) -> Void
    ) -> Result<Value, APIError>? {
        let calls = Recorder<(result: Result<Value, APIError>, onQueue: Bool)>()
        let done = DispatchSemaphore(value: 0)
        MainQueue.prepare()
        start { result in
            calls.append((result, callbacks.isCurrent))
            done.signal()
        }
        guard MainQueue.wait(for: done, timeout: timeout) == .success else {
            XCTFail("no completion within \(timeout) s", file: file, line: line)
            return nil
        }
        // Give a second (wrong) completion a chance to show up.
        Thread.sleep(forTimeInterval: 0.2)
        callbacks.drain()
        XCTAssertEqual(calls.count, 1, "the completion must run exactly once", file: file, line: line)
        XCTAssertTrue(
            calls.values.allSatisfy(\.onQueue), "the completion must run on the callback queue", file: file, line: line)
        return calls.values.first?.result
    }

    /// The error of a failed result; fails the test on success.
    func failure<Value>(
        _ result: Result<Value, APIError>?, file: StaticString = #filePath, line: UInt = #line
    ) -> APIError? {
        switch result {
        case .failure(let error): return error
        case .success(let value):
            XCTFail("expected a failure, got \(value)", file: file, line: line)
            return nil
        case nil: return nil
        }
    }

    /// The value of a successful result; fails the test on failure.
    func success<Value>(
        _ result: Result<Value, APIError>?, file: StaticString = #filePath, line: UInt = #line
    ) -> Value? {
        switch result {
        case .success(let value): return value
        case .failure(let error):
            XCTFail("expected a success, got \(error)", file: file, line: line)
            return nil
        case nil: return nil
        }
    }

    /// A fresh empty directory, removed when the test ends.
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "MenuTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }
}

/// A menu item for tests that do not touch the network.
func sampleItem(id: Int, price: Double = 9, category: String = "entrees") -> MenuItem {
    MenuItem(
        id: id, name: "Dish \(id)", detailText: "A test dish.", price: price, category: category,
        imageURL: URL(string: "http://127.0.0.1:1/images/\(id).png")!)
}

/// The first bytes of every PNG file.
let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
