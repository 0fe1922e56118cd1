import Foundation

/// Pictures kept on disk between launches, keyed by URL: the second tier behind ``ImageCache``.
///
/// Apple's book gives `URLCache.shared` 50 MB of disk so that pictures are not downloaded again at
/// every launch; this does the same job, the same way on Linux and Apple platforms:
///
/// ```swift
/// let pictures = DiskImageCache(directory: DiskImageCache.defaultDirectory())  // 50 MB
/// let menu = MenuController(baseURL: url, diskImageCache: pictures)
/// ```
///
/// - Each picture is one file named after a SHA-256 digest of its URL (the file holds the digest, never
///   the URL, which may carry a signature or token), created `0600` in a directory the cache creates
///   `0700`, written to a temporary file and renamed into place, so two controllers or two processes
///   sharing the directory never see half a file.
/// - A file that is truncated or corrupt is a miss, and is removed. Only a regular file owned by this
///   user and at most ``byteLimit`` bytes is read, never through a symlink: whatever else is planted at
///   a picture's name (another user's file, a link, a FIFO, a huge file) is a miss; a directory planted
///   there only keeps that one picture off the disk.
/// - After every write the directory is scanned and the least recently read pictures go first until it
///   holds at most ``byteLimit`` bytes, counting every instance's and process's files (and temporary
///   files; those of a writer that crashed are removed after 10 minutes).
/// - A picture is kept until it is evicted or removed: a picture's URL is taken to name one picture
///   (as ``ImageCache`` does), so a cached picture costs no request at all.
/// - When the directory cannot be created or written (read-only, full disk), the cache stops using the
///   disk and says so once through `logger`; the memory tier keeps working.
public final class DiskImageCache: Sendable {
    private let store: DiskStore

    /// The directory holding the pictures.
    public var directory: URL { store.directory }
    /// The most bytes the directory holds; the least recently read pictures are removed beyond it.
    public var byteLimit: Int { store.byteLimit }

    /// Creates a cache over `directory` (created on the first write).
    /// - Parameters:
    ///   - directory: Where the pictures live; ``defaultDirectory()`` for an app's caches directory.
    ///   - byteLimit: The most bytes kept on disk; 50 MB (`50 * 1024 * 1024`, the book's `URLCache`
    ///     disk size) by default.
    ///   - logger: Receives one line, once, if the disk cannot be written and the cache falls back to
    ///     memory only; `nil` (silent) by default. Pass the client's ``APIClient/Options/logger``.
    public init(directory: URL, byteLimit: Int = 50 * 1024 * 1024, logger: RequestLogger? = nil) {
        store = DiskStore(directory: directory, byteLimit: byteLimit, onFailure: logger)
    }

    /// `<caches directory>/ServiceLayer/Images`: the user's caches directory (`Library/Caches` on Apple
    /// platforms, `$XDG_CACHE_HOME` or `~/.cache` on Linux), which the system may empty when space runs low.
    public static func defaultDirectory() -> URL {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("ServiceLayer", isDirectory: true)
            .appendingPathComponent("Images", isDirectory: true)
    }

    /// The picture stored for `url`, marking it as recently used; `nil` when it is not on disk (or its
    /// file was unreadable or corrupt, in which case the file is removed).
    /// - Parameter url: The picture's URL.
    public func data(for url: URL) -> Data? {
        store.data(for: url.absoluteString)
    }

    /// Stores `data` for `url`, replacing any earlier picture, then removes the least recently used
    /// pictures beyond ``byteLimit``. A picture larger than the limit is not stored.
    /// - Parameters:
    ///   - data: The picture's bytes.
    ///   - url: The picture's URL.
    public func insert(_ data: Data, for url: URL) {
        store.store(data, for: url.absoluteString)
    }

    /// Removes the picture stored for `url`, if any.
    /// - Parameter url: The picture's URL.
    public func removeData(for url: URL) {
        store.remove(url.absoluteString)
    }

    /// Removes every picture from the directory.
    public func removeAll() {
        store.removeAll()
    }

    /// How many bytes the pictures in the directory take now (other processes' included).
    public var totalBytes: Int { store.totalBytes }

    /// Whether the cache gave up on the disk after a failed write and now keeps nothing there.
    public var isMemoryOnly: Bool { store.isDisabled }
}
