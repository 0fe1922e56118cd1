import Foundation
import XCTest

@testable import FixtureServer

/// `--record UPSTREAM --api FOLDER` then `--api FOLDER`: a second server on loopback is the real API; what
/// is recorded replays the same statuses and bodies, and no saved file holds a secret.
final class RecordReplayTests: OptionsTestCase {
    private static let token = "SECRET-TOKEN-456"
    private static let key = "SECRET-KEY-123"
    private static let cookie = "SECRET-COOKIE-789"

    /// The movies example plus a route whose answer carries what a real API's might: a cookie, timing and
    /// CDN headers, and the caller's own token echoed in the body.
    private func upstreamFolder() throws -> TemporaryFolder {
        let movies = try moviesCopy()
        let file = movies.url.appendingPathComponent("routes.json")
        var top = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var routes = try XCTUnwrap(top["routes"] as? [Any])
        routes.append([
            "method": "GET", "path": "/whoami",
            "headers": [
                "Set-Cookie": "sid=\(Self.cookie); HttpOnly", "Server-Timing": "db;dur=53",
                "CF-Ray": "8a1b2c3d4e5f-CDG",
                "X-Custom": "kept",
            ],
            "body": ["user": "learner", "echoedToken": Self.token],
        ])
        top["routes"] = routes
        try JSONSerialization.data(withJSONObject: top).write(to: file)
        return movies
    }

    /// The requests a learner's app makes, credentials included.
    private let calls: [(method: String, target: String, body: String?)] = [
        ("GET", "/movie/popular?page=2&api_key=\(key)", nil),
        ("GET", "/movie/popular?api_key=\(key)", nil),
        ("GET", "/movies/3?api_key=\(key)", nil),
        ("GET", "/movies?genre=drama&_sort=-rating&api_key=\(key)", nil),
        ("GET", "/movie/1/credits?api_key=\(key)", nil),
        ("POST", "/login", #"{"username":"learner","password":"swift"}"#),
        ("GET", "/account?api_key=\(key)", nil),
        ("GET", "/whoami?token=\(token)", nil),
        ("GET", "/movies/99?api_key=\(key)", nil),
    ]

    private var secretHeaders: [String: String] {
        ["Authorization": "Bearer \(Self.token)", "Cookie": "session=\(Self.cookie)"]
    }

    func testRecordThenReplayOfflineWithoutSecrets() throws {
        let upstream = try startExtraServer(try FixtureServer(api: try upstreamFolder().url))
        let saved = try folder("recorded")
        let lines = Locked<[String]>([])
        let recorder = try startExtraServer(
            try FixtureServer(
                recording: upstream.baseURL, into: saved.url, logger: { line in lines.withLock { $0.append(line) } }))

        var live: [RawResponse] = []
        for call in calls {
            let answer = try send(recorder, call.method, call.target, secretHeaders, body: call.body)
            let direct = try send(upstream, call.method, call.target, secretHeaders, body: call.body)
            XCTAssertEqual(answer.status, direct.status, call.target)
            XCTAssertEqual(answer.body, direct.body, call.target)
            live.append(answer)
        }
        XCTAssertEqual(
            live.map(\.status), [200, 200, 200, 200, 200, 200, 401, 200, 404], "/account wants its own token")
        // The upstream saw the credentials: they are forwarded, only never saved.
        let seen = upstream.requests.filter { $0.path == "/whoami" }
        XCTAssertEqual(seen.first?.headers["authorization"], "Bearer \(Self.token)")
        XCTAssertEqual(live[7].headers["x-custom"], "kept")
        XCTAssertTrue(
            lines.withLock { $0.contains { $0.hasPrefix("recorded GET /movie/popular -> 200 into recorded/") } })

        // No saved file holds a secret, a cookie or the offline-meaningless headers.
        let files = saved.files()
        XCTAssertTrue(files.contains { $0.name == "/routes.json" })
        XCTAssertGreaterThanOrEqual(files.count, 9)
        for (name, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            for secret in [Self.token, Self.key, Self.cookie, "swift\""] {
                XCTAssertFalse(text.contains(secret), "\(name) holds \(secret)")
            }
        }
        let routes = String(
            decoding: try Data(contentsOf: saved.url.appendingPathComponent("routes.json")), as: UTF8.self)
        for dropped in [
            "Set-Cookie", "Server-Timing", "CF-Ray", "Date", "Content-Length", "ETag", "Last-Modified", "api_key",
            "Authorization",
        ] {
            XCTAssertFalse(routes.lowercased().contains(dropped.lowercased()), "routes.json has \(dropped)")
        }
        XCTAssertTrue(routes.contains("X-Custom"), "an API's own header is kept")
        let whoami = try XCTUnwrap(files.first { $0.name.contains("get-whoami") })
        XCTAssertTrue(
            String(decoding: whoami.data, as: UTF8.self).contains("<redacted>"), "the echoed token is redacted")

        // Replay: the upstream is gone; the same calls (with or without their credentials) get the same answers.
        upstream.stop()
        let replay = try startExtraServer(try FixtureServer(api: saved.url))
        for (call, recorded) in zip(calls, live) where call.target.hasPrefix("/whoami") == false {
            let withSecrets = try send(replay, call.method, call.target, secretHeaders, body: call.body)
            XCTAssertEqual(withSecrets.status, recorded.status, call.target)
            XCTAssertEqual(withSecrets.body, recorded.body, call.target)
            XCTAssertEqual(withSecrets.headers["content-type"], recorded.headers["content-type"], call.target)
            let bare = call.target.replacingOccurrences(of: "api_key=\(Self.key)", with: "")
            let without = try send(replay, call.method, bare, [:], body: call.body)
            XCTAssertEqual(without.body, recorded.body, "\(bare): the key is not part of the match")
        }
        XCTAssertEqual(
            try send(replay, "GET", "/movie/popular?page=2").body, live[0].body, "the page query still picks the page")
        XCTAssertNotEqual(live[0].body, live[1].body, "the control: page 2 and page 1 differ")
        let whoamiReplayed = try send(replay, "GET", "/whoami")
        XCTAssertEqual(whoamiReplayed.status, 200)
        XCTAssertNil(whoamiReplayed.headers["set-cookie"])
        XCTAssertEqual(whoamiReplayed.headers["x-custom"], "kept")
    }

    func testRecordingAgainExtendsTheFileAndTheLastAnswerWins() throws {
        let upstreamAPI = try folder("upstream")
        try upstreamAPI.write("db.json", #"{"notes": [{"id": 1, "text": "first"}]}"#)
        let upstream = try startExtraServer(try FixtureServer(api: upstreamAPI.url))
        let saved = try folder("recorded")
        do {
            let recorder = try startExtraServer(try FixtureServer(recording: upstream.baseURL, into: saved.url))
            XCTAssertEqual(try send(recorder, "GET", "/notes/1").status, 200)
            XCTAssertEqual(try send(recorder, "PATCH", "/notes/1", body: #"{"text":"second"}"#).status, 200)
            recorder.stop()
        }
        let recorder = try startExtraServer(try FixtureServer(recording: upstream.baseURL, into: saved.url))
        XCTAssertEqual(try send(recorder, "GET", "/notes/1").status, 200)
        XCTAssertEqual(try send(recorder, "GET", "/notes").status, 200)
        let replay = try startExtraServer(try FixtureServer(api: saved.url))
        XCTAssertTrue(try send(replay, "GET", "/notes/1").text.contains("second"), "the later recording won")
        XCTAssertEqual(
            try send(replay, "PATCH", "/notes/1", body: "{}").status, 200, "the first session's PATCH is kept")
        XCTAssertEqual(try send(replay, "GET", "/notes").status, 200)
        XCTAssertEqual(replay.apiRoutes.count, 3, replay.apiRoutes.joined(separator: "\n"))
    }

    func testEveryRequestIsForwardedEvenWhereABuiltInRouteWouldAnswer() throws {
        let upstream = try startExtraServer(FixtureServer())
        let saved = try folder("recorded")
        let recorder = try startExtraServer(try FixtureServer(recording: upstream.baseURL, into: saved.url))
        let answer = try send(recorder, "GET", "/categories")
        XCTAssertEqual(answer.body, try send(upstream, "GET", "/categories").body)
        XCTAssertEqual(
            try send(recorder, "OPTIONS", "/api/users/2").headers["allow"], "GET, HEAD, PUT, PATCH, DELETE, OPTIONS")
        let missing = try send(recorder, "PUT", "/categories", ["If-Match": "\"stale\""], body: "{}")
        XCTAssertEqual(missing.status, 405, "the upstream's answer, not a local precondition check")
        XCTAssertEqual(upstream.requests.map(\.method), ["GET", "GET", "OPTIONS", "PUT"])
        let preflight = try send(
            recorder, "OPTIONS", "/categories", ["Origin": "http://a.test", "Access-Control-Request-Method": "GET"])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(upstream.requests.count, 4, "a preflight is answered locally")
        let file = try Data(contentsOf: saved.url.appendingPathComponent("routes.json"))
        let routes = try XCTUnwrap(try JSONSerialization.jsonObject(with: file) as? [String: [[String: Any]]])
        XCTAssertEqual(
            routes["routes"]?.compactMap { $0["method"] as? String }, ["GET", "PUT"], "OPTIONS is not saved")
    }

    func testAnUnreachableUpstreamIsA502ThatSavesNothing() throws {
        let closed = FixtureServer()
        try closed.start()
        let url = closed.baseURL
        closed.stop()
        let saved = try folder("recorded")
        let recorder = try startExtraServer(try FixtureServer(recording: url, into: saved.url))
        let answer = try send(recorder, "GET", "/movies?api_key=\(Self.key)")
        XCTAssertEqual(answer.status, 502)
        XCTAssertTrue(answer.text.contains("Recording: GET \(url.absoluteString)movies failed"), answer.text)
        XCTAssertFalse(answer.text.contains(Self.key))
        XCTAssertFalse(FileManager.default.fileExists(atPath: saved.url.appendingPathComponent("routes.json").path))
    }

    func testTheUpstreamMustBeHTTP() throws {
        let saved = try folder("recorded")
        XCTAssertThrowsError(
            try FixtureServer(recording: URL(string: "file:///etc/")!, into: saved.url)
        ) { error in
            XCTAssertTrue("\(error)".contains("is not an http or https URL"), "\(error)")
        }
    }
}
