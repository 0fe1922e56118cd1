import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The message table as a whole: every case and every `URLError` code has what, why and a fix, with
/// no doubled period, no bare number and no secret.
final class ErrorMessageTests: XCTestCase {
    /// Every `URLError` code swift-corelibs-foundation defines (Apple's Foundation adds `-1104`).
    static let urlErrorCodes: [Int] =
        [-1, -995, -996, -997, -999, -1000, -1001, -1002, -1003, -1004, -1005, -1006, -1007, -1008, -1009, -1010]
        + [-1011, -1012, -1013, -1014, -1015, -1016, -1017, -1018, -1019, -1020, -1021, -1022, -1100, -1101, -1102]
        + [-1103, -1104, -1200, -1201, -1202, -1203, -1204, -1205, -1206, -2000, -3000, -3001, -3002, -3003, -3004]
        + [-3005, -3006, -3007]

    private static let url = URL(
        string: "https://learner:PW-SECRET@api.example.com:8443/v3/movie/7?api_key=K-SECRET#x")!

    /// The code `raw`, when this Foundation defines it (the initializer is failable on Linux only).
    private static func code(_ raw: Int) -> URLError.Code? {
        let code: URLError.Code? = URLError.Code(rawValue: raw)
        return code
    }

    /// One error of every case, several of the HTTP and decoding kinds, and a transport error per code.
    static var everyError: [APIError] {
        let secret = Data(#"{"token":"tok-SECRET-123","message":"bad."}"#.utf8)
        var errors: [APIError] = [
            .invalidRequest("no valid http(s) URL can be formed for ::"), .offline, .timedOut, .cancelled,
            .notAuthenticated, .server(message: "Email taken."), .tooManyTokenRefreshes,
            .tokenStorage("Not a directory (errno 20)"), .fileAccess(.unreadable(file: "a.png")), .diskFull,
            .incompleteDownload(expected: 100, received: 50),
            .decoding(DecodingFailure(problem: .other(detail: "type mismatch at items[1].price."), body: secret)),
            APIError.emptyBody(from: url),
        ]
        for status in [400, 401, 403, 404, 405, 408, 409, 413, 415, 422, 429, 451, 500, 502, 503] {
            errors.append(.httpStatus(code: status, body: APIError.Body(data: secret)))
            errors.append(
                .httpStatus(
                    code: status, body: APIError.Body(data: Data("<html><title>Oops.</title>Down.</html>".utf8))))
        }
        for raw in urlErrorCodes { if let code = code(raw) { errors.append(APIError(URLError(code), url: url)) } }
        return errors
    }

    func testEveryCaseHasWhatWhyAndFixEachASentenceWithNoDoubledPeriod() {
        var request = URLRequest(url: Self.url)
        request.setValue("Bearer tok-SECRET-123", forHTTPHeaderField: "Authorization")
        for error in Self.everyError {
            for explanation in [error.explanation(), error.explanation(for: request)] {
                for part in [explanation.what, explanation.why, explanation.fix] {
                    XCTAssertFalse(part.isEmpty, "\(error)")
                    XCTAssertFalse(part.contains(".."), "doubled period: \(part)")
                    XCTAssertFalse(part.contains(". ."), "doubled period: \(part)")
                    XCTAssertTrue(".!?…\"".contains(part.last!), "ends as a sentence: \(part)")
                    for secret in ["PW-SECRET", "K-SECRET", "tok-SECRET-123", "learner@", "api_key=", "#x"] {
                        XCTAssertFalse(part.contains(secret), "\(secret) in \(part)")
                    }
                }
            }
            XCTAssertEqual(error.errorDescription, error.explanation().description)
            XCTAssertEqual(error.localizedDescription, error.errorDescription)
            XCTAssertNotNil(error.failureReason, "\(error)")
            XCTAssertNotNil(error.recoverySuggestion, "\(error)")
            XCTAssertFalse(error.description.contains("tok-SECRET-123"), error.description)
        }
    }

    func testEveryURLErrorCodeHasItsOwnSentenceAndNoBareNumber() {
        var seen: [String: Int] = [:]
        var known = 0
        for raw in Self.urlErrorCodes {
            guard let code = Self.code(raw) else { continue }
            known += 1
            let explanation = APIError.transport(URLError(code)).explanation()
            XCTAssertFalse(explanation.description.contains("\(raw)"), "a bare number for \(raw): \(explanation)")
            XCTAssertNil(seen[explanation.what], "\(raw) says what \(seen[explanation.what] ?? 0) says")
            seen[explanation.what] = raw
        }
        XCTAssertGreaterThanOrEqual(known, 48, "every code this Foundation defines was checked")
        // A code no Foundation defines (Apple's lets one be made) still gets a sentence saying where to look.
        if let oddCode = Self.code(-4242) {
            let odd = APIError(URLError(oddCode), url: Self.url)
            XCTAssertTrue(odd.localizedDescription.contains("URLError.Code"), odd.localizedDescription)
        }
    }

    func testTheCasesOfThisTableAreStable() {
        // The table maps the same codes to the same cases as before: messages changed, cases did not.
        XCTAssertEqual(APIError(URLError(.timedOut), url: Self.url), .timedOut)
        XCTAssertEqual(APIError(URLError(.notConnectedToInternet), url: Self.url), .offline)
        XCTAssertEqual(APIError(URLError(.cancelled), url: Self.url), .cancelled)
        let refused = APIError(URLError(.cannotConnectToHost), url: Self.url)
        XCTAssertEqual(refused, .transport(URLError(.cannotConnectToHost)), "transport errors compare by code")
        XCTAssertNotEqual(refused, .transport(URLError(.cannotFindHost)))
        guard case .transport(let urlError) = refused else { return XCTFail("\(refused)") }
        XCTAssertEqual(urlError.failingURL?.absoluteString, "https://api.example.com:8443/v3/movie/7")
    }

    func testAppTransportSecurityNamesTheInfoPlistKeys() {
        let local = APIError(
            URLError(.appTransportSecurityRequiresSecureConnection), url: URL(string: "http://localhost:8090/menu")!)
        XCTAssertTrue(
            local.recoverySuggestion?.contains("NSAllowsLocalNetworking") ?? false, local.localizedDescription)
        let loopback = APIError(
            URLError(.appTransportSecurityRequiresSecureConnection), url: URL(string: "http://127.0.0.1:8090/")!)
        XCTAssertTrue(loopback.recoverySuggestion?.contains("NSAllowsLocalNetworking") ?? false)
        let remote = APIError(
            URLError(.appTransportSecurityRequiresSecureConnection), url: URL(string: "http://example.com/")!)
        let fix = remote.recoverySuggestion ?? ""
        XCTAssertTrue(fix.contains("NSExceptionDomains") && fix.contains("NSExceptionAllowsInsecureHTTPLoads"), fix)
        XCTAssertTrue(remote.localizedDescription.contains("http://example.com/"), remote.localizedDescription)
    }

    func testTrustAndCertificateFailuresSayWhatIsWrongWithTheCertificate() {
        let untrusted = APIError(URLError(.serverCertificateUntrusted), url: Self.url)
        XCTAssertTrue(untrusted.failureReason?.contains("self-signed") ?? false)
        XCTAssertTrue(APIError(URLError(.serverCertificateHasBadDate)).localizedDescription.contains("expired"))
        let tls = APIError(URLError(.secureConnectionFailed), url: URL(string: "https://127.0.0.1:8090/")!)
        XCTAssertTrue(
            tls.recoverySuggestion?.contains("`http://`") ?? false, "http vs https: \(tls.localizedDescription)")
        XCTAssertTrue(tls.localizedDescription.contains("127.0.0.1:8090"), tls.localizedDescription)
    }

    func testDNSRefusedAndLostHaveDistinctAdvice() {
        let dns = APIError(URLError(.cannotFindHost), url: Self.url).recoverySuggestion ?? ""
        let refused = APIError(URLError(.cannotConnectToHost), url: Self.url).recoverySuggestion ?? ""
        let lost = APIError(URLError(.networkConnectionLost), url: Self.url).recoverySuggestion ?? ""
        XCTAssertTrue(dns.contains("host name"), dns)
        XCTAssertTrue(refused.contains("api.example.com:8443"), "host:port: \(refused)")
        XCTAssertEqual(Set([dns, refused, lost]).count, 3)
    }

    func testWhatLinuxSaysInsideURLErrorUnknownIsRecognised() {
        func error(_ code: URLError.Code, _ said: String, _ url: String) -> APIError {
            APIError(URLError(code, userInfo: [NSLocalizedDescriptionKey: said]), url: URL(string: url)!)
        }
        let tls = error(
            .unknown, "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number", "https://h:8090/")
        XCTAssertTrue(tls.recoverySuggestion?.contains("`http://`") ?? false, tls.localizedDescription)
        let cut = error(.unknown, "transfer closed with 90 bytes remaining to read", "http://h:8090/x")
        XCTAssertTrue(cut.localizedDescription.contains("cut short, 90 bytes short"), cut.localizedDescription)
        let unreachable = error(
            .cannotConnectToHost, "Failed to connect to 10.0.0.9 port 80: No route to host", "http://10.0.0.9/")
        XCTAssertTrue(
            unreachable.localizedDescription.contains("Could not reach 10.0.0.9:80"), unreachable.localizedDescription)
        XCTAssertTrue(unreachable.recoverySuggestion?.contains("LAN address") ?? false)
        let plain = error(.unknown, "something else", "http://h:8090/")
        XCTAssertTrue(plain.localizedDescription.contains("`URLError.unknown`"), plain.localizedDescription)
        for error in [tls, cut, unreachable, plain] {
            XCTAssertFalse(error.localizedDescription.contains("OpenSSL"), "curl's own text is not kept")
        }
        XCTAssertEqual(cut, .transport(URLError(.unknown)), "the hint does not change the case or its equality")
    }

    func testTheLanguageIsAnExplicitOptionWithTheUsersByDefault() {
        XCTAssertEqual(APIError.messageLanguage, APIError.automaticMessageLanguage)
        XCTAssertEqual(
            APIError.MessageLanguage.allCases, [.english, .traditionalChinese, .swedish, .simplifiedChinese])
        XCTAssertEqual(APIError.MessageLanguage(rawValue: "zh-Hans"), .simplifiedChinese)
        XCTAssertEqual(APIError.MessageLanguage(rawValue: "en"), .english)
        XCTAssertEqual(APIError.MessageLanguage(rawValue: "zh-Hant"), .traditionalChinese)
        XCTAssertEqual(APIError.MessageLanguage(rawValue: "sv"), .swedish)
        let error = APIError.httpStatus(code: 404, body: APIError.Body(data: Data()))
        XCTAssertEqual(error.explanation(in: .english), error.explanation())
    }

    func testTheShownURLKeepsSchemeHostPortAndPathOnly() {
        XCTAssertEqual(ShownURL.text(Self.url), "https://api.example.com:8443/v3/movie/7")
        XCTAssertEqual(ShownURL.hostPort(Self.url), "api.example.com:8443")
        XCTAssertEqual(ShownURL.hostPort(URL(string: "https://example.com/x")!), "example.com:443")
        XCTAssertEqual(ShownURL.hostPort(URL(string: "http://example.com/x")!), "example.com:80")
    }

    func testTheOldReasonsStillShow() {
        XCTAssertTrue(APIError.tokenStorage("why").localizedDescription.contains("(why)"))
        XCTAssertTrue(APIError.invalidRequest("no URL").localizedDescription.contains("no URL"))
        XCTAssertTrue(APIError.server(message: "Email taken.").localizedDescription.contains("\"Email taken.\""))
    }
}

/// The failures that are neither transport, HTTP nor decoding, made for real.
final class OtherErrorMessageTests: MessageScenarioTestCase {
    func testOfflineSaysNothingWasSentAndToCheckTheNetwork() async throws {
        let (error, _) = try await run("The device is offline")
        XCTAssertEqual(error, .offline)
        XCTAssertTrue(error.recoverySuggestion?.contains("network connection") ?? false)
        XCTAssertTrue(servers.fixture.requests.isEmpty, "nothing was sent")
    }

    func testATokenBeforeLoggingInSaysToLogIn() async throws {
        let (error, _) = try await run("A call that needs a token before logging in")
        XCTAssertEqual(error, .notAuthenticated)
        XCTAssertTrue(error.recoverySuggestion?.contains("Log in first") ?? false)
    }

    func testABodyThatCannotBeEncodedNamesTheReason() async throws {
        let (error, _) = try await run("A body that cannot be encoded (`Double.nan`)")
        guard case .invalidRequest(let reason) = error else { return XCTFail("expected .invalidRequest, got \(error)") }
        guard case .bodyNotFiniteNumber = reason else { return XCTFail("\(reason)") }
        XCTAssertTrue(error.localizedDescription.contains("nan at `price`"), error.localizedDescription)
        XCTAssertFalse(error.localizedDescription.contains(".."), error.localizedDescription)
    }

    func testACutDownloadSaysHowManyBytesArrivedAndTheReportNamesTheURL() async throws {
        let (error, report) = try await run("A download cut halfway")
        guard case .incompleteDownload(let expected, let received, _) = error else {
            return XCTFail("expected .incompleteDownload, got \(error)")
        }
        XCTAssertEqual(expected, 2000)
        XCTAssertTrue(
            error.localizedDescription.contains("after \(received) of 2000 bytes"), error.localizedDescription)
        let explanation = try XCTUnwrap(report?.explanation)
        XCTAssertTrue(explanation.what.contains("/files/2000"), explanation.what)
        XCTAssertFalse(explanation.what.contains("cut=1"), "no query: \(explanation.what)")
    }

    func testAServerRefusalQuotesTheServerAndShowsNoPassword() async throws {
        let (error, _) = try await run("A wrong password (the server says so in a 200)")
        guard case .server(let message) = error else { return XCTFail("expected .server, got \(error)") }
        XCTAssertTrue(error.localizedDescription.contains("\"\(message)"), error.localizedDescription)
        XCTAssertFalse(error.localizedDescription.contains("wrong-password"), error.localizedDescription)
    }
}
