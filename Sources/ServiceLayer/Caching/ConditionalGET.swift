import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `GET` that goes through a ``ResponseCache``: adds the kept validators to the request, answers
/// from a fresh entry, and turns the network's outcome (200 or 304) into the caller's.
struct ConditionalGET: Sendable {
    let cache: ResponseCache
    let key: String
    /// The entry kept when the call started.
    let kept: ResponseCache.Entry?

    /// Whether the request carries the kept validators (so a 304 is expected and welcome).
    var isConditional: Bool { kept?.hasValidators ?? false }

    /// The cache step of `request`, adding `If-None-Match` / `If-Modified-Since` from the kept entry;
    /// nil when the call must not use a cache: no cache, not a `GET`, or an `Authorization` header.
    static func prepare(_ request: inout URLRequest, cache: ResponseCache?) -> ConditionalGET? {
        guard let cache, request.httpMethod == "GET", let url = request.url,
            request.value(forHTTPHeaderField: "Authorization") == nil
        else { return nil }
        let key = url.absoluteString
        let kept = cache.entry(for: key)
        if let kept, !kept.isFresh {
            if let etag = kept.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let date = kept.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        }
        return ConditionalGET(cache: cache, key: key, kept: kept)
    }

    /// The kept answer when it is still fresh, to use without a request (the client reports it as a
    /// cache hit).
    func freshAnswer(for request: URLRequest) -> (body: Data, response: HTTPURLResponse)? {
        guard let kept, kept.isFresh, let url = request.url else { return nil }
        return (body: kept.body, response: Self.response(url: url, for: kept))
    }

    /// The caller's outcome: a 304 becomes the kept body; a 200 is stored (or, with `no-store`, forgets
    /// what was kept); anything else passes through.
    func settle(_ outcome: Exchange.Outcome) -> Exchange.Outcome {
        guard case .success(let (body, response)) = outcome else { return outcome }
        let control = CacheControl(response.value(forHTTPHeaderField: "Cache-Control"))
        if response.statusCode == 304, var kept {
            kept.storedAt = Date()
            if response.value(forHTTPHeaderField: "Cache-Control") != nil { kept.freshFor = control.freshFor(response) }
            kept.etag = response.value(forHTTPHeaderField: "ETag") ?? kept.etag
            kept.lastModified = response.value(forHTTPHeaderField: "Last-Modified") ?? kept.lastModified
            if control.noStore { cache.remove(key) } else { cache.store(kept, for: key) }
            return .success((kept.body, Self.response(url: response.url, for: kept)))
        }
        guard response.statusCode == 200 else { return outcome }
        let entry = ResponseCache.Entry(
            etag: response.value(forHTTPHeaderField: "ETag"),
            lastModified: response.value(forHTTPHeaderField: "Last-Modified"),
            contentType: response.value(forHTTPHeaderField: "Content-Type"), body: body, storedAt: Date(),
            freshFor: control.freshFor(response))
        if control.noStore || !(entry.hasValidators || entry.freshFor > 0) {
            cache.remove(key)
        } else {
            cache.store(entry, for: key)
        }
        return outcome
    }

    /// A 200 response standing for a kept answer (the decoder only needs its status and URL).
    private static func response(url: URL?, for entry: ResponseCache.Entry) -> HTTPURLResponse {
        var fields: [String: String] = [:]
        fields["Content-Type"] = entry.contentType
        fields["ETag"] = entry.etag
        fields["Last-Modified"] = entry.lastModified
        let url = url ?? URL(string: "about:blank")!
        return HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields)!
    }
}

/// The `Cache-Control` directives a private cache acts on (RFC 9111 §5.2.2).
struct CacheControl: Sendable {
    var noStore = false
    var noCache = false
    var maxAge: TimeInterval?

    init(_ header: String?) {
        for directive in (header ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            switch parts.first {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age":
                let value = parts.count > 1 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
                maxAge = TimeInterval(value).map { max(0, $0) }
            default: break
            }
        }
    }

    /// Seconds an answer stays fresh: `max-age` minus the response's `Age`, 0 with `no-cache` or without `max-age`.
    func freshFor(_ response: HTTPURLResponse) -> TimeInterval {
        guard !noCache, let maxAge else { return 0 }
        let age = response.value(forHTTPHeaderField: "Age").flatMap { TimeInterval($0) } ?? 0
        return max(0, maxAge - age)
    }
}
