import Foundation

/// A small in-memory cache of downloaded images, keyed by URL, that holds at most a number of bytes
/// and forgets the least recently used images first.
///
/// It is safe to use from any thread (one lock guards it). It is deliberately simple: evicting
/// scans the entries, which is fine for the tens or hundreds of pictures a menu shows. (`NSCache`
/// would do on Apple platforms, but evicts differently on Linux; this behaves the same everywhere,
/// and the same as the memory tier of ``ResponseCache``.)
public final class ImageCache: Sendable {
    /// The most bytes the cache holds; an image larger than this is never cached.
    public var byteLimit: Int { images.byteLimit }
    private let images: ByteLimitedLRU<URL, Data>

    /// The limit a cache has unless told otherwise, here and in ``MenuController``: 20 MB
    /// (`20 * 1024 * 1024`).
    public static let defaultByteLimit = 20 * 1024 * 1024

    /// Creates an empty cache.
    /// - Parameter byteLimit: The most bytes to hold; ``defaultByteLimit`` (20 MB) by default. 0 turns
    ///   caching off.
    public init(byteLimit: Int = defaultByteLimit) {
        images = ByteLimitedLRU(byteLimit: byteLimit) { $0.count }
    }

    /// The image stored for `url`, marking it as recently used; `nil` when it is not cached.
    /// - Parameter url: The image's URL.
    public func data(for url: URL) -> Data? {
        images.value(for: url)
    }

    /// Stores `data` for `url` (replacing any earlier image), then evicts the least recently used
    /// images until the cache is within ``byteLimit``. Data larger than the limit is not stored.
    /// - Parameters:
    ///   - data: The image's bytes.
    ///   - url: The image's URL.
    public func insert(_ data: Data, for url: URL) {
        images.insert(data, for: url)
    }

    /// Forgets the image stored for `url`, if any.
    /// - Parameter url: The image's URL.
    public func removeData(for url: URL) {
        images.removeValue(for: url)
    }

    /// Forgets every image (for example on a memory warning).
    public func removeAll() {
        images.removeAll()
    }

    /// How many images are cached.
    public var count: Int { images.count }

    /// How many bytes the cached images take together.
    public var totalBytes: Int { images.totalBytes }
}
