import Foundation

// MARK: - Pictures: memory, then disk, then the network

extension MenuController {
    /// Fetches a picture, from ``imageCache`` when it is there, else from ``diskImageCache`` (read off
    /// the main thread) when it is there.
    ///
    /// A cached picture costs no request: the handle returned is already finished and the completion
    /// still runs asynchronously, on the main actor (a cancel before it starts gives
    /// ``APIError/cancelled``, as for a downloaded picture). Concurrent calls for one URL share one download;
    /// cancelling one of them leaves the others waiting. The client's token is never sent with an image.
    /// - Parameters:
    ///   - url: The picture's URL, usually a ``MenuItem/imageURL``; any host.
    ///   - completion: Receives the picture's bytes, or why it could not be fetched (an empty 200 is a
    ///     ``APIError/decoding(_:)`` error); called exactly once, on the main actor.
    /// - Returns: A handle to cancel the request; the completion then receives ``APIError/cancelled``.
    @discardableResult
    public func fetchImage(url: URL, completion: @escaping @MainActor (Result<Data, APIError>) -> Void) -> RequestHandle
    {
        if let cached = imageCache.data(for: url) {
            return RequestHandle.delivering(.success(cached), to: completion)
        }
        if diskImageCache != nil { return fetchImageThroughDisk(url: url, completion: completion) }
        return client.send(image(at: url), completion: completion)
    }

    /// Fetches a picture, from ``imageCache`` or ``diskImageCache`` when it is there: the `async` twin of
    /// ``fetchImage(url:completion:)``, sharing its caches and its coalescing.
    /// - Parameter url: The picture's URL.
    public func fetchImage(url: URL) async throws(APIError) -> Data {
        if let stored = storedImage(for: url) { return stored }
        return try await client.send(image(at: url))
    }

    /// ``fetchImage(url:completion:)`` past a memory miss, with a disk tier: the file is read (and a
    /// download written) in a task off the main actor, never on the main thread.
    private func fetchImageThroughDisk(
        url: URL, completion: @escaping @MainActor (Result<Data, APIError>) -> Void
    ) -> RequestHandle {
        RequestHandle.running(completion: completion) { [self] () async throws(APIError) -> Data in
            guard !Task.isCancelled else { throw .cancelled }  // cancelled before the disk was read
            if let stored = storedImage(for: url) { return stored }
            return try await client.send(image(at: url))
        }
    }

    /// The picture kept for `url` in memory, else on disk (then kept in memory too); `nil` when neither
    /// has it. It may read a file: keep it off the main thread when there is a ``diskImageCache``.
    private func storedImage(for url: URL) -> Data? {
        if let data = imageCache.data(for: url) { return data }
        guard let data = diskImageCache?.data(for: url) else { return nil }
        imageCache.insert(data, for: url)
        return data
    }

    /// The download of a picture, which keeps it in memory and on disk as soon as it has arrived (off
    /// the main thread, before the completion's hop to the main queue, and before the download stops
    /// taking callers): a call made as it ends finds it running or finds the picture in ``imageCache``,
    /// so concurrent calls for one URL cost one request (see ``Endpoint/keepingBody(lookup:keep:)``).
    private func image(at url: URL) -> Endpoint<Data> {
        MenuAPI.image(at: url).keepingBody(
            lookup: { [imageCache] in imageCache.data(for: url) },
            keep: { [self] data in
                guard !data.isEmpty else { return }  // an empty 200 is an error, never a picture
                imageCache.insert(data, for: url)
                diskImageCache?.insert(data, for: url)
            })
    }

    // MARK: - Clearing the caches

    /// Empties every cache this controller reads from: pictures in memory (``imageCache``), pictures
    /// on disk (``diskImageCache``) and the client's JSON answers
    /// (``APIClient/Options/responseCache``, in memory and on disk).
    public func clearCaches() {
        imageCache.removeAll()
        diskImageCache?.removeAll()
        client.options.responseCache?.removeAll()
    }
}
