import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of small files, one per key, shared safely by threads, instances and processes.
///
/// - A file is written to a unique temporary name in the same directory, then renamed over its final
///   name (`rename(2)` is atomic), so a reader sees the old file or the new one, never half of one.
/// - A file holds a header (magic, key, length, checksum) before its bytes; a file that does not
///   check out (truncated, corrupt, another key) is a miss and is removed.
/// - Reading a file moves its modification date to now; when the directory exceeds the byte limit the
///   least recently used files go first. Files that vanish meanwhile (another process evicted them)
///   are skipped.
/// - When the directory cannot be created or written (read-only, full disk), the store stops using
///   the disk and reports it once through `onFailure`; the caller's memory tier keeps working.
final class DiskStore: Sendable {
    /// The directory holding the files.
    let directory: URL
    /// The most bytes the directory holds after a write.
    let byteLimit: Int
    private let onFailure: (@Sendable (String) -> Void)?

    private struct State {
        var isDisabled = false
        var directoryReady = false
        /// Bytes this process believes the directory holds; nil until the first scan.
        var knownBytes: Int?
    }

    private let state = Locked(State())
    private static let magic: [UInt8] = Array("SLC1".utf8)
    private static let suffix = ".cache"
    private static let temporaryPrefix = ".tmp-"

    init(directory: URL, byteLimit: Int, onFailure: (@Sendable (String) -> Void)?) {
        self.directory = directory
        self.byteLimit = max(0, byteLimit)
        self.onFailure = onFailure
    }

    /// Whether the store gave up on the disk after a failed write.
    var isDisabled: Bool { state.withLock { $0.isDisabled } }

    // MARK: Reading

    /// The bytes stored for `key`, or nil (a missing, unreadable or corrupt file; a corrupt one is removed).
    func data(for key: String) -> Data? {
        guard !isDisabled else { return nil }
        let url = fileURL(for: key)
        guard let file = try? Data(contentsOf: url) else { return nil }
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
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString)
        do {
            do {
                try file.write(to: temporary)
            } catch {
                // The directory may have been removed since (a user, or the system freeing caches): once more.
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try file.write(to: temporary)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            disable("cannot write \(temporary.path): \(error.localizedDescription)")
            return
        }
        let final = fileURL(for: key)
        guard rename(temporary.path, final.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            disable("cannot rename into \(final.path): \(reason)")
            return
        }
        // The first write scans the directory (other runs and processes filled it too); later ones
        // scan only once this process's estimate passes the limit.
        let needsTrim = state.withLock { state -> Bool in
            let known = state.knownBytes
            state.knownBytes = (known ?? 0) + file.count
            return known == nil || (known ?? 0) + file.count > byteLimit
        }
        if needsTrim { trim() }
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
        state.withLock { $0.knownBytes = 0 }
    }

    /// The bytes of the store's files in the directory now.
    var totalBytes: Int {
        files().reduce(0) { $0 + $1.size }
    }

    // MARK: Trimming

    /// Scans the directory, then removes the least recently used files until it is within the limit.
    private func trim() {
        var files = files()
        var total = files.reduce(0) { $0 + $1.size }
        files.sort { $0.date < $1.date }
        for file in files where total > byteLimit {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
        state.withLock { $0.knownBytes = total }
    }

    private func files() -> [(url: URL, size: Int, date: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(Self.suffix) }.compactMap { name in
            let url = directory.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            return (url, size, attributes[.modificationDate] as? Date ?? .distantPast)
        }
    }

    // MARK: Failure

    private func prepareDirectory() -> Bool {
        let ready = state.withLock { state -> Bool? in state.isDisabled ? nil : state.directoryReady }
        guard let ready else { return false }
        if ready { return true }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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

    /// `<16 hex digits of FNV-1a 64 of key>.cache`.
    func fileURL(for key: String) -> URL {
        directory.appendingPathComponent(Self.hex(Self.fnv1a(Data(key.utf8))) + Self.suffix)
    }

    /// magic (4) | key length (4) | payload length (8) | payload checksum (8) | key | payload
    static func pack(_ payload: Data, key: String) -> Data {
        let keyBytes = Data(key.utf8)
        var file = Data(magic)
        file.append(contentsOf: bigEndian(UInt64(keyBytes.count), bytes: 4))
        file.append(contentsOf: bigEndian(UInt64(payload.count), bytes: 8))
        file.append(contentsOf: bigEndian(fnv1a(payload), bytes: 8))
        file.append(keyBytes)
        file.append(payload)
        return file
    }

    /// The payload of a file written by ``pack(_:key:)`` for `key`; nil for anything else.
    static func unpack(_ file: Data, key: String) -> Data? {
        let bytes = [UInt8](file)
        guard bytes.count >= 24, Array(bytes[0..<4]) == magic else { return nil }
        let keyLength = Int(integer(bytes[4..<8]))
        let payloadLength = integer(bytes[8..<16])
        let checksum = integer(bytes[16..<24])
        guard payloadLength <= UInt64(bytes.count), 24 + keyLength + Int(payloadLength) == bytes.count,
            Data(bytes[24..<(24 + keyLength)]) == Data(key.utf8)
        else { return nil }
        let payload = Data(bytes[(24 + keyLength)...])
        return fnv1a(payload) == checksum ? payload : nil
    }

    static func fnv1a(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func bigEndian(_ value: UInt64, bytes count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    private static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
