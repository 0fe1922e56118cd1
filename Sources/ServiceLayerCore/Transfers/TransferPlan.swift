import Foundation

/// What an exchange does beyond a plain request and an answer in memory: a body sent from disk, an
/// answer written to a file or read as an event stream, the bytes counted for a progress watcher.
struct TransferPlan: Sendable {
    /// How the body goes up when the request's `httpBody` does not hold it.
    enum Upload: Sendable {
        /// The request's `httpBody` (or no body).
        case none
        /// This file is the whole body, read from disk as it is sent (no copy; see ``UploadSource``).
        case file(URL)
        /// A form with file parts, written to a temporary file before the first try and removed after the last.
        case form(MultipartForm)

        var isWholeFile: Bool {
            if case .file = self { return true }
            return false
        }

        var isNone: Bool {
            if case .none = self { return true }
            return false
        }
    }

    var upload: Upload = .none
    /// Where a download's answer is moved once complete; `nil` for an answer in memory.
    var destination: URL?
    /// Counts the bytes for the call's progress watcher; `nil` when nobody watches.
    var progress: ProgressCounter?
    /// Reads the answer as an event stream as it arrives; `nil` for an answer read once it is complete.
    var events: EventSink?

    /// Whether the exchange is a plain one (a data task, nothing counted).
    var isPlain: Bool { upload.isNone && destination == nil && progress == nil && events == nil }
}
