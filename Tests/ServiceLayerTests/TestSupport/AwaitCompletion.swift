import Foundation
import ServiceLayerTesting
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

/// One completion as it arrived: its result, and whether it ran on the main queue.
struct Delivery<Value: Sendable>: Sendable {
    let result: Result<Value, APIError>
    let onMainQueue: Bool
}

/// A completion that hands `once` its result with whether it runs on the main queue.
func delivering<Value: Sendable>(into once: ExactlyOnce<Delivery<Value>>) -> @Sendable (Result<Value, APIError>) -> Void
{
    TestMainQueue.prepare()
    return { result in once.callback(Delivery(result: result, onMainQueue: TestMainQueue.isCurrent)) }
}

extension XCTestCase {
    /// Starts a call and waits (up to `timeout` seconds, 10 by default) for its completion. Fails the
    /// test unless the completion runs exactly once — counted once `callbackQueue` (the main queue when
    /// `nil`, the default) has run everything queued, where a second completion would wait — and, for the
    /// main queue, on it.
    ///
    /// `then` runs with the call's handle right after the call starts (to cancel it, for example).
    func awaitCompletion<Value: Sendable>(
        callbackQueue: DispatchQueue? = nil,
        timeout: TimeInterval = 10,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ start: (@escaping @Sendable (Result<Value, APIError>) -> Void) -> RequestHandle,
        then: (RequestHandle) -> Void = { _ in }
    ) -> Result<Value, APIError>? {
        let once = ExactlyOnce<Delivery<Value>>()
        let handle = start(delivering(into: once))
        then(handle)
        guard firstCall(once, timeout: timeout, file: file, line: line) != nil else {
            handle.cancel()
            return nil
        }
        if let callbackQueue { callbackQueue.sync {} } else { TestMainQueue.drain() }
        let deliveries = once.allValues
        XCTAssertEqual(deliveries.count, 1, "the completion must run exactly once", file: file, line: line)
        if callbackQueue == nil {
            XCTAssertTrue(
                deliveries.allSatisfy(\.onMainQueue), "the completion must run on the main queue", file: file,
                line: line)
        }
        return deliveries.first?.result
    }
}
