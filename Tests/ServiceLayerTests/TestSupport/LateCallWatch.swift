import Foundation
import ServiceLayerTesting
import XCTest

/// Watches every callback a test waited on for a second call, for the rest of the run.
///
/// A test that waits a fixed "settle" after a first completion only catches a second one that comes
/// within that window. Here every ``ExactlyOnce`` handed to `firstCall`, `assertCalledExactlyOnce` or
/// a ``Completions`` stays watched until the test bundle ends:
/// - at the end of the test that waited on it (a teardown block), a second call fails that test;
/// - before each later test starts, a second call that came since fails the test starting then, with
///   a message naming the test and the line that waited on the callback;
/// - at the end of the bundle, a second call that came after the last test prints the same message
///   and ends the run with exit status 1.
///
/// So a late second call is caught however late it comes, which a settle of any length cannot do;
/// the settles that remain only give the code path its own turn (the main queue, the client's queue).
final class LateCallWatch: NSObject, XCTestObservation, @unchecked Sendable {
    /// The one watch, registered with XCTest the first time a test uses it.
    static let shared: LateCallWatch = {
        let watch = LateCallWatch()
        XCTestObservationCenter.shared.addTestObserver(watch)
        return watch
    }()

    private struct Watched {
        let id: ObjectIdentifier
        let callCount: @Sendable () -> Int
        let origin: String
        var reported = false
    }

    private let lock = NSLock()
    private var watched: [Watched] = []
    /// The test running now, once the watch is registered.
    private var current: XCTestCase?

    /// Watches `once` for the rest of the run; `test` (the one running now by default) and
    /// `file`/`line` name where it was waited on.
    func watch<Value>(_ once: ExactlyOnce<Value>, in test: XCTestCase? = nil, file: StaticString, line: UInt) {
        guard let test = test ?? lock.withLock({ current }) else {
            // Only before the watch saw a test start: watched from the next test on.
            return watch(once, origin: "\(file):\(line)")
        }
        let origin = "\(test.name) (\(file):\(line))"
        let isNew = lock.withLock { () -> Bool in
            // The same callback may be waited on more than once; one watch is enough.
            guard !watched.contains(where: { $0.id == ObjectIdentifier(once) }) else { return false }
            watched.append(Watched(id: ObjectIdentifier(once), callCount: { once.callCount }, origin: origin))
            return true
        }
        guard isNew else { return }
        test.addTeardownBlock { [self] in
            for message in secondCalls(from: origin) {
                XCTFail(message, file: file, line: line)
            }
        }
    }

    /// Watches `once`, named by `origin`, with no teardown block: only ``secondCalls(from:)`` reports it.
    func watch<Value>(_ once: ExactlyOnce<Value>, origin: String) {
        lock.withLock {
            guard !watched.contains(where: { $0.id == ObjectIdentifier(once) }) else { return }
            watched.append(Watched(id: ObjectIdentifier(once), callCount: { once.callCount }, origin: origin))
        }
    }

    /// The messages for callbacks called more than once and not reported yet (only those waited on at
    /// `origin` when it is given), marking them reported.
    func secondCalls(from origin: String? = nil) -> [String] {
        lock.withLock {
            var messages: [String] = []
            for index in watched.indices where !watched[index].reported {
                guard origin == nil || watched[index].origin == origin else { continue }
                let count = watched[index].callCount()
                guard count > 1 else { continue }
                watched[index].reported = true
                messages.append(
                    "a callback waited on in \(watched[index].origin) was called \(count) times; "
                        + "it must be called exactly once")
            }
            return messages
        }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.withLock { current = testCase }
        for message in secondCalls() {
            testCase.recordFailure(
                withDescription: "late: \(message)", inFile: #filePath, atLine: #line, expected: true)
        }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.withLock { current = nil }
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        let messages = secondCalls()
        guard !messages.isEmpty else { return }
        for message in messages {
            FileHandle.standardError.write(Data("error: after the last test, \(message)\n".utf8))
        }
        exit(1)
    }
}
