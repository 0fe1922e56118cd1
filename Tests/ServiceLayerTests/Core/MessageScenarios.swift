import FixtureServer
import Foundation
import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The mistakes whose messages the tests check and the article "When something goes wrong" shows:
/// each one made for real, over a socket (the fixture server, a closed port, https to a plain port).
///
/// The content tests (`TransportErrorMessageTests`, `HTTPErrorMessageTests`, `DecodingErrorMessageTests`)
/// run these scenarios and assert on their messages; `ErrorMessageTableTests` renders the same
/// scenarios as the article's table and checks that the article holds exactly that table.
struct MessageScenario: Sendable {
    /// The section of the article (`Transport`, `HTTP`, `Decoding`).
    let kind: String
    /// The mistake, as the table's first column says it.
    let mistake: String
    /// Whether the article's tables show it: `false` when its message holds a number that varies from
    /// run to run (the bytes a cut download had received when it was cut).
    var inTable = true
    /// Whether it may run while other scenarios run: it injects no fault on the shared servers and waits
    /// for a timeout (so `ErrorMessageTableTests` starts it first and lets it wait alongside the others).
    var runsAlongside = false
    /// Makes the mistake: the error the caller got, and the exchange's report when one was made.
    let run: @Sendable (MessageScenarioServers) async throws -> (APIError, ExchangeReport?)
}

/// The servers a scenario may use: a fixture server (faults injected per path), a closed port, and a
/// server that answers anything with a plain-HTTP 400.
struct MessageScenarioServers: Sendable {
    let fixture: FixtureServer
    let closedPort: URL
    let plainAnswer: URL

    /// A client against `baseURL` (the fixture server's root by default), no retries, 10 s per try,
    /// with `decoder`, `headers`, and a report observer.
    func client(
        _ baseURL: URL? = nil, timeout: TimeInterval = 10, decoder: JSONDecoder = JSONDecoder(),
        headers: [String: String] = [:], reports: Locked<[ExchangeReport]>
    ) -> APIClient {
        let options = APIClient.Options(
            timeout: timeout, retryPolicy: .never, headers: headers, decoder: decoder,
            resultObserver: { report in reports.withLock { $0.append(report) } })
        return APIClient(
            baseURL: baseURL ?? fixture.baseURL, session: APIClient.makeSession(configuration: .ephemeral),
            options: options)
    }

    /// The error of sending `endpoint` with `client`, and the last report.
    func failure<Response: Sendable>(
        _ endpoint: Endpoint<Response>, _ configure: (Locked<[ExchangeReport]>) -> APIClient
    ) async -> (APIError, ExchangeReport?) {
        let reports = Locked<[ExchangeReport]>([])
        let client = configure(reports)
        do {
            _ = try await client.send(endpoint)
            return (.invalidRequest("the scenario succeeded"), nil)
        } catch {
            return (error, reports.withLock { $0.last })
        }
    }

    /// The error of reading `endpoint`'s event stream, each event's data decoded as `Value`, and the last
    /// report.
    func streamFailure<Value: Decodable & Sendable>(
        _ endpoint: Endpoint<Void>, decoding type: Value.Type
    ) async -> (APIError, ExchangeReport?) {
        let reports = Locked<[ExchangeReport]>([])
        do {
            for try await _ in client(reports: reports).events(for: endpoint, decoding: Value.self) {}
            return (.invalidRequest("the scenario succeeded"), nil)
        } catch {
            let failure = (error as? APIError) ?? .invalidRequest(.reason("not an APIError: \(error)"))
            return (failure, reports.withLock { $0.last })
        }
    }

    /// The error of `GET path` decoded as `Response` when the fixture server answers `status` with `body`.
    func answer<Response: Decodable & Sendable>(
        _ status: Int, _ body: String, contentType: String = "application/json", as type: Response.Type,
        path: String = "/api/scenario", decoder: JSONDecoder = JSONDecoder(), headers: [String: String] = [:]
    ) async -> (APIError, ExchangeReport?) {
        fixture.inject(
            .status(status, body: Data(body.utf8), headers: ["Content-Type": contentType]), path: path, times: nil)
        return await failure(Endpoint<Response>(.path(String(path.dropFirst())))) {
            client(decoder: decoder, headers: headers, reports: $0)
        }
    }
}

// MARK: - Models a learner writes

/// A movie with camelCase properties, as a learner writes it for TMDB.
struct ScenarioMovie: Decodable, Sendable {
    let id: Int
    let title: String
    let releaseDate: String
}

/// A movie whose `CodingKeys` spell the JSON's snake_case keys, as a learner writes it after reading about
/// `CodingKeys`, then also sets `.convertFromSnakeCase`.
struct ScenarioCodedMovie: Decodable, Sendable {
    let id: Int
    let title: String
    let releaseDate: String

    enum CodingKeys: String, CodingKey {
        case id, title
        case releaseDate = "release_date"
    }
}

/// A product with a price the server sends as a string.
struct ScenarioProduct: Decodable, Sendable {
    let name: String
    let price: Double
}

/// An event with a `Date` and no date strategy.
struct ScenarioEvent: Decodable, Sendable {
    let name: String
    let released: Date
}

/// One chunk of a streamed chat completion.
struct ScenarioChunk: Decodable, Sendable {
    let id: String
}

/// A user whose nickname the server may leave out.
struct ScenarioUser: Decodable, Sendable {
    let id: Int
    let nickname: String
}

enum MessageScenarios {
    /// `api_key` in the query and a password in the URL: neither may appear in any message.
    static let queryKey = "KEY-SECRET-0451"
    static let password = "PW-SECRET-1984"

    static let all: [MessageScenario] = transport + http + decoding + other

    static let transport: [MessageScenario] = [
        MessageScenario(kind: "Transport", mistake: "The server is not running, or the port is wrong") { servers in
            await servers.failure(Endpoint<Data>("menu")) { servers.client(servers.closedPort, reports: $0) }
        },
        MessageScenario(kind: "Transport", mistake: "A host name that does not exist") { servers in
            // `.invalid` never resolves (RFC 2606), on any network.
            await servers.failure(Endpoint<Data>("menu")) {
                servers.client(URL(string: "http://restaurant-server.invalid:8090/")!, reports: $0)
            }
        },
        MessageScenario(kind: "Transport", mistake: "An API key in the query and a password in the URL, port closed") {
            servers in
            var components = URLComponents(url: servers.closedPort, resolvingAgainstBaseURL: false)!
            components.user = "learner"
            components.password = password
            let base = components.url!
            let endpoint = Endpoint<Data>("search", query: [URLQueryItem(name: "api_key", value: queryKey)])
            return await servers.failure(endpoint) {
                servers.client(base, reports: $0)
            }
        },
        MessageScenario(kind: "Transport", mistake: "`https://` to a plain-HTTP server that waits", runsAlongside: true)
        {
            servers in
            var components = URLComponents(url: servers.fixture.baseURL, resolvingAgainstBaseURL: false)!
            components.scheme = "https"
            return await servers.failure(Endpoint<Data>("categories")) {
                servers.client(components.url!, timeout: 1, reports: $0)
            }
        },
        MessageScenario(kind: "Transport", mistake: "`https://` to a server that answers in plain HTTP") { servers in
            var components = URLComponents(url: servers.plainAnswer, resolvingAgainstBaseURL: false)!
            components.scheme = "https"
            return await servers.failure(Endpoint<Data>("categories")) {
                servers.client(components.url!, timeout: 5, reports: $0)
            }
        },
        MessageScenario(kind: "Transport", mistake: "The server closes the connection before answering") {
            servers in
            servers.fixture.inject(.closeBeforeResponse, path: "/categories", times: nil)
            return await servers.failure(Endpoint<Data>("categories")) { servers.client(reports: $0) }
        },
        MessageScenario(kind: "Transport", mistake: "The body is cut short") { servers in
            servers.fixture.inject(.truncatedBody, path: "/categories", times: nil)
            return await servers.failure(Endpoint<Data>("categories")) { servers.client(reports: $0) }
        },
        MessageScenario(kind: "Transport", mistake: "The server is too slow (a 1 s timeout)", runsAlongside: true) {
            _ in
            // A fixture server of its own (its fault meets no other scenario's request), so that its wait
            // can overlap the others'.
            let slow = FixtureServer()
            try slow.start()
            defer { slow.stop() }
            slow.inject(.delay(3), path: "/categories", times: nil)
            let servers = MessageScenarioServers(fixture: slow, closedPort: slow.baseURL, plainAnswer: slow.baseURL)
            return await servers.failure(Endpoint<Data>("categories")) { servers.client(timeout: 1, reports: $0) }
        },
    ]

    static let http: [MessageScenario] = [
        MessageScenario(kind: "HTTP", mistake: "A wrong path (404 with the server's `error`)") { servers in
            await servers.failure(Endpoint<Data>("api/no-such-route")) { servers.client(reports: $0) }
        },
        MessageScenario(kind: "HTTP", mistake: "A TMDB-style 401: the API key is missing or wrong") { servers in
            await servers.answer(
                401,
                #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#,
                as: Data.self)
        },
        MessageScenario(kind: "HTTP", mistake: "A 401 to a request that carried a token") { servers in
            await servers.answer(
                401, #"{"success":false,"message":"Not authorized"}"#, as: Data.self,
                headers: ["Authorization": "Bearer TOKEN-SECRET-77"])
        },
        MessageScenario(kind: "HTTP", mistake: "A 422 in RFC 9457 problem+json") { servers in
            await servers.answer(
                422, #"{"type":"about:blank","title":"Invalid field","detail":"email must contain @","status":422}"#,
                contentType: "application/problem+json", as: Data.self)
        },
        MessageScenario(kind: "HTTP", mistake: "A 400 with `errors[0].message`") { servers in
            await servers.answer(400, #"{"errors":[{"message":"query must not be empty"}]}"#, as: Data.self)
        },
        MessageScenario(kind: "HTTP", mistake: "A 429 with `Retry-After: 30` (a rate limit)") { servers in
            let body = Data(#"{"error":{"message":"Rate limit reached for requests"}}"#.utf8)
            servers.fixture.inject(
                .status(429, body: body, headers: ["Content-Type": "application/json", "Retry-After": "30"]),
                path: "/api/scenario", times: nil)
            return await servers.failure(Endpoint<Data>("api/scenario")) { servers.client(reports: $0) }
        },
        MessageScenario(kind: "HTTP", mistake: "An HTML 500 from the server or a proxy") { servers in
            servers.fixture.inject(.html500, path: "/categories", times: nil)
            return await servers.failure(Endpoint<Data>("categories")) { servers.client(reports: $0) }
        },
    ]

    static let decoding: [MessageScenario] = [
        MessageScenario(kind: "Decoding", mistake: "snake_case keys, camelCase properties") { servers in
            await servers.answer(
                200, #"{"id":1,"title":"Alien","release_date":"1979-05-25"}"#, as: ScenarioMovie.self)
        },
        MessageScenario(kind: "Decoding", mistake: "`.convertFromSnakeCase` and snake_case `CodingKeys`") { servers in
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return await servers.answer(
                200, #"{"id":1,"title":"Alien","release_date":"1979-05-25"}"#, as: ScenarioCodedMovie.self,
                decoder: decoder)
        },
        MessageScenario(kind: "Decoding", mistake: "An array wrapped in an object (`{\"results\": [...]}`)") {
            servers in
            await servers.answer(200, #"{"page":1,"results":[{"id":1}],"total_pages":1}"#, as: [ScenarioMovie].self)
        },
        MessageScenario(kind: "Decoding", mistake: "A key the server leaves out") { servers in
            await servers.answer(200, #"{"id":7}"#, as: ScenarioUser.self)
        },
        MessageScenario(kind: "Decoding", mistake: "A null where the model has no optional") { servers in
            await servers.answer(200, #"{"id":7,"nickname":null}"#, as: ScenarioUser.self)
        },
        MessageScenario(kind: "Decoding", mistake: "A number sent as a string") { servers in
            await servers.answer(200, #"{"name":"Tea","price":"2.50"}"#, as: ScenarioProduct.self)
        },
        MessageScenario(kind: "Decoding", mistake: "An ISO-8601 date and no date strategy") { servers in
            await servers.answer(200, #"{"name":"Launch","released":"2024-05-01T10:00:00Z"}"#, as: ScenarioEvent.self)
        },
        MessageScenario(kind: "Decoding", mistake: "A `yyyy-MM-dd` date read with `.iso8601`") { servers in
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return await servers.answer(
                200, #"{"name":"Launch","released":"2024-05-01"}"#, as: ScenarioEvent.self, decoder: decoder)
        },
        MessageScenario(kind: "Decoding", mistake: "An HTML page with status 200 (a wrong base URL)") { servers in
            await servers.answer(
                200,
                "<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head><body><h1>Welcome to nginx!</h1>"
                    + "<p>If you see this page, the web server is working.</p></body></html>",
                contentType: "text/html", as: ScenarioMovie.self)
        },
        MessageScenario(kind: "Decoding", mistake: "An empty 200 where JSON was expected") { servers in
            servers.fixture.inject(.emptyOK, path: "/categories", times: nil)
            return await servers.failure(Endpoint<ScenarioUser>("categories")) { servers.client(reports: $0) }
        },
    ]
}

extension MessageScenarios {
    static let other: [MessageScenario] = [
        MessageScenario(kind: "Other", mistake: "The device is offline") { servers in
            await servers.failure(Endpoint<Data>("categories")) { reports in
                let options = APIClient.Options(
                    retryPolicy: .never, connectivity: FakeConnectivity(online: false),
                    resultObserver: { report in reports.withLock { $0.append(report) } })
                return APIClient(baseURL: servers.fixture.baseURL, options: options)
            }
        },
        MessageScenario(kind: "Other", mistake: "A base URL without `http://` (`localhost:8090/`)") { servers in
            let base = URL(string: "localhost:\(servers.fixture.port)/")!
            return await servers.failure(Endpoint<Data>("categories")) { servers.client(base, reports: $0) }
        },
        MessageScenario(kind: "Other", mistake: "A call that needs a token before logging in") { servers in
            await servers.failure(Endpoint<Data>("api/products").requiringAuthorization()) {
                servers.client(reports: $0)
            }
        },
        MessageScenario(kind: "Other", mistake: "A body that cannot be encoded (`Double.nan`)") { servers in
            await servers.failure(Endpoint<Void>(method: .post, "order").body(["price": Double.nan])) {
                servers.client(reports: $0)
            }
        },
        MessageScenario(kind: "Other", mistake: "A download cut halfway", inTable: false) { servers in
            let destination = FileManager.default.temporaryDirectory
                .appendingPathComponent("message-scenario-\(UUID().uuidString).bin")
            defer { try? FileManager.default.removeItem(at: destination) }
            let endpoint = Endpoint<Data>("files/2000", query: [URLQueryItem(name: "cut", value: "1")])
                .downloading(to: destination)
            return await servers.failure(endpoint) { servers.client(reports: $0) }
        },
        MessageScenario(kind: "Other", mistake: "`events(for:)` on a route that answers JSON") { servers in
            await servers.streamFailure(Endpoint<Void>("categories"), decoding: [String].self)
        },
        MessageScenario(kind: "Other", mistake: "A chat stream that sends an `error` event (decoded)") { servers in
            servers.fixture.inject(
                .eventStreamError(message: "The model is overloaded"), path: "/v1/chat/completions", times: nil)
            let chat = Endpoint<Void>(method: .post, "v1/chat/completions").body(
                Data(#"{"messages":[{"role":"user","content":"Hi"}],"stream":true}"#.utf8),
                contentType: "application/json")
            return await servers.streamFailure(chat, decoding: ScenarioChunk.self)
        },
        MessageScenario(kind: "Other", mistake: "A wrong password (the server says so in a 200)") { servers in
            let accounts = AccountController(
                baseURL: URL(string: "api/", relativeTo: servers.fixture.baseURL)!.absoluteURL,
                session: APIClient.makeSession(configuration: .ephemeral))
            do throws(APIError) {
                _ = try await accounts.logIn(email: "nobody@example.com", password: "wrong-password")
                return (.invalidRequest("the scenario succeeded"), nil)
            } catch {
                return (error, nil)
            }
        },
    ]
}

extension DecodingFailure {
    /// The failure's facts as one text for `contains` checks: its status, its problem (with the coding
    /// path, the key, what was expected and found) and its fix.
    var facts: String {
        "\(status.map(String.init) ?? "-") \(problem) \(fix.map { "\($0)" } ?? "no fix")"
    }
}
