import Foundation

// MARK: - HTTP caching hooks for tests

extension FixtureServer {
    /// Changes the resource at `path` without changing its body: its `ETag` changes and its
    /// `Last-Modified` moves forward by at least a second (never past the present: a second touch within the
    /// same second changes only the `ETag`), so a client's stored validators no longer
    /// match and its next conditional GET gets a full 200.
    /// - Parameter path: A cacheable path, e.g. `"/menu"` (every query of it), `"/categories"`,
    ///   `"/images/1.png"`, `"/api/users/2"`; a trailing slash is ignored.
    public func touch(path: String) {
        cache.touch(path)
    }

    /// Serves `data` as the picture `/images/<id>.png` from now on (new `ETag` and `Last-Modified`).
    /// The picture must exist already; the server never creates new image paths.
    /// - Parameters:
    ///   - id: The dish id, e.g. 1 for `/images/1.png`.
    ///   - data: The new bytes.
    public func replaceImage(id: Int, data: Data) {
        cache.replaceBody(data, path: "/images/\(id).png")
    }

    /// Sends `value` as the `Cache-Control` of `path`'s 200 and 304 responses instead of the default
    /// (`public, max-age=86400` on pictures, `no-cache` on JSON); nil restores the default.
    /// - Parameters:
    ///   - value: For example `"max-age=60"` or `"no-store"`.
    ///   - path: A cacheable path (see ``touch(path:)``).
    public func setCacheControl(_ value: String?, path: String) {
        cache.setCacheControl(value, path: path)
    }

    /// How many responses with `status` were written for `path` (any method, any query), faults
    /// included; e.g. `responseCount(path: "/menu", status: 304)`. ``resetRecords()`` sets it to 0.
    public func responseCount(path: String, status: Int) -> Int {
        cache.count(path: path, status: status)
    }

    /// Bytes written (status line, headers and body) in responses to `path`, or to every path when
    /// `path` is nil (the default), since the first start or ``resetRecords()``.
    public func bytesSent(path: String? = nil) -> Int {
        cache.bytes(path: path)
    }
}
