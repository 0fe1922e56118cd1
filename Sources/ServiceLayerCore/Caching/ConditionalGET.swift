import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `GET` that goes through a ``ResponseCache``: adds the kept validators to the request, answers
/// from a fresh entry, and turns the network's outcome (200 or 304) into the caller's.
///
/// The cache is shared by every user of the app (and, on disk, by every process), so it keeps only
/// what a shared cache may (RFC 9111 §3, §4.1, §4.3.4):
/// - a request carrying `Authorization` is never cached; one carrying another identity-bearing header
///   (`Cookie`, `Proxy-Authorization`, `X-API-Key`, `X-Auth-Token`, ... — ``Redaction/secretHeaders``)
///   has entries of its own, keyed by a digest of those headers;
/// - an answer marked `private` or `no-store`, or with `Vary: *`, is never stored; one with `Vary` is
///   reused only for a request with the same values of the listed headers;
/// - an answer that came from a redirect is not stored under the URL asked for;
/// - a 304 whose validators differ from the kept answer's is not taken for it: the entry is dropped
///   and the call fails with that 304 as ``APIError/httpStatus(code:body:)`` (the next call fetches anew);
/// - an answer that does not decode is dropped, so it is not served again as an error.
///
/// A class: the step is 150 bytes, and a try's end (`EndedTry`) carries it to the reading; by reference,
/// a call without a cache carries 8 bytes for it, not 150 (see BENCHMARKS.md, "Issue 57").
final class ConditionalGET: Sendable {
    let cache: ResponseCache
    let key: String
    /// The URL asked for; an answer from another URL (a redirect) is not stored under it.
    let url: URL
    /// The request's headers by lowercased name, for the answer's `Vary`.
    let requestHeaders: [String: String]
    /// The entry kept when the call started, if it fits this request's `Vary` values.
    let kept: ResponseCache.Entry?

    private init(
        cache: ResponseCache, key: String, url: URL, requestHeaders: [String: String], kept: ResponseCache.Entry?
    ) {
        self.cache = cache
        self.key = key
        self.url = url
        self.requestHeaders = requestHeaders
        self.kept = kept
    }

    /// Where an entry is read from disk: never the caller's thread, which may be the main thread.
    private static let diskQueue = DispatchQueue(label: "ServiceLayer.ResponseCache.disk", attributes: .concurrent)

    /// Whether the request carries the kept validators (so a 304 is expected and welcome).
    var isConditional: Bool { kept?.hasValidators ?? false }

    /// Does the cache step of `request`, then calls `proceed` with the request (with `If-None-Match` /
    /// `If-Modified-Since` from the kept entry) and the step, nil when the call must not use a cache:
    /// no cache, not a `GET`, or an `Authorization` header. `proceed` runs at once when the entry is in
    /// memory (or there is no disk tier), else on a background queue after the entry is read from disk.
    static func prepare(
        _ request: URLRequest, cache: ResponseCache?,
        then proceed: @escaping @Sendable (URLRequest, ConditionalGET?) -> Void
    ) {
        guard let cache, request.httpMethod == "GET", let url = request.url,
            request.value(forHTTPHeaderField: "Authorization") == nil
        else { return proceed(request, nil) }
        let key = Self.key(url: url, request: request)
        if let inMemory = cache.memoryEntry(for: key) {
            make(request, cache: cache, key: key, url: url, kept: inMemory, then: proceed)
        } else if cache.isMemoryOnly {
            make(request, cache: cache, key: key, url: url, kept: nil, then: proceed)
        } else {
            diskQueue.async {
                make(request, cache: cache, key: key, url: url, kept: cache.entry(for: key), then: proceed)
            }
        }
    }

    private static func make(
        _ request: URLRequest, cache: ResponseCache, key: String, url: URL, kept: ResponseCache.Entry?,
        then proceed: @Sendable (URLRequest, ConditionalGET?) -> Void
    ) {
        var request = request
        var headers: [String: String] = [:]
        for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name.lowercased()] = value }
        let fitting = kept.flatMap { $0.variant == variant(names: $0.varyNames, headers: headers) ? $0 : nil }
        if let fitting, !fitting.isFresh {
            if let etag = fitting.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let date = fitting.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        }
        proceed(request, ConditionalGET(cache: cache, key: key, url: url, requestHeaders: headers, kept: fitting))
    }

    /// The URL, and a digest of the identity-bearing headers when there are any: each user's entries apart.
    static func key(url: URL, request: URLRequest) -> String {
        let identity = (request.allHTTPHeaderFields ?? [:])
            .filter { Redaction.secretHeaders.contains($0.key.lowercased()) }
            .map { "\($0.key.lowercased()): \($0.value)" }.sorted()
        return identity.isEmpty
            ? url.absoluteString : url.absoluteString + " " + SHA256.hex(identity.joined(separator: "\n"))
    }

    /// A digest of the values of the headers `names` in `headers` (an absent header differs from an
    /// empty one): what an answer's `Vary` ties it to. Nil when the answer has no `Vary`.
    static func variant(names: [String], headers: [String: String]) -> String? {
        guard !names.isEmpty else { return nil }
        return SHA256.hex(
            names.map { name in headers[name].map { "\(name)=\($0)" } ?? "\(name)" }.joined(separator: "\n"))
    }

    /// The kept answer when it is still fresh, to use without a request (the client reports it as a
    /// cache hit).
    func freshAnswer(for request: URLRequest) -> (body: Data, response: HTTPURLResponse)? {
        guard let kept, kept.isFresh, let url = request.url else { return nil }
        return (body: kept.body, response: Self.response(url: url, for: kept))
    }

    /// The caller's outcome: a 304 matching the kept answer becomes the kept body; a 200 is stored when
    /// a shared cache may keep it (else what was kept is forgotten); anything else passes through.
    func settle(_ outcome: ExchangeOutcome) -> ExchangeOutcome {
        guard case .success(let (body, response)) = outcome else { return outcome }
        let control = CacheControl(response.value(forHTTPHeaderField: "Cache-Control"))
        if response.statusCode == 304 {
            guard var kept, Self.validatorsMatch(response, kept) else {
                cache.remove(key)
                return .failure(.httpStatus(code: 304, body: APIError.Body(data: body, url: response.url)))
            }
            kept.storedAt = Date()
            if response.value(forHTTPHeaderField: "Cache-Control") != nil { kept.freshFor = control.freshFor(response) }
            kept.etag = response.value(forHTTPHeaderField: "ETag") ?? kept.etag
            kept.lastModified = response.value(forHTTPHeaderField: "Last-Modified") ?? kept.lastModified
            if control.noStore || control.isPrivate { cache.remove(key) } else { cache.store(kept, for: key) }
            return .success((kept.body, Self.response(url: response.url, for: kept)))
        }
        guard response.statusCode == 200 else { return outcome }
        let varyNames = VaryHeader.names(response.value(forHTTPHeaderField: "Vary"))
        let entry = ResponseCache.Entry(
            etag: response.value(forHTTPHeaderField: "ETag"),
            lastModified: response.value(forHTTPHeaderField: "Last-Modified"),
            contentType: response.value(forHTTPHeaderField: "Content-Type"), body: body, storedAt: Date(),
            freshFor: control.freshFor(response), varyNames: varyNames ?? [],
            variant: varyNames.flatMap { Self.variant(names: $0, headers: requestHeaders) })
        let storable =
            !control.noStore && !control.isPrivate && varyNames != nil && response.url == url
            && (entry.hasValidators || entry.freshFor > 0)
        if storable { cache.store(entry, for: key) } else { cache.remove(key) }
        return outcome
    }

    /// `result` as it is; when it is a decoding failure the entry is forgotten, so that an answer the
    /// app cannot read is fetched again next time rather than served again as the same error.
    func forgettingUndecodable<Value>(_ result: Result<Value, APIError>) -> Result<Value, APIError> {
        if case .failure(.decoding) = result { cache.remove(key) }
        return result
    }

    /// Whether a 304 stands for `kept`: its `ETag` (compared weakly) or, without one, its
    /// `Last-Modified` is the kept one, or it names no validator at all (RFC 9111 §4.3.4).
    private static func validatorsMatch(_ response: HTTPURLResponse, _ kept: ResponseCache.Entry) -> Bool {
        if let etag = response.value(forHTTPHeaderField: "ETag") {
            return kept.etag.map { weak($0) == weak(etag) } ?? false
        }
        if let date = response.value(forHTTPHeaderField: "Last-Modified") { return kept.lastModified == date }
        return true
    }

    private static func weak(_ etag: String) -> String {
        let trimmed = etag.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
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
