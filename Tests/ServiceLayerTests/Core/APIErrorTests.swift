import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `APIError` on its own: mapping, accessors, descriptions and transience.
final class APIErrorTests: XCTestCase {
    private let secretBody = Data(#"{"token":"tok-SECRET-123","password":"hunter2","message":"bad"}"#.utf8)

    func testInitFromURLError() {
        XCTAssertEqual(APIError(URLError(.notConnectedToInternet)), .offline)
        XCTAssertEqual(APIError(URLError(.timedOut)), .timedOut)
        XCTAssertEqual(APIError(URLError(.cancelled)), .cancelled)
        XCTAssertEqual(APIError(URLError(.cannotConnectToHost)), .transport(URLError(.cannotConnectToHost)))
        XCTAssertEqual(APIError(URLError(.cannotFindHost)), .transport(URLError(.cannotFindHost)))
    }

    func testWrappingAnyError() {
        XCTAssertEqual(APIError(wrapping: APIError.notAuthenticated), .notAuthenticated)
        XCTAssertEqual(APIError(wrapping: URLError(.timedOut)), .timedOut)
        let nsError = NSError(domain: NSURLErrorDomain, code: URLError.Code.notConnectedToInternet.rawValue)
        XCTAssertEqual(APIError(wrapping: nsError), .offline)
        struct Other: Error {}
        XCTAssertEqual(APIError(wrapping: Other()), .transport(URLError(.unknown)))
    }

    func testStatusCodeAndResponseBody() {
        XCTAssertEqual(APIError.httpStatus(code: 404, body: APIError.Body(data: Data("x".utf8))).statusCode, 404)
        XCTAssertEqual(
            APIError.httpStatus(code: 404, body: APIError.Body(data: Data("x".utf8))).responseBody, Data("x".utf8))
        XCTAssertEqual(
            APIError.decoding(DecodingFailure(problem: .other(detail: "d"), body: Data("y".utf8))).responseBody,
            Data("y".utf8))
        for error in [APIError.offline, .timedOut, .cancelled, .notAuthenticated, .server(message: "m")] {
            XCTAssertNil(error.statusCode, "\(error)")
            XCTAssertNil(error.responseBody, "\(error)")
        }
        XCTAssertNil(APIError.decoding(DecodingFailure(problem: .other(detail: "d"), body: Data())).statusCode)
    }

    func testServerMessage() {
        func status(_ text: String) -> APIError { .httpStatus(code: 400, body: APIError.Body(data: Data(text.utf8))) }
        XCTAssertEqual(status(#"{"error":"Missing password"}"#).serverMessage, "Missing password")
        XCTAssertEqual(status(#"{"success":false,"message":"Wrong password"}"#).serverMessage, "Wrong password")
        XCTAssertEqual(status(#"{"reason":"Rate limited"}"#).serverMessage, "Rate limited")
        XCTAssertEqual(status(#"{"error":"first","message":"second"}"#).serverMessage, "first")
        XCTAssertEqual(status(#"{"error":"","message":"fallback"}"#).serverMessage, "fallback")
        XCTAssertNil(status("<html><body>Bad Request</body></html>").serverMessage)
        XCTAssertNil(status(#"{"error":42}"#).serverMessage)
        XCTAssertNil(status(#"["error"]"#).serverMessage)
        XCTAssertNil(status("").serverMessage)
        XCTAssertEqual(APIError.server(message: "Email taken").serverMessage, "Email taken")
        let decoding = APIError.decoding(
            DecodingFailure(problem: .other(detail: "d"), body: Data(#"{"message":"m"}"#.utf8)))
        XCTAssertEqual(decoding.serverMessage, "m")
        XCTAssertNil(APIError.offline.serverMessage)
    }

    func testDescriptionsAreSentencesThatNeverQuoteTheBody() {
        let all: [APIError] = [
            .invalidRequest("no URL"), .offline, .timedOut, .transport(URLError(.cannotConnectToHost)),
            .transport(URLError(.badURL)), .cancelled, .notAuthenticated,
            .httpStatus(code: 401, body: APIError.Body(data: secretBody)),
            .httpStatus(code: 404, body: APIError.Body(data: secretBody)),
            .httpStatus(code: 500, body: APIError.Body(data: secretBody)),
            .httpStatus(code: 503, body: APIError.Body(data: Data())),
            .decoding(DecodingFailure(problem: .other(detail: "type mismatch at items[1].price"), body: secretBody)),
            .server(message: "Email taken"), .tooManyTokenRefreshes, .tokenStorage("Not a directory (errno 20)"),
        ]
        for error in all {
            let description = error.errorDescription ?? ""
            XCTAssertFalse(description.isEmpty, "\(error)")
            XCTAssertEqual(error.localizedDescription, description)
            for text in [description, error.description, String(describing: error)] {
                XCTAssertFalse(text.contains("tok-SECRET-123"), text)
                XCTAssertFalse(text.contains("hunter2"), text)
            }
        }
        let notFound = APIError.httpStatus(code: 404, body: APIError.Body(data: secretBody)).errorDescription ?? ""
        XCTAssertTrue(notFound.contains("404"), notFound)
        XCTAssertTrue(notFound.contains("\"bad\""), "the server's message is quoted: \(notFound)")
        let decoding = APIError.decoding(
            DecodingFailure(problem: .other(detail: "type mismatch at items[1].price"), body: secretBody))
        XCTAssertTrue(decoding.errorDescription?.contains("items[1].price") ?? false)
        XCTAssertEqual(APIError.tooManyTokenRefreshes.debugDescription, "APIError.tooManyTokenRefreshes")
        XCTAssertEqual(APIError.tokenStorage("why").debugDescription, "APIError.tokenStorage(why)")
        XCTAssertTrue(APIError.tokenStorage("why").localizedDescription.contains("(why)"))
    }

    /// `print(error)` and `"\(error)"` show the teaching text (what, why, the fix) and then the case;
    /// `debugPrint(error)` and the log lines the short case form.
    func testPrintingAnErrorShowsTheMessageThenTheCase() {
        let all: [APIError] = [
            .invalidRequest("no URL"), .offline, .timedOut, .transport(URLError(.cannotConnectToHost)),
            .cancelled, .notAuthenticated, .httpStatus(code: 404, body: secretBody),
            .decoding(DecodingFailure(problem: .other(detail: "type mismatch at items[1].price"), body: secretBody)),
            .server(message: "Email taken"), .tooManyTokenRefreshes, .diskFull,
        ]
        for error in all {
            let message = error.explanation()
            let printed = "\(error)"
            XCTAssertEqual(printed, String(describing: error))
            XCTAssertTrue(printed.hasPrefix(message.what), printed)
            XCTAssertTrue(printed.contains(message.fix), "the fix is printed: \(printed)")
            XCTAssertTrue(printed.hasSuffix("(\(error.debugDescription))"), "the case, last: \(printed)")
            XCTAssertTrue(error.debugDescription.hasPrefix("APIError."), error.debugDescription)
            XCTAssertEqual(String(reflecting: error), error.debugDescription)
            XCTAssertFalse(printed.contains("tok-SECRET-123"), printed)
        }
        var printed = ""
        print(APIError.httpStatus(code: 404, body: secretBody), to: &printed)
        XCTAssertTrue(printed.contains("404") && printed.contains("APIError.httpStatus(404,"), printed)
    }

    func testIsTransient() {
        let transient: [APIError] = [
            .timedOut, .transport(URLError(.networkConnectionLost)), .transport(URLError(.badServerResponse)),
            .httpStatus(code: 408, body: APIError.Body(data: Data())),
            .httpStatus(code: 429, body: APIError.Body(data: Data())),
            .httpStatus(code: 502, body: APIError.Body(data: Data())),
            .httpStatus(code: 503, body: APIError.Body(data: Data())),
            .httpStatus(code: 504, body: APIError.Body(data: Data())),
        ]
        let permanent: [APIError] = [
            .invalidRequest("x"), .offline, .cancelled, .notAuthenticated, .transport(URLError(.cannotConnectToHost)),
            .httpStatus(code: 400, body: APIError.Body(data: Data())),
            .httpStatus(code: 401, body: APIError.Body(data: Data())),
            .httpStatus(code: 404, body: APIError.Body(data: Data())),
            .httpStatus(code: 500, body: APIError.Body(data: Data())),
            .decoding(DecodingFailure(problem: .other(detail: "d"), body: Data())), .server(message: "m"),
            .tooManyTokenRefreshes,
            .tokenStorage("x"),
        ]
        for error in transient { XCTAssertTrue(error.isTransient, "\(error)") }
        for error in permanent { XCTAssertFalse(error.isTransient, "\(error)") }
    }
}
