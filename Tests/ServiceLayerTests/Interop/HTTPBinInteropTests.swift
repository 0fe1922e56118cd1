import Foundation
import ServiceLayer
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The generic `APIClient` against a real third-party server, httpbin (`HTTPBIN_URL`): query encoding,
/// JSON bodies, status codes, bearer tokens, timeouts, compression, raw bytes and redirects.
///
/// Run them with `bash .ci/httpbin.sh`; without `HTTPBIN_URL` every test is skipped.
final class HTTPBinInteropTests: HTTPBinTestCase {
    private let token = "interop-token-5d1f"

    // MARK: - Query strings

    func testQueryValuesRoundTripExactly() throws {
        let values: [(name: String, value: String)] = [
            ("plus", "1+1=2"),
            ("ampersand", "fish&chips"),
            ("equals", "a=b"),
            ("space", "hello world"),
            ("slash", "a/b/c"),
            ("question", "why?"),
            ("hash", "#hashtag"),
            ("percent", "100%25 sure"),
            ("unicode", "café 日本語 🎉👩‍💻"),
            ("everything", " +&=/?#é日本語🎉 "),
            ("key with spaces & +", "v"),
        ]
        let query = values.map { URLQueryItem(name: $0.name, value: $0.value) }
        let echo = try send(Endpoint<HTTPBinEcho>("get", query: query), with: makeClient()).get()
        let args = try XCTUnwrap(echo.args)
        XCTAssertEqual(args.count, values.count, "\(args)")
        for (name, value) in values {
            XCTAssertEqual(args[name], value, "query item \(name)")
        }
    }

    // MARK: - JSON bodies

    func testJSONBodyRoundTripsForPOSTPUTPATCHAndDELETE() throws {
        let client = makeClient()
        for method in [HTTPMethod.post, .put, .patch, .delete] {
            let route = method.rawValue.lowercased()
            // httpbin's /post, /put, /patch and /delete answer only their own method (405 otherwise).
            let echo = try send(
                Endpoint<HTTPBinEcho>(method: method, .path(route)).body(InteropPayload.sample), with: client
            ).get()
            XCTAssertEqual(echo.json, InteropPayload.sample, "\(method.rawValue) /\(route)")
            XCTAssertEqual(echo.header("Content-Type"), "application/json", "\(method.rawValue) /\(route)")
            XCTAssertEqual(echo.header("Accept"), "application/json", "\(method.rawValue) /\(route)")
            XCTAssertEqual(echo.url, urlString(route))

            // /anything reports the method it saw.
            let anything = try send(
                Endpoint<HTTPBinEcho>(method: method, "anything/\(route)").body(InteropPayload.sample),
                with: client
            ).get()
            XCTAssertEqual(anything.method, method.rawValue)
            XCTAssertEqual(anything.json, InteropPayload.sample, "\(method.rawValue) /anything")
        }
        let wrongMethod = try send(Endpoint<Void>(method: .get, "post"), with: client)
        XCTAssertEqual(wrongMethod.failureError?.statusCode, 405)
    }

    // MARK: - Status codes

    func testSuccessStatusesSucceedForVoid() throws {
        let client = makeClient()
        for code in [200, 204] {
            XCTAssertNoThrow(try send(Endpoint<Void>("status/\(code)"), with: client).get(), "status \(code)")
        }
        // A 204 has no body at all; as `Data` it is empty, not an error.
        XCTAssertEqual(try send(Endpoint<Data>("status/204"), with: client).get(), Data())
    }

    func testStatus301IsFollowedToGet() throws {
        // httpbin's /status/301 answers `Location: /redirect/1`, which redirects (302) to /get: URLSession
        // follows both hops and the client sees only the final 200.
        let echo = try send(Endpoint<HTTPBinEcho>("status/301"), with: makeClient()).get()
        XCTAssertEqual(echo.url, urlString("get"))
    }

    func testErrorStatusesKeepTheirCode() throws {
        let client = makeClient()
        for code in [400, 404, 418, 500, 503] {
            let result = try send(Endpoint<Void>("status/\(code)").retry(.never), with: client)
            XCTAssertEqual(result.failureError?.statusCode, code, "status \(code): \(result)")
        }
        // The body of the error is kept: httpbin's teapot.
        let teapot = try send(Endpoint<Data>("status/418"), with: client).failureError?.responseBody
        XCTAssertTrue(String(decoding: teapot ?? Data(), as: UTF8.self).contains("teapot"))
        // One request each: the 503 was not retried.
        let lines = logLines(containing: "status/503")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(
            lines.first?.contains("-> 503") == true && lines.first?.contains(" 0 retries") == true, "\(lines)")
    }

    func testStatus401WithABasicChallengeIsReportedAs401() throws {
        // httpbin's /status/401 carries `WWW-Authenticate: Basic realm="Fake Realm"`. Linux's URLSession
        // (swift-corelibs-foundation before the fix of #5456, Swift 6.3.1 included) never completes such a
        // 401 when it has no credential to offer: the client's watchdog ends the call after the endpoint's
        // timeout and reports the 401 that arrived, not a timeout, and does not retry it. Where Foundation
        // has the fix, the 401 arrives at once.
        let client = makeClient(retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: 0.1))
        let result = try send(Endpoint<Void>("status/401").timeout(3), with: client)
        XCTAssertEqual(result.failureError?.statusCode, 401, "\(result) \(log.withLock { $0 })")
        let lines = logLines(containing: "status/401")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains(" 0 retries") == true, "a 401 is not retried: \(lines)")
    }

    // MARK: - Bearer tokens

    func testBearerWithTokenIsAuthenticated() throws {
        let answer = try send(
            Endpoint<BearerAnswer>("bearer").requiringAuthorization(), with: makeClient(token: token)
        ).get()
        XCTAssertEqual(answer, BearerAnswer(authenticated: true, token: token))
    }

    func testBearerWithoutTokenFailsBeforeSending() throws {
        let result = try send(Endpoint<BearerAnswer>("bearer").requiringAuthorization(), with: makeClient())
        XCTAssertEqual(result.failureError, .notAuthenticated)
        XCTAssertEqual(logLines(containing: "bearer"), [], "nothing may be sent")
    }

    func testBearerEndpointNotRequiringAuthorizationGets401() throws {
        // The client has a token, but this endpoint does not ask for it: nothing is attached, and httpbin
        // answers 401 itself.
        let result = try send(Endpoint<BearerAnswer>("bearer"), with: makeClient(token: token))
        XCTAssertEqual(result.failureError?.statusCode, 401, "\(result) \(log.withLock { $0 })")
        XCTAssertEqual(logLines(containing: "bearer").count, 1)
    }

    // MARK: - Timeouts

    func testDelayLongerThanTimeoutTimesOutEarly() throws {
        let recorder = Completions<Data>()
        let complete = recorder.completion()
        let finishedAt = Locked<DispatchTime?>(nil)
        let start = DispatchTime.now()
        makeClient().send(Endpoint<Data>("delay/3").timeout(1)) { result in
            finishedAt.withLock { $0 = .now() }
            complete(result)
        }
        let result = try XCTUnwrap(recorder.wait(timeout: 30).first)
        XCTAssertEqual(result.failureError, .timedOut, "\(result)")
        let end = try XCTUnwrap(finishedAt.withLock { $0 })
        let elapsed = Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        XCTAssertLessThan(elapsed, 3, "a 1-second timeout must end the call before httpbin's 3-second delay")
    }

    // MARK: - Compression

    func testGzipIsDecoded() throws {
        let echo = try send(Endpoint<HTTPBinEcho>("gzip"), with: makeClient()).get()
        XCTAssertEqual(echo.gzipped, true)
        XCTAssertTrue(echo.header("Accept-Encoding")?.contains("gzip") == true, "\(echo.headers)")
    }

    func testDeflateIsDecoded() throws {
        let echo = try send(Endpoint<HTTPBinEcho>("deflate"), with: makeClient()).get()
        XCTAssertEqual(echo.deflated, true)
        XCTAssertTrue(echo.header("Accept-Encoding")?.contains("deflate") == true, "\(echo.headers)")
    }

    func testBrotliIsDecoded() throws {
        let echo = try send(Endpoint<HTTPBinEcho>("brotli"), with: makeClient()).get()
        XCTAssertEqual(echo.brotli, true)
        XCTAssertTrue(echo.header("Accept-Encoding")?.contains("br") == true, "\(echo.headers)")
    }

    // MARK: - Raw bytes

    func testBytesArriveExactly() throws {
        let client = makeClient()
        XCTAssertEqual(try send(Endpoint<Data>("bytes/1024"), with: client).get().count, 1024)
        // With a seed httpbin sends the same bytes every time: nothing was altered on the way.
        let seeded = Endpoint<Data>("bytes/4096", query: [URLQueryItem(name: "seed", value: "7")])
        let first = try send(seeded, with: client).get()
        XCTAssertEqual(first.count, 4096)
        XCTAssertEqual(try send(seeded, with: client).get(), first)
    }

    // MARK: - Redirects

    func testRedirectChainIsFollowedToGet() throws {
        let echo = try send(Endpoint<HTTPBinEcho>("redirect/3"), with: makeClient()).get()
        XCTAssertEqual(echo.url, urlString("get"))
        XCTAssertEqual(logLines(containing: "redirect/3").count, 1, "one call, however many hops")
    }

    // MARK: - The Authorization header

    func testAuthorizationIsSentToTheAPIHostOnly() throws {
        let client = makeClient(token: token)
        let authorized = try send(Endpoint<HTTPBinEcho>("headers").requiringAuthorization(), with: client)
            .get()
        XCTAssertEqual(authorized.header("Authorization"), "Bearer \(token)")
        let anonymous = try send(Endpoint<HTTPBinEcho>("headers"), with: client).get()
        XCTAssertNil(anonymous.header("Authorization"), "\(anonymous.headers)")
    }

    func testAuthorizationSurvivesARedirectWithinTheSameOrigin() throws {
        // The control for the next test: a redirect to the same origin keeps the token, so its absence
        // there is the redirect guard's doing, not URLSession dropping every header on a redirect.
        let endpoint = Endpoint<HTTPBinEcho>(
            "redirect-to", query: [URLQueryItem(name: "url", value: urlString("headers"))]
        ).requiringAuthorization()
        let echo = try send(endpoint, with: makeClient(token: token)).get()
        XCTAssertEqual(echo.header("Authorization"), "Bearer \(token)")
    }

    func testAuthorizationAndCookieDoNotFollowARedirectToAnotherOrigin() throws {
        // The same httpbin, reached as `localhost` instead of `127.0.0.1`: another host, so another origin.
        let otherOrigin = "http://localhost:\(port)/headers"
        let endpoint = Endpoint<HTTPBinEcho>("redirect-to", query: [URLQueryItem(name: "url", value: otherOrigin)])
            .headers(["Cookie": "session=secret-cookie"]).requiringAuthorization()
        let echo = try send(endpoint, with: makeClient(token: token)).get()
        XCTAssertEqual(echo.header("Host"), "localhost:\(port)", "the redirect must have reached the other origin")
        XCTAssertNil(echo.header("Authorization"), "the token leaked across origins: \(echo.headers)")
        XCTAssertNil(echo.header("Cookie"), "the cookie leaked across origins: \(echo.headers)")
    }
}
