// A stand-in for the interface of Apple's XCTest, for `.ci/ios.sh` only: the iOS SDK it type-checks against
// has no XCTest (Xcode keeps it in the platform's Developer folder, not in the SDK), so this module, emitted as
// `XCTest` for arm64-apple-ios15.0 first, lets the test targets, ServiceLayerTesting's users and the learner's
// test snippets meet Apple's Foundation and the rest of the iOS SDK. Never linked, never run: the bodies only
// satisfy the compiler.
//
// Only what the tests use, each declaration as Apple's documentation gives it
// (https://developer.apple.com/documentation/xctest): names, labels, defaults, `throws`/`async`, actor
// isolation and `noasync`. Where Apple's annotations are not spelled out on the page, the choice is named at the
// declaration. Something a test needs that is missing here fails the stage ("cannot find 'X' in scope"): add it
// from the documentation, never loosen a declaration to make a test compile.

// Apple's XCTest module re-exports Foundation (its umbrella header imports Foundation/Foundation.h and its
// module map exports what it imports): `import XCTest` alone gives a test `URL`, `Data`, `URLError`.
@_exported import Foundation

// MARK: - Test cases

/// XCTest's abstract base class (https://developer.apple.com/documentation/xctest/xctest): the per-test set-up
/// and tear-down hooks, in the order XCTest calls them.
open class XCTest: NSObject {
    /// The test's name (`-[XCTestCase testName]`, e.g. "-[MenuTests testTheMenu]").
    open var name: String { "" }

    /// Called before each test method; does nothing by default.
    open func setUp() {}

    /// Called before each test method, after `setUp()`; throw `XCTSkip` to skip the test.
    open func setUpWithError() throws {}

    /// Called after each test method; does nothing by default.
    open func tearDown() {}

    /// Called after each test method, before `tearDown()`.
    open func tearDownWithError() throws {}

    /// Called before each test method, before `setUpWithError()`. Imported from `setUpWithCompletionHandler:`,
    /// which Apple's header marks as running on the main actor.
    @MainActor open func setUp() async throws {}

    /// Called after each test method, after the teardown blocks. Imported from
    /// `tearDownWithCompletionHandler:`, which Apple's header marks as running on the main actor.
    @MainActor open func tearDown() async throws {}
}

/// The class every test case subclasses (https://developer.apple.com/documentation/xctest/xctestcase).
/// Not `Sendable`, as in Apple's XCTest.
open class XCTestCase: XCTest {
    /// Called once, before the first test method of the class.
    open class func setUp() {}

    /// Called once, after the last test method of the class.
    open class func tearDown() {}

    /// Whether a test method goes on after a failed assertion; `true` by default.
    open var continueAfterFailure: Bool {
        get { true }
        set {}
    }

    /// Registers a block to run on the main actor after the current test method ends, before `tearDown()`
    /// (https://developer.apple.com/documentation/xctest/xctestcase/addteardownblock(_:)-5zw6c).
    @preconcurrency public func addTeardownBlock(_ block: @escaping @MainActor @Sendable () throws -> Void) {}

    /// Registers a block of asynchronous teardown code to run after the current test method ends
    /// (https://developer.apple.com/documentation/xctest/xctestcase/addteardownblock(_:)-2guon).
    public func addTeardownBlock(_ block: @escaping @Sendable () async throws -> Void) {}

    /// A new expectation, waited for by `waitForExpectations(timeout:handler:)`
    /// (https://developer.apple.com/documentation/xctest/xctestcase/expectation(description:)).
    open func expectation(description: String) -> XCTestExpectation { XCTestExpectation(description: description) }

    /// Waits (blocking the thread) until `expectations` are fulfilled or `seconds` pass
    /// (https://developer.apple.com/documentation/xctest/xctestcase/wait(for:timeout:)). Unavailable from
    /// asynchronous contexts, as Apple's header declares it (`XCT_SWIFT_UNAVAILABLE_FROM_ASYNC`): an `async` test
    /// awaits `fulfillment(of:timeout:enforceOrder:)`.
    @available(*, noasync, message: "Use await fulfillment(of:timeout:enforceOrder:) instead.")
    open func wait(for expectations: [XCTestExpectation], timeout seconds: TimeInterval) {}

    /// Waits until `expectations` are fulfilled (in their order when `enforceOrderOfFulfillment`) or `seconds`
    /// pass (https://developer.apple.com/documentation/xctest/xctestcase/wait(for:timeout:enforceorder:)).
    @available(*, noasync, message: "Use await fulfillment(of:timeout:enforceOrder:) instead.")
    open func wait(
        for expectations: [XCTestExpectation], timeout seconds: TimeInterval,
        enforceOrder enforceOrderOfFulfillment: Bool
    ) {}

    /// Waits until every expectation made by `expectation(description:)` is fulfilled or `timeout` passes.
    @available(*, noasync, message: "Use await fulfillment(of:timeout:enforceOrder:) instead.")
    open func waitForExpectations(timeout: TimeInterval, handler: ((Error?) -> Void)? = nil) {}

    /// Waits, without blocking, until `expectations` are fulfilled or `seconds` pass (default: the test's time
    /// allowance) (https://developer.apple.com/documentation/xctest/xctestcase/fulfillment(of:timeout:enforceorder:)).
    @nonobjc public func fulfillment(
        of expectations: [XCTestExpectation], timeout seconds: TimeInterval = .infinity,
        enforceOrder enforceOrderOfFulfillment: Bool = false
    ) async {}

    /// Runs `block` ten times and reports how long each run takes.
    open func measure(_ block: () -> Void) {}

    /// Records `issue` (a failure, by default) for the running test
    /// (https://developer.apple.com/documentation/xctest/xctestcase/record(_:)).
    open func record(_ issue: XCTIssue) {}

    /// Records a failure. Deprecated on every Apple platform since Xcode 12 (the page lists no platform as
    /// current; the replacement is `record(_:)` with an `XCTIssue`): swift-corelibs-xctest has only this one.
    @available(*, deprecated, message: "Use record(_:) with an XCTIssue instead.")
    open func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {}
}

// MARK: - Issues

/// A test failure or other issue, with where it happened
/// (https://developer.apple.com/documentation/xctest/xctissue-swift.struct).
public struct XCTIssue {
    /// What kind of issue it is.
    public struct IssueType: Equatable, Sendable {
        private let rawValue: Int
        /// A failed assertion (XCTAssert and its family).
        public static let assertionFailure = IssueType(rawValue: 0)
        /// An error thrown by the test.
        public static let thrownError = IssueType(rawValue: 1)
        /// An uncaught exception.
        public static let uncaughtException = IssueType(rawValue: 2)
        /// A performance regression found by `measure`.
        public static let performanceRegression = IssueType(rawValue: 3)
        /// A failure inside XCTest or the system.
        public static let system = IssueType(rawValue: 4)
        /// An expected failure that did not happen.
        public static let unmatchedExpectedFailure = IssueType(rawValue: 5)
    }

    /// The kind of issue.
    public var type: IssueType
    /// A description without transient data, for summaries.
    public var compactDescription: String
    /// A description that may include transient data.
    public var detailedDescription: String?
    /// Where the issue happened.
    public var sourceCodeContext: XCTSourceCodeContext

    /// An issue of `type` described by `compactDescription`, at `sourceCodeContext` (default: the current
    /// call stack, no location); `detailedDescription` and `associatedError` default to none.
    public init(
        type: IssueType, compactDescription: String, detailedDescription: String? = nil,
        sourceCodeContext: XCTSourceCodeContext = .init(), associatedError: (any Error)? = nil
    ) {
        self.type = type
        self.compactDescription = compactDescription
        self.detailedDescription = detailedDescription
        self.sourceCodeContext = sourceCodeContext
    }
}

/// A call stack and a source location (https://developer.apple.com/documentation/xctest/xctsourcecodecontext).
open class XCTSourceCodeContext: NSObject {
    /// Where in the source, if known.
    open var location: XCTSourceCodeLocation? { nil }

    /// The executing thread's call stack and no location.
    public override convenience init() { self.init(location: nil) }

    /// The executing thread's call stack and `location`.
    public init(location: XCTSourceCodeLocation?) {}
}

/// A file and a line (https://developer.apple.com/documentation/xctest/xctsourcecodelocation).
open class XCTSourceCodeLocation: NSObject {
    /// The file at `fileURL`, line `lineNumber`.
    public init(fileURL: URL, lineNumber: Int) {}

    /// The file at `filePath`, line `lineNumber`.
    public convenience init(filePath: String, lineNumber: Int) {
        self.init(fileURL: URL(fileURLWithPath: filePath), lineNumber: lineNumber)
    }

    /// The file at `filePath`, line `lineNumber` (default: the caller's).
    public convenience init(filePath: StaticString = #filePath, lineNumber: UInt = #line) {
        self.init(fileURL: URL(fileURLWithPath: "\(filePath)"), lineNumber: Int(lineNumber))
    }
}

// MARK: - Expectations

/// An expected outcome in an asynchronous test (https://developer.apple.com/documentation/xctest/xctestexpectation).
/// Sendable: fulfilled from any thread (Apple's header declares it `NS_SWIFT_SENDABLE`).
open class XCTestExpectation: NSObject, @unchecked Sendable {
    /// A new expectation described by `expectationDescription` in the log.
    public init(description expectationDescription: String) {}

    /// The description shown in the test log.
    open var expectationDescription: String {
        get { "" }
        set {}
    }

    /// Whether the expectation must not be fulfilled (an inverted expectation); `false` by default.
    open var isInverted: Bool {
        get { false }
        set {}
    }

    /// How many calls of `fulfill()` fulfill the expectation; 1 by default.
    open var expectedFulfillmentCount: Int {
        get { 1 }
        set {}
    }

    /// Whether a call of `fulfill()` beyond `expectedFulfillmentCount` fails the test; `false` by default
    /// (`true` for expectations made by `XCTestCase.expectation(description:)`).
    open var assertForOverFulfill: Bool {
        get { false }
        set {}
    }

    /// Marks the expectation as having been met (once of `expectedFulfillmentCount`).
    open func fulfill() {}
}

/// Waits for expectations without a test case (https://developer.apple.com/documentation/xctest/xctwaiter).
open class XCTWaiter: NSObject {
    /// How a wait ended.
    public enum Result: Int, Sendable {
        /// Every expectation was fulfilled.
        case completed = 1
        /// The timeout passed first.
        case timedOut
        /// The expectations were fulfilled in the wrong order.
        case incorrectOrder
        /// An inverted expectation was fulfilled.
        case invertedFulfillment
        /// The wait was interrupted by a nested wait that timed out.
        case interrupted
    }

    /// Waits (blocking the thread) until `expectations` are fulfilled or `seconds` pass.
    @available(*, noasync, message: "Use await fulfillment(of:timeout:enforceOrder:) instead.")
    open class func wait(
        for expectations: [XCTestExpectation], timeout seconds: TimeInterval,
        enforceOrder enforceOrderOfFulfillment: Bool = false
    ) -> XCTWaiter.Result { .completed }

    /// Waits, without blocking, until `expectations` are fulfilled or `seconds` pass.
    @nonobjc public class func fulfillment(
        of expectations: [XCTestExpectation], timeout seconds: TimeInterval = .infinity,
        enforceOrder enforceOrderOfFulfillment: Bool = false
    ) async -> XCTWaiter.Result { .completed }
}

// MARK: - Observation

/// The methods the test runner calls on registered observers; all optional
/// (https://developer.apple.com/documentation/xctest/xctestobservation).
@objc public protocol XCTestObservation: NSObjectProtocol {
    /// Before any test of `testBundle` starts.
    @objc optional func testBundleWillStart(_ testBundle: Bundle)
    /// After every test of `testBundle` ended.
    @objc optional func testBundleDidFinish(_ testBundle: Bundle)
    /// Before `testCase` starts.
    @objc optional func testCaseWillStart(_ testCase: XCTestCase)
    /// After `testCase` ended.
    @objc optional func testCaseDidFinish(_ testCase: XCTestCase)
}

/// Where observers register (https://developer.apple.com/documentation/xctest/xctestobservationcenter).
open class XCTestObservationCenter: NSObject {
    /// The center of the running test bundle.
    open class var shared: XCTestObservationCenter { XCTestObservationCenter() }

    /// Registers `testObserver`, which the runner then calls.
    open func addTestObserver(_ testObserver: any XCTestObservation) {}

    /// Unregisters `testObserver`.
    open func removeTestObserver(_ testObserver: any XCTestObservation) {}
}

// MARK: - Skipping

/// The error that skips a test when thrown (https://developer.apple.com/documentation/xctest/xctskip-swift.struct).
public struct XCTSkip: Error, Sendable, CustomNSError {
    /// The description of the skip shown in the test log.
    public let message: String?

    /// An error that skips the test, with `message` (default: none) at `file`:`line` (default: the caller's).
    public init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        self.message = message
    }
}

/// Skips the rest of the test when `expression` is true
/// (https://developer.apple.com/documentation/xctest/xctskipif(_:_:file:line:)).
public func XCTSkipIf(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String? = nil,
    file: StaticString = #filePath, line: UInt = #line
) throws {}

/// Skips the rest of the test unless `expression` is true.
public func XCTSkipUnless(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String? = nil,
    file: StaticString = #filePath, line: UInt = #line
) throws {}

// MARK: - Assertions (https://developer.apple.com/documentation/xctest/boolean-assertions and its siblings)

/// Fails the test with `message` (default: none) at `file`:`line` (default: the caller's).
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}

/// Fails the test unless `expression` is true.
public func XCTAssert(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless `expression` is true.
public func XCTAssertTrue(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless `expression` is false.
public func XCTAssertFalse(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless `expression` is nil.
public func XCTAssertNil(
    _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test when `expression` is nil.
public func XCTAssertNotNil(
    _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless the two values are equal.
public func XCTAssertEqual<T: Equatable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless the two values differ by at most `accuracy`.
public func XCTAssertEqual<T: FloatingPoint>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, accuracy: T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless the two values differ by at most `accuracy`.
public func XCTAssertEqual<T: Numeric>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, accuracy: T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test when the two values are equal.
public func XCTAssertNotEqual<T: Equatable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test when the two references are not to the same object.
public func XCTAssertIdentical(
    _ expression1: @autoclosure () throws -> AnyObject?, _ expression2: @autoclosure () throws -> AnyObject?,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test when the two references are to the same object.
public func XCTAssertNotIdentical(
    _ expression1: @autoclosure () throws -> AnyObject?, _ expression2: @autoclosure () throws -> AnyObject?,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless the first value is greater than the second.
public func XCTAssertGreaterThan<T: Comparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless the first value is greater than or equal to the second.
public func XCTAssertGreaterThanOrEqual<T: Comparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless the first value is less than the second.
public func XCTAssertLessThan<T: Comparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless the first value is less than or equal to the second.
public func XCTAssertLessThanOrEqual<T: Comparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}

/// Fails the test unless `expression` throws; `errorHandler` (default: nothing) is given the error.
public func XCTAssertThrowsError<T>(
    _ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line, _ errorHandler: (_ error: any Error) -> Void = { _ in }
) {}

/// Fails the test when `expression` throws.
public func XCTAssertNoThrow<T>(
    _ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {}

/// The value of `expression`; fails the test and throws when it is nil
/// (https://developer.apple.com/documentation/xctest/xctunwrap(_:_:file:line:)).
public func XCTUnwrap<T>(
    _ expression: @autoclosure () throws -> T?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) throws -> T {
    guard let value = try expression() else { throw XCTSkip(message()) }
    return value
}
