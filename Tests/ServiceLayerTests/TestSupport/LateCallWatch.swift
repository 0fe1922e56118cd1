import Foundation
import ServiceLayerTesting
import XCTest

/// Watches every callback a test waited on for a second call, for the rest of the run (and any
/// condition a test says must keep holding, such as "no second try").
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
        /// The watched object, so that one is watched once.
        let id: ObjectIdentifier?
        /// What is wrong now, in a sentence; `nil` while all is well.
        let problem: @Sendable () -> String?
        let origin: String
        /// The bundle's end waits until then, so that a run of one test still sees the whole window.
        let holdsUntil: Date?
        var reported = false
    }

    private let lock = NSLock()
    private var watched: [Watched] = []
    /// The test running now, once the watch is registered.
    private var current: XCTestCase?

    /// Watches `once` for the rest of the run; `test` (the one running now by default) and
    /// `file`/`line` name where it was waited on.
    func watch<Value>(_ once: ExactlyOnce<Value>, in test: XCTestCase? = nil, file: StaticString, line: UInt) {
        add(Self.secondCall(of: once), id: ObjectIdentifier(once), in: test, file: file, line: line)
    }

    /// Watches `once`, named by `origin`, with no teardown block: only ``problems(from:)`` reports it.
    func watch<Value>(_ once: ExactlyOnce<Value>, origin: String) {
        add(Watched(id: ObjectIdentifier(once), problem: Self.secondCall(of: once), origin: origin, holdsUntil: nil))
    }

    /// Fails a test whenever `condition` stops holding, from now to the end of the run; the run does not
    /// end before `seconds` have passed (so a run of this one test still covers them).
    ///
    /// For "nothing more happens" checks (no further try after a cancel): instead of waiting past the
    /// moment it could happen, the rest of the run watches it.
    func watch(
        _ description: String, forAtLeast seconds: TimeInterval, in test: XCTestCase? = nil,
        file: StaticString = #filePath, line: UInt = #line, _ condition: @escaping @Sendable () -> Bool
    ) {
        add(
            { condition() ? nil : "\(description) no longer holds" }, id: nil, in: test, file: file, line: line,
            holdsUntil: Date(timeIntervalSinceNow: seconds))
    }

    private static func secondCall<Value>(of once: ExactlyOnce<Value>) -> @Sendable () -> String? {
        {
            let count = once.callCount
            return count > 1 ? "a callback was called \(count) times; it must be called exactly once" : nil
        }
    }

    private func add(
        _ problem: @escaping @Sendable () -> String?, id: ObjectIdentifier?, in test: XCTestCase?,
        file: StaticString, line: UInt, holdsUntil: Date? = nil
    ) {
        guard let test = test ?? lock.withLock({ current }) else {
            // Only before the watch saw a test start: watched from the next test on.
            add(Watched(id: id, problem: problem, origin: "\(file):\(line)", holdsUntil: holdsUntil))
            return
        }
        let origin = "\(test.name) (\(file):\(line))"
        guard add(Watched(id: id, problem: problem, origin: origin, holdsUntil: holdsUntil)) else { return }
        test.addTeardownBlock { [self] in
            for message in problems(from: origin) {
                XCTFail(message, file: file, line: line)
            }
        }
    }

    /// Adds `entry` unless its object is watched already; returns whether it was added.
    @discardableResult
    private func add(_ entry: Watched) -> Bool {
        lock.withLock {
            // The same callback may be waited on more than once; one watch is enough.
            if let id = entry.id, watched.contains(where: { $0.id == id }) { return false }
            watched.append(entry)
            return true
        }
    }

    /// The problems not reported yet (only those of `origin` when it is given), each naming where it
    /// was watched from, marking them reported.
    func problems(from origin: String? = nil) -> [String] {
        lock.withLock {
            var messages: [String] = []
            for index in watched.indices where !watched[index].reported {
                guard origin == nil || watched[index].origin == origin else { continue }
                guard let problem = watched[index].problem() else { continue }
                watched[index].reported = true
                messages.append("watched from \(watched[index].origin): \(problem)")
            }
            return messages
        }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.withLock { current = testCase }
        for message in problems() {
            // Apple's XCTest deprecates `recordFailure(withDescription:inFile:atLine:expected:)` (since Xcode 12,
            // https://developer.apple.com/documentation/xctest/xctestcase/recordfailure(withdescription:infile:atline:expected:))
            // for `record(_:)` with an `XCTIssue`, which swift-corelibs-xctest (Linux) lacks.
            #if canImport(ObjectiveC)
            let file: String = #filePath
            let line: Int = #line
            testCase.record(
                XCTIssue(
                    type: .assertionFailure, compactDescription: "late: \(message)",
                    sourceCodeContext: XCTSourceCodeContext(
                        location: XCTSourceCodeLocation(filePath: file, lineNumber: line))))
            #else
            testCase.recordFailure(
                withDescription: "late: \(message)", inFile: #filePath, atLine: #line, expected: true)
            #endif
        }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.withLock { current = nil }
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        let latest = lock.withLock { watched.compactMap(\.holdsUntil).max() }
        if let latest, latest > Date() { Thread.sleep(until: latest) }
        let messages = problems()
        guard !messages.isEmpty else { return }
        for message in messages {
            FileHandle.standardError.write(Data("error: after the last test, \(message)\n".utf8))
        }
        exit(1)
    }
}
