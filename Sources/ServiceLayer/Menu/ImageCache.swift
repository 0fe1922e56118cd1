import Foundation

/// A small in-memory cache of downloaded images, keyed by URL, that holds at most a number of bytes
/// and forgets the least recently used images first.
///
/// It is safe to use from any thread (one lock guards it). It is deliberately simple: evicting
/// scans the entries, which is fine for the tens or hundreds of pictures a menu shows. (`NSCache`
/// would do on Apple platforms, but evicts differently on Linux; this behaves the same everywhere.)
public final class ImageCache: Sendable {
    private struct Entry {
        var data: Data
        var lastUse: UInt64
    }

    private struct State {
        var entries: [URL: Entry] = [:]
        var totalBytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes the cache holds; an image larger than this is never cached.
    public let byteLimit: Int
    private let state = Locked(State())

    /// Creates an empty cache.
    /// - Parameter byteLimit: The most bytes to hold; 20 MB (`20 * 1024 * 1024`) by default. 0 turns
    ///   caching off.
    public init(byteLimit: Int = 20 * 1024 * 1024) {
        self.byteLimit = max(0, byteLimit)
    }

    /// The image stored for `url`, marking it as recently used; `nil` when it is not cached.
    /// - Parameter url: The image's URL.
    public func data(for url: URL) -> Data? {
        state.withLock { state in
            guard var entry = state.entries[url] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[url] = entry
            return entry.data
        }
    }

    /// Stores `data` for `url` (replacing any earlier image), then evicts the least recently used
    /// images until the cache is within ``byteLimit``. Data larger than the limit is not stored.
    /// - Parameters:
    ///   - data: The image's bytes.
    ///   - url: The image's URL.
    public func insert(_ data: Data, for url: URL) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: url) { state.totalBytes -= old.data.count }
            guard data.count <= byteLimit else { return }
            state.clock += 1
            state.entries[url] = Entry(data: data, lastUse: state.clock)
            state.totalBytes += data.count
            while state.totalBytes > byteLimit,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.totalBytes -= oldest.value.data.count
            }
        }
    }

    /// Forgets the image stored for `url`, if any.
    /// - Parameter url: The image's URL.
    public func removeData(for url: URL) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: url) { state.totalBytes -= old.data.count }
        }
    }

    /// Forgets every image (for example on a memory warning).
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// How many images are cached.
    public var count: Int {
        state.withLock { $0.entries.count }
    }

    /// How many bytes the cached images take together.
    public var totalBytes: Int {
        state.withLock { $0.totalBytes }
    }
}
