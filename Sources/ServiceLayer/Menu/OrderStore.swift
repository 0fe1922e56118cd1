import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps one order in a JSON file, as Apple's sample kept `order.json`.
///
/// - Saving is atomic (``AtomicFile``): the order is written to a temporary file in the same directory
///   (`.order.json.tmp-<UUID>`), flushed to disk, then renamed over the real file with `rename(2)`.
///   A crash leaves either the old file or the new one, never a mix.
/// - Saves run one at a time on a private serial queue, in the order ``save(_:)`` was called, and a
///   burst of changes is written once, with the newest order: the file always ends with the last one.
/// - Loading never crashes: a damaged or unreadable file is renamed aside and reported.
final class OrderStore: Sendable {
    /// The order's file.
    let url: URL
    private let queue = DispatchQueue(label: "ServiceLayer.OrderStore")
    private let state = Locked<(pending: Order?, isScheduled: Bool, lastError: OrderStorageError?)>(
        (nil, false, nil))

    init(url: URL) {
        self.url = url
    }

    private var temporaryPrefix: String { "." + url.lastPathComponent + ".tmp-" }

    // MARK: Loading

    /// Reads the saved order: an empty one when there is no file, or when the file is bad (then
    /// renamed aside and described in the error). Leftover temporary files of an interrupted save are
    /// removed; the real file is untouched by an interrupted save.
    func load() -> (order: Order, error: OrderStorageError?) {
        removeLeftoverTemporaryFiles()
        guard FileManager.default.fileExists(atPath: url.path) else { return (Order(), nil) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return (Order(), .unreadable(url: url, movedTo: moveAside(), description: "\(error)"))
        }
        do {
            return (try JSONDecoder().decode(Order.self, from: data), nil)
        } catch {
            let description = DecodingFailure(error, body: data).description
            return (Order(), .corrupt(url: url, movedTo: moveAside(), description: description))
        }
    }

    /// Renames the bad file to `<name>.corrupt-<UTC time>` (with `-2`, `-3`... if taken); `nil` on failure.
    private func moveAside() -> URL? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = url.lastPathComponent + ".corrupt-" + formatter.string(from: Date())
        let directory = url.deletingLastPathComponent()
        for attempt in 1...100 {
            let target = directory.appendingPathComponent(attempt == 1 ? base : "\(base)-\(attempt)")
            guard !FileManager.default.fileExists(atPath: target.path) else { continue }
            return rename(url.path, target.path) == 0 ? target : nil
        }
        return nil
    }

    private func removeLeftoverTemporaryFiles() {
        let directory = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(temporaryPrefix) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    // MARK: Saving

    /// Schedules `order` to be written. Call it in the order the changes happened (the controller
    /// calls it under its lock); a save already waiting is replaced, so only the newest is written.
    func save(_ order: Order) {
        let mustSchedule = state.withLock { state -> Bool in
            state.pending = order
            defer { state.isScheduled = true }
            return !state.isScheduled
        }
        if mustSchedule { queue.async { self.writePending() } }
    }

    /// Blocks until every scheduled save has been written.
    func flush() {
        queue.sync {}
    }

    /// The error of the most recent save; `nil` once a save succeeds.
    var lastSaveError: OrderStorageError? {
        state.withLock { $0.lastError }
    }

    private func writePending() {
        let order = state.withLock { state -> Order? in
            defer { state.pending = nil; state.isScheduled = false }
            return state.pending
        }
        guard let order else { return }
        let saveError: OrderStorageError?
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try writeAtomically(try encoder.encode(order))
            saveError = nil
        } catch {
            saveError = .saveFailed(url: url, description: "\(error)")
        }
        state.withLock { $0.lastError = saveError }
    }

    /// Writes a temporary file next to the real one, flushes it, and renames it over the real one
    /// (``AtomicFile/document``: `0666` less the umask, `fsync` before the rename).
    private func writeAtomically(_ data: Data) throws(AtomicFileError) {
        try AtomicFile.document.write(data, to: url, temporaryName: temporaryPrefix + UUID().uuidString)
    }
}
