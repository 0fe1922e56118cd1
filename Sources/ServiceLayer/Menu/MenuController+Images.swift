import Foundation

// MARK: - Pictures on disk, and clearing the caches

extension MenuController {
    /// Where the disk tier is read and written, off the caller's thread.
    private static let diskQueue = DispatchQueue(label: "ServiceLayer.MenuController.disk", attributes: .concurrent)

    /// ``fetchImage(url:completion:)`` past a memory miss: the disk first, then the network; a
    /// downloaded picture goes to both tiers. The file is read and written on a background queue.
    func fetchImage(
        url: URL, through disk: DiskImageCache, callbackQueue queue: DispatchQueue,
        completion: @escaping @Sendable (Result<Data, APIError>) -> Void
    ) -> RequestHandle {
        let call = Call<Data>(queue: queue, completion: completion)
        Self.diskQueue.async { [client, imageCache] in
            guard !call.isFinished else { return }  // cancelled before the disk was read
            if let stored = disk.data(for: url) {
                imageCache.insert(stored, for: url)
                call.finish(.success(stored))
                return
            }
            let download = client.send(MenuAPI.image(at: url), callbackQueue: Self.diskQueue) { result in
                let checked = result.flatMap { MenuAPI.checkImage($0, from: url) }
                if case .success(let data) = checked {
                    imageCache.insert(data, for: url)
                    disk.insert(data, for: url)
                }
                call.finish(checked)
            }
            if !call.setDetach({ download.cancel() }) { download.cancel() }
        }
        return RequestHandle(call)
    }

    /// Empties every cache this controller reads from: pictures in memory (``imageCache``), pictures
    /// on disk (``diskImageCache``) and the client's JSON answers
    /// (``APIClient/Options/responseCache``, in memory and on disk).
    public func clearCaches() {
        imageCache.removeAll()
        diskImageCache?.removeAll()
        client.options.responseCache?.removeAll()
    }
}
