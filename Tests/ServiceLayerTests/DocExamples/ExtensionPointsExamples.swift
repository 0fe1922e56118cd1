import Foundation
import ServiceLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The examples of the article "Extension points", one per seam, compiled here (the tests of each seam
// are in Tests/ServiceLayerTests/Seams, Core and Policies).

enum ExtensionPointsExamples {
    static let baseURL = URL(string: "http://127.0.0.1:8090/")!

    /// Request hook: a header computed per request.
    static func requestHook() -> APIClient.Options {
        let hook = RequestHook { request in
            request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
        }
        return APIClient.Options(requestHook: hook)
    }

    /// Result observer: one report per finished exchange.
    static func resultObserver() -> APIClient.Options {
        APIClient.Options(resultObserver: { report in
            print(report.response?.statusCode ?? 0, report.duration)
        })
    }

    /// Authenticator: how a credential is put on a request and renewed.
    struct APIKeyAuthenticator: Authenticator {
        let key: String
        var credential: String? { key }
        func apply(_ credential: String, to request: inout URLRequest) {
            request.setValue(credential, forHTTPHeaderField: "X-API-Key")
        }
        func refresh(_ credential: String, with client: APIClient) async throws(APIError) -> String {
            throw .notAuthenticated  // a key cannot be renewed: the call fails
        }
        func invalidate(_ credential: String) {}
    }

    static func authenticator() -> APIClient {
        APIClient(baseURL: baseURL, authenticator: APIKeyAuthenticator(key: "secret"))
    }

    /// Token store: where the accounts' tokens are kept.
    @MainActor static func tokenStore() -> AccountController {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tokens.json")
        return AccountController(baseURL: baseURL, tokenStore: FileTokenStore(url: file))
    }

    /// Retry policy: how often and how long a transient failure is retried.
    static func retryPolicy() -> APIClient.Options {
        APIClient.Options(retryPolicy: RetryPolicy(maxRetries: 4, baseDelay: 1))
    }

    /// Cache: a conditional-GET cache for every GET.
    static func cache() -> APIClient.Options {
        APIClient.Options(responseCache: ResponseCache(byteLimit: 4 * 1024 * 1024))
    }

    /// Connectivity: what the client asks before every send.
    struct AlwaysOnline: ConnectivitySource {
        var isOnline: Bool { true }
    }

    static func connectivity() -> APIClient.Options {
        APIClient.Options(connectivity: AlwaysOnline())
    }

    /// Logger: one redacted line per request.
    static func logger() -> APIClient.Options {
        APIClient.Options(logger: { line in print(line) })
    }

    /// Decoder: how response bodies are decoded.
    static func decoder() -> APIClient.Options {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return APIClient.Options(decoder: decoder)
    }

    /// Session: the URLSession every request goes through.
    static func session() -> APIClient {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 10
        return APIClient(baseURL: baseURL, session: APIClient.makeSession(configuration: configuration))
    }
}
