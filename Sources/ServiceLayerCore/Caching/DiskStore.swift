import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of small files, one per key, shared safely by threads, instances and processes.
///
/// - A file is written by ``AtomicFile`` to a unique temporary name in the same directory (created `0600`, in a
///   directory the store creates `0700`), then renamed over its final name (`rename(2)` is atomic),
///   so a reader sees the old file or the new one, never half of one.
/// - A file is named by, and holds, the SHA-256 digest of its key, never the key itself (a URL may
///   carry a token in its query); then the payload's length and checksum, then the payload. A file
///   that does not check out (truncated, corrupt, another key) is a miss and is removed.
/// - Only a regular file owned by this user is read (opened with `O_NOFOLLOW`: a symlink, a FIFO, a
///   directory or another user's file planted at an entry's name is a miss), and never one larger
///   than the byte limit: nothing more than the limit is read from one entry.
/// - Reading a file moves its modification date to now. After every write the directory is scanned
///   and the least recently used files go first until it is within the limit, so instances and
///   processes sharing the directory keep it within the limit together. Temporary files count; those
///   older than ``staleTemporaryAge`` (a writer that crashed) are removed.
/// - When the directory cannot be created or written (read-only, full disk), the store stops using
///   the disk and reports it once through `onFailure`; the caller's memory tier keeps working. An
///   entry whose name is taken by something that cannot be replaced (a planted directory) is only
///   skipped.
final class DiskStore: Sendable {
    /// The directory holding the files.
    let directory: URL
    /// The most bytes the directory holds after a write, and the most read from one file.
    let byteLimit: Int
    private let onFailure: (@Sendable (String) -> Void)?

    private struct State {
        var isDisabled = false
        var directoryReady = false
    }

    private let state = Locked(State())
    private static let magic: [UInt8] = Array("SLC2".utf8)
    private static let headerSize = 4 + 32 + 8 + 8
    private static let suffix = ".cache"
    private static let temporaryPrefix = ".tmp-"
    /// Seconds after which a temporary file is taken for a crashed writer's and removed: 10 minutes.
    static let staleTemporaryAge: TimeInterval = 600

    init(directory: URL, byteLimit: Int, onFailure: (@Sendable (String) -> Void)?) {
        self.directory = directory
        self.byteLimit = max(0, byteLimit)
        self.onFailure = onFailure
    }

    /// Whether the store gave up on the disk after a failed write.
    var isDisabled: Bool { state.withLock { $0.isDisabled } }

    // MARK: Reading

    /// The bytes stored for `key`, or nil (a missing, unreadable, foreign, oversized or corrupt file; a
    /// corrupt one is removed).
    func data(for key: String) -> Data? {
        guard !isDisabled else { return nil }
        let url = fileURL(for: key)
        let file: Data
        switch PlainFile.read(url.path, limit: byteLimit) {
        case .missing, .notPlainFile: return nil
        case .notOwned, .tooLarge:
            try? FileManager.default.removeItem(at: url)  // fails harmlessly in another user's sticky directory
            return nil
        case .contents(let contents): file = contents
        }
        guard let payload = Self.unpack(file, key: key) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return payload
    }

    // MARK: Writing

    /// Stores `payload` for `key` (replacing any earlier file), then trims the directory to the limit.
    func store(_ payload: Data, for key: String) {
        let file = Self.pack(payload, key: key)
        guard file.count <= byteLimit, prepareDirectory() else { return }
        do {
            try Self.write(file, to: fileURL(for: key))
        } catch  where error.step == .create {
            // The directory may have been removed since (a user, or the system freeing caches): once more.
            try? FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            do {
                try Self.write(file, to: fileURL(for: key))
            } catch {
                return fail(error)
            }
        } catch {
            return fail(error)
        }
        trim()
    }

    /// Writes one entry through ``AtomicFile/cacheEntry`` (`0600`, no `fsync`), its temporary file
    /// named `.tmp-<UUID>`.
    private static func write(_ file: Data, to url: URL) throws(AtomicFileError) {
        try AtomicFile.cacheEntry.write(file, to: url, temporaryName: temporaryPrefix + UUID().uuidString)
    }

    /// After a failed write: a rename that failed means something that cannot be replaced holds the
    /// entry's name (a directory, say), and only this entry is skipped; any other failure (a read-only
    /// or full disk) turns the disk off.
    private func fail(_ error: AtomicFileError) {
        guard error.step != .rename else { return }
        disable("cannot write \(error.path): \(String(cString: strerror(error.errno)))")
    }

    /// Removes the file of `key`, if any.
    func remove(_ key: String) {
        try? FileManager.default.removeItem(at: fileURL(for: key))
    }

    /// Removes every file of the store (temporary files of running writers included).
    func removeAll() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasSuffix(Self.suffix) || name.hasPrefix(Self.temporaryPrefix) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// The bytes of the store's files in the directory now (temporary files included).
    var totalBytes: Int {
        files().reduce(0) { $0 + $1.size }
    }

    // MARK: Trimming

    /// Scans the directory, removes stale temporary files, then removes the least recently used files
    /// until it is within the limit.
    private func trim() {
        var files = files()
        let staleBefore = Date(timeIntervalSinceNow: -Self.staleTemporaryAge)
        files.removeAll { file in
            guard file.isTemporary, file.date < staleBefore else { return false }
            try? FileManager.default.removeItem(at: file.url)
            return true
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.filter({ !$0.isTemporary }).sorted(by: { $0.date < $1.date }) where total > byteLimit {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }

    /// The store's entries and temporary files (regular files only; links and directories are not its).
    private func files() -> [(url: URL, size: Int, date: Date, isTemporary: Bool)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name in
            let isTemporary = name.hasPrefix(Self.temporaryPrefix)
            guard isTemporary || name.hasSuffix(Self.suffix) else { return nil }
            let url = directory.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { return nil }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            return (url, size, attributes[.modificationDate] as? Date ?? .distantPast, isTemporary)
        }
    }

    // MARK: Failure

    private func prepareDirectory() -> Bool {
        let ready = state.withLock { state -> Bool? in state.isDisabled ? nil : state.directoryReady }
        guard let ready else { return false }
        if ready { return true }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            disable("cannot create \(directory.path): \(error.localizedDescription)")
            return false
        }
        state.withLock { $0.directoryReady = true }
        return true
    }

    /// Stops using the disk; reports `reason` the first time only.
    private func disable(_ reason: String) {
        let first = state.withLock { state -> Bool in
            defer { state.isDisabled = true }
            return !state.isDisabled
        }
        if first { onFailure?("cache: \(reason); caching in memory only from now on") }
    }

    // MARK: File format

    /// `<the first 32 hex digits of SHA-256 of key>.cache`.
    func fileURL(for key: String) -> URL {
        directory.appendingPathComponent(String(SHA256.hex(key).prefix(32)) + Self.suffix)
    }

    /// magic (4) | SHA-256 of key (32) | payload length (8) | payload checksum (8) | payload
    static func pack(_ payload: Data, key: String) -> Data {
        var file = Data(magic)
        file.append(contentsOf: SHA256.digest(Data(key.utf8)))
        file.append(contentsOf: bigEndian(UInt64(payload.count), bytes: 8))
        file.append(contentsOf: bigEndian(fnv1a(payload), bytes: 8))
        file.append(payload)
        return file
    }

    /// The payload of a file written by ``pack(_:key:)`` for `key`; nil for anything else.
    static func unpack(_ file: Data, key: String) -> Data? {
        guard file.count >= headerSize else { return nil }
        let bytes = [UInt8](file.prefix(headerSize))
        guard Array(bytes[0..<4]) == magic, Array(bytes[4..<36]) == SHA256.digest(Data(key.utf8)),
            integer(bytes[36..<44]) == UInt64(file.count - headerSize)
        else { return nil }
        let payload = Data(file.dropFirst(headerSize))
        return fnv1a(payload) == integer(bytes[44..<52]) ? payload : nil
    }

    static func fnv1a(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    private static func bigEndian(_ value: UInt64, bytes count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    private static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
