import Foundation
import ServiceLayer

/// Catches a callback that must be called exactly once, and waits for it.
///
/// ```swift
/// let once = ExactlyOnce<Result<[String], APIError>>()
/// menu.fetchCategories(completion: once.callback)
/// let categories = try once.wait().get()
/// ```
///
/// It does not import a test framework, so it serves XCTest and swift-testing alike: ``wait(timeout:)``
/// throws an ``ExactlyOnceError`` that either framework reports as a failure with its message. On the
/// main thread it runs the main queue while it waits, so completions delivered on `.main` arrive.
public final class ExactlyOnce<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])
    private let firstCall = DispatchSemaphore(value: 0)

    /// A waiter that has seen no call yet.
    public init() {}

    /// The callback to hand to the code under test; it may be called from any thread.
    public var callback: @Sendable (Value) -> Void {
        { value in
            let count = self.values.withLock { values -> Int in
                values.append(value)
                return values.count
            }
            if count == 1 { self.firstCall.signal() }
        }
    }

    /// How many times ``callback`` was called so far.
    public var callCount: Int { values.withLock { $0.count } }

    /// Every value ``callback`` received so far, in order.
    public var allValues: [Value] { values.withLock { $0 } }

    /// Waits for the first call and returns its value.
    ///
    /// - Parameter timeout: How long to wait, in seconds; `10` by default. It only bounds a failure:
    ///   a call that comes returns at once.
    /// - Throws: ``ExactlyOnceError/notCalled(timeout:)`` when no call came in time,
    ///   ``ExactlyOnceError/calledMoreThanOnce(count:)`` when more than one came already.
    public func wait(timeout: TimeInterval = 10) throws(ExactlyOnceError) -> Value {
        guard MainThreadWait.wait(for: firstCall, timeout: timeout) == .success else {
            throw .notCalled(timeout: timeout)
        }
        firstCall.signal()  // for the next wait
        return try verify()
    }

    /// The value of the one call so far, without waiting.
    ///
    /// Call it again at the end of a test (after the work that could call twice has settled) to
    /// catch a late second call.
    ///
    /// - Throws: ``ExactlyOnceError/notCalled(timeout:)`` (with a timeout of 0) or
    ///   ``ExactlyOnceError/calledMoreThanOnce(count:)``.
    @discardableResult
    public func verify() throws(ExactlyOnceError) -> Value {
        let values = self.values.withLock { $0 }
        guard let first = values.first else { throw .notCalled(timeout: 0) }
        guard values.count == 1 else { throw .calledMoreThanOnce(count: values.count) }
        return first
    }
}

/// Why an ``ExactlyOnce`` failed.
public enum ExactlyOnceError: Error, Equatable, CustomStringConvertible {
    /// No call came within `timeout` seconds.
    case notCalled(timeout: TimeInterval)
    /// The callback was called `count` times instead of once.
    case calledMoreThanOnce(count: Int)

    /// A sentence for the test failure.
    public var description: String {
        switch self {
        case .notCalled(let timeout) where timeout > 0:
            return "the callback was not called within \(timeout) s"
        case .notCalled:
            return "the callback was not called"
        case .calledMoreThanOnce(let count):
            return "the callback was called \(count) times; it must be called exactly once"
        }
    }
}
