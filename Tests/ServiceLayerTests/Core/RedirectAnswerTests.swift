import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The redirect guard answers URLSession's redirect question on every path Apple's URLSession needs an
/// answer on, and never where Linux's traps on one.
final class RedirectAnswerTests: XCTestCase {
    private let response = HTTPURLResponse(
        url: URL(string: "http://127.0.0.1:9/login")!, statusCode: 307, httpVersion: "HTTP/1.1",
        headerFields: ["Location": "http://127.0.0.1:9/v2/login"])!

    private func answers(for task: URLSessionTask, guardian: RedirectGuard = .shared, to target: String)
        -> [URLRequest?]
    {
        let answers = Locked<[URLRequest?]>([])
        guardian.urlSession(
            URLSession.shared, task: task, willPerformHTTPRedirection: response,
            newRequest: URLRequest(url: URL(string: target)!)
        ) { next in answers.withLock { $0.append(next) } }
        return answers.withLock { $0 }
    }

    func testARunningTaskGetsTheDecisionOnce() {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:9/login")!)
        let same = answers(for: task, to: "http://127.0.0.1:9/v2/login")
        XCTAssertEqual(same.count, 1)
        XCTAssertEqual(same.first??.url?.absoluteString, "http://127.0.0.1:9/v2/login")
        let refused = answers(for: task, guardian: .secretBody, to: "http://localhost:9/v2/login")
        XCTAssertEqual(refused.count, 1, "a refusal is an answer too")
        XCTAssertNil(refused.first ?? nil, "refused: nil, the 3xx ends the call")
        task.cancel()
    }

    func testACancelledTaskGetsNilOnApplePlatformsAndNoAnswerOnLinux() {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:9/login")!)
        task.cancel()
        let given = answers(for: task, to: "http://127.0.0.1:9/v2/login")
        #if canImport(FoundationNetworking)
        XCTAssertEqual(given.count, 0, "Linux traps on an answer for a cancelled task")
        #else
        XCTAssertEqual(given.count, 1, "Apple's URLSession must get an answer")
        XCTAssertNil(given.first ?? nil)
        #endif
    }
}
