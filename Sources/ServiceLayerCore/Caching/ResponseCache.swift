import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A conditional-GET cache for JSON answers, the same on Linux and Apple platforms (URLSession's own
/// cache is off: on Linux it never revalidates).
///
/// Turn it on for a client with ``APIClient/Options/responseCache``, or for one endpoint with
/// ``Endpoint/cached(in:)``:
///
/// ```swift
/// var options = APIClient.Options()
/// options.responseCache = ResponseCache()             // memory only
/// let menu = MenuController(baseURL: url, options: options)
/// ```
///
/// For each `GET` URL it keeps the body with its `ETag` / `Last-Modified`. The next `GET` of that URL
/// sends `If-None-Match` / `If-Modified-Since`; a `304 Not Modified` is answered with the kept body,
/// decoded as usual. An answer that is still fresh (`Cache-Control: max-age`) is used without any
/// request. It does no heuristic freshness: an answer without a valid `max-age` is always revalidated.
/// The log line of each call says `cache: hit`, `cache: revalidated` or `cache: miss`.
///
/// One cache may serve every user of the app (and, with a directory, every process), so it keeps only
/// what a shared cache may (RFC 9111):
/// - a request carrying `Authorization` is never cached; requests carrying another identity-bearing
///   header (`Cookie`, `Proxy-Authorization`, `X-API-Key`, `X-Auth-Token`, ...) get entries of their
///   own, one per value, so one user's answer never reaches another;
/// - an answer marked `Cache-Control: private` or `no-store`, or with `Vary: *`, is never stored; an
///   answer with `Vary` is reused only for a request with the same values of the headers it lists (one
///   variant per URL is kept);
/// - an answer that came through a redirect is not stored under the URL asked for;
/// - `max-age` and `Age` are read by RFC 9111's grammar (digits only: `inf`, `1e3`, `0x10`, a negative
///   `Age` count as invalid, and an invalid value never makes an answer fresh);
/// - a `304` whose `ETag` (or `Last-Modified`) differs from the kept answer's is not taken for it: the
///   entry is dropped and the call fails with that 304 as ``APIError/httpStatus(code:body:)``; the
///   next call fetches the answer in full;
/// - an answer that does not decode is dropped, so it is fetched again rather than served again as the
///   same error.
///
/// On disk, files are `0600` in a directory the cache creates `0700`, named by and holding a SHA-256
/// digest of their URL (never the URL, which may carry a token); only regular files of this user are
/// read, never through a symlink, never more than ``byteLimit`` bytes; an entry is read from disk off
/// the caller's thread. Bodies are stored as the server sent them: keep the directory in the user's
/// own caches directory.
public final class ResponseCache: Sendable {
    /// One kept answer.
    struct Entry: Codable, Sendable {
        var etag: String?
        var lastModified: String?
        var contentType: String?
        var body: Data
        /// When the answer was received or last revalidated.
        var storedAt: Date
        /// Seconds it stays fresh after `storedAt`; 0 means revalidate every time.
        var freshFor: TimeInterval
        /// The request headers the answer's `Vary` lists (lowercased, sorted); empty without `Vary`.
        var varyNames: [String] = []
        /// A digest of the asking request's values of ``varyNames``; nil without `Vary`.
        var variant: String?

        var isFresh: Bool { freshFor > 0 && Date().timeIntervalSince(storedAt) < freshFor }
        var hasValidators: Bool { etag != nil || lastModified != nil }
    }

    /// The most body bytes kept in memory; the least recently used answers go first beyond it.
    public var byteLimit: Int { memory.byteLimit }
    private let memory: ByteLimitedLRU<String, Entry>
    private let disk: DiskStore?

    /// Creates an empty cache.
    /// - Parameters:
    ///   - directory: Where answers are also written, so they survive a relaunch; `nil` (memory only)
    ///     by default. Created on the first write.
    ///   - byteLimit: The most bytes kept in memory, and on disk when there is a directory (where it is
    ///     also the most read from one file); 10 MB by default.
    ///   - logger: Receives one line, once, if the directory cannot be written and the cache falls back
    ///     to memory only; `nil` (silent) by default.
    public init(directory: URL? = nil, byteLimit: Int = 10 * 1024 * 1024, logger: RequestLogger? = nil) {
        memory = ByteLimitedLRU(byteLimit: byteLimit) { $0.body.count }
        disk = directory.map { DiskStore(directory: $0, byteLimit: byteLimit, onFailure: logger) }
    }

    /// Forgets every kept answer, in memory and on disk.
    public func removeAll() {
        memory.removeAll()
        disk?.removeAll()
    }

    /// How many answers are kept in memory.
    public var count: Int { memory.count }

    /// Whether answers live in memory only: the cache has no directory, or gave up on it after a failed write.
    public var isMemoryOnly: Bool { disk?.isDisabled ?? true }

    // MARK: Entries

    /// The answer kept in memory for `key`, if any (a lock, no file).
    func memoryEntry(for key: String) -> Entry? {
        memory.value(for: key)
    }

    /// The answer kept for `key`, from memory or else from disk (one file of at most ``byteLimit``
    /// bytes: call it off the main thread, as `ConditionalGET.prepare` does).
    func entry(for key: String) -> Entry? {
        if let inMemory = memoryEntry(for: key) { return inMemory }
        guard let payload = disk?.data(for: key), let entry = try? JSONDecoder().decode(Entry.self, from: payload)
        else { return nil }
        memory.insert(entry, for: key)
        return entry
    }

    /// Keeps `entry` for `key`, in memory and on disk.
    func store(_ entry: Entry, for key: String) {
        memory.insert(entry, for: key)
        if let disk, let payload = try? JSONEncoder().encode(entry) { disk.store(payload, for: key) }
    }

    /// Forgets the answer kept for `key`.
    func remove(_ key: String) {
        memory.removeValue(for: key)
        disk?.remove(key)
    }
}
