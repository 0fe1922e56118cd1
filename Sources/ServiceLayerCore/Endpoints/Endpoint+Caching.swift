import Foundation

// MARK: - Choosing a response cache

/// Which ``ResponseCache`` an endpoint's `GET` goes through.
enum ResponseCacheChoice: Sendable {
    /// The client's ``APIClient/Options/responseCache`` (none by default).
    case client
    /// This cache, whatever the client's.
    case cache(ResponseCache)
    /// No cache.
    case none

    /// The cache to use given the client's.
    func resolve(_ clientCache: ResponseCache?) -> ResponseCache? {
        switch self {
        case .client: return clientCache
        case .cache(let cache): return cache
        case .none: return nil
        }
    }
}

extension Endpoint {
    /// A copy of this endpoint whose `GET`s go through `cache` (kept validators, 304s answered from
    /// the kept body, fresh answers without a request), whether or not the client has a cache. A
    /// request that carries `Authorization` is never cached.
    /// - Parameter cache: The cache to use.
    public func cached(in cache: ResponseCache) -> Endpoint {
        var copy = self
        copy.extras.responseCacheChoice = .cache(cache)
        return copy
    }

    /// A copy of this endpoint that never goes through a ``ResponseCache``, even when the client has one.
    public func uncached() -> Endpoint {
        var copy = self
        copy.extras.responseCacheChoice = .none
        return copy
    }
}
