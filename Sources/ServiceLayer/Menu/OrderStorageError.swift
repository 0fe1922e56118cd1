import Foundation

/// Why the saved order could not be read or written. The controller never crashes on these: it
/// reports them through ``MenuController/orderLoadError`` and ``MenuController/orderSaveError``.
public enum OrderStorageError: Error, Sendable, Equatable {
    /// The file at `url` exists but could not be read (a permission problem, a directory, ...). The
    /// controller started with an empty order; the file was renamed to `movedTo` so that the next save
    /// does not overwrite it (`nil` when even renaming failed).
    case unreadable(url: URL, movedTo: URL?, description: String)
    /// The file at `url` is not a saved order (cut short, not JSON, another format). The controller
    /// started with an empty order and kept the file as `movedTo` (`url` plus `.corrupt-<UTC time>`), or
    /// left it in place when renaming failed (`nil`).
    case corrupt(url: URL, movedTo: URL?, description: String)
    /// Writing the order to `url` failed; the previous file, if any, is unchanged.
    case saveFailed(url: URL, description: String)
}

extension OrderStorageError: LocalizedError {
    /// One sentence saying what happened to the saved order.
    public var errorDescription: String? {
        switch self {
        case .unreadable(let url, let movedTo, let description):
            return "The saved order at \(url.path) could not be read (\(description)); starting with an empty order."
                + (movedTo.map { " The file was kept as \($0.lastPathComponent)." } ?? "")
        case .corrupt(let url, let movedTo, let description):
            return "The saved order at \(url.path) was damaged (\(description)); starting with an empty order."
                + (movedTo.map { " The file was kept as \($0.lastPathComponent)." } ?? "")
        case .saveFailed(let url, let description):
            return "The order could not be saved to \(url.path) (\(description))."
        }
    }
}
