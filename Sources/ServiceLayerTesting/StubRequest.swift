import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request as a ``URLStub`` saw it.
public struct StubRequest: Sendable {
    /// The request as URLSession handed it to the stub (its `httpBody` is usually `nil`: see ``body``).
    public let request: URLRequest
    /// The body, read from `httpBody` or from `httpBodyStream` (URLSession moves a body into the
    /// stream before a `URLProtocol` sees it, on Linux always); `nil` for a request without one.
    public let body: Data?
    /// When the stub received it (monotonic clock).
    public let time: DispatchTime

    /// Records `request`, reading its body.
    public init(_ request: URLRequest, time: DispatchTime = .now()) {
        self.request = request
        self.body = Self.readBody(of: request)
        self.time = time
    }

    /// The HTTP method; `"GET"` when the request names none.
    public var method: String { request.httpMethod?.uppercased() ?? "GET" }
    /// The request's URL.
    public var url: URL? { request.url }
    /// The URL's path (`"/menu"`), percent-decoded; `""` without a URL.
    public var path: String { url?.path ?? "" }
    /// The URL's query items by name (the last one wins), percent-decoded.
    public var query: [String: String] {
        guard let url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else {
            return [:]
        }
        return Dictionary(items.map { ($0.name, $0.value ?? "") }) { _, last in last }
    }
    /// Every header field the request carries.
    public var headers: [String: String] { request.allHTTPHeaderFields ?? [:] }
    /// The value of the header `name` (compared without regard to case), or `nil`.
    public func header(_ name: String) -> String? { request.value(forHTTPHeaderField: name) }
    /// The body as UTF-8 text, or `nil` without a body.
    public var bodyText: String? { body.map { String(decoding: $0, as: UTF8.self) } }

    private static func readBody(of request: URLRequest) -> Data? {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return nil }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
