import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the package writes a whole file: bytes go to a new temporary file in the destination's
/// folder, which is then renamed over the destination (`rename(2)` is atomic), so a reader — another
/// thread, another process, the next launch after a crash — finds the old file or the new one, never a
/// mix. Used by the disk caches (`DiskStore`, under ``DiskImageCache`` and ``ResponseCache``), the
/// saved order (`OrderStore`) and the token file (``FileTokenStore``).
///
/// What differs between them is a policy, chosen by each caller: the permissions the file is created
/// with, whether they are forced past the umask (`fchmod`), and whether the bytes are flushed to the
/// disk (`fsync`; `F_FULLFSYNC` on Apple platforms) before the rename. What never differs:
/// - the temporary file is created with `O_CREAT | O_EXCL | O_NOFOLLOW`: it is new, ours, and never a
///   link planted at its name;
/// - on any failure the temporary file is removed (only when this write created it), and the
///   destination is left as it was;
/// - the error says which step failed and keeps the `errno` (``AtomicFileError``).
///
/// It lives in `Plumbing/`, beside `PlainFile` (the cache files' reader). Public on purpose, one of the
/// three public types of `Plumbing/` (CONTRIBUTING.md, "The plumbing that is public on purpose"): your own
/// store (a saved document, a token file) writes the way the sample controllers' stores do, with
/// ``document`` or ``secret``.
public struct AtomicFile: Sendable {
    /// The permissions the new file is created with (before the umask, unless ``forcesPermissions``).
    let permissions: mode_t
    /// Whether the permissions are set with `fchmod` after creation, so the umask cannot change them.
    let forcesPermissions: Bool
    /// Whether the bytes are flushed to the disk (`fsync`; `fcntl(F_FULLFSYNC)` on Apple platforms,
    /// falling back to `fsync`) before the rename, so that a power cut after the rename cannot leave an
    /// empty file behind.
    let synchronizes: Bool

    /// A cache entry: `0600` (a umask can only narrow it), not flushed (a lost entry is a miss).
    static let cacheEntry = AtomicFile(permissions: 0o600, forcesPermissions: false, synchronizes: false)
    /// A secret: exactly `0600` whatever the umask, from the first byte on; not flushed.
    public static let secret = AtomicFile(permissions: 0o600, forcesPermissions: true, synchronizes: false)
    /// A user's document (the saved order): `0666` less the umask, as `FileManager` creates files,
    /// and flushed to the disk before the rename.
    public static let document = AtomicFile(permissions: 0o666, forcesPermissions: false, synchronizes: true)

    /// Writes `data` to `url`: to `temporaryName` in the same folder first, then renamed over `url`.
    /// - Parameters:
    ///   - data: The file's whole contents.
    ///   - url: The destination, a file URL; its folder must exist.
    ///   - temporaryName: The temporary file's name in that folder (unique per write, in a pattern the
    ///     caller can recognise to sweep the leftovers of a crash).
    /// - Throws: ``AtomicFileError`` naming the failed step and its `errno`; the temporary file is
    ///   then gone and `url` is untouched.
    public func write(_ data: Data, to url: URL, temporaryName: String) throws(AtomicFileError) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(temporaryName).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw AtomicFileError(.create, errno: errno, path: temporary) }
        let failure = fill(descriptor, with: data)
        close(descriptor)
        if let (step, code) = failure {
            unlink(temporary)
            throw AtomicFileError(step, errno: code, path: temporary)
        }
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw AtomicFileError(.rename, errno: code, path: url.path)
        }
    }

    /// Sets the permissions, writes every byte and flushes, as the policy says; the failed step and
    /// its `errno`, or `nil`.
    private func fill(_ descriptor: Int32, with data: Data) -> (AtomicFileError.Step, Int32)? {
        if forcesPermissions, fchmod(descriptor, permissions) != 0 { return (.permissions, errno) }
        let failure: Int32? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count < 0 ? errno : EIO }
                offset += count
            }
            return nil
        }
        if let failure { return (.write, failure) }
        if synchronizes, flushToDisk(descriptor) != 0 { return (.synchronize, errno) }
        return nil
    }

    /// Flushes `descriptor`'s bytes to the disk itself. On Apple platforms `fsync` only hands them to
    /// the drive, which may keep them in its cache and reorder them; `fcntl(F_FULLFSYNC)` asks the drive
    /// to write them out (Apple's fsync(2) man page:
    /// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/fsync.2.html).
    /// Some file systems (network volumes, FAT) refuse `F_FULLFSYNC`; `fsync` is the fallback there.
    private func flushToDisk(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor)
    }
}

/// A failed ``AtomicFile/write(_:to:temporaryName:)``: the step, the `errno` and the path it failed on.
///
/// Public with ``AtomicFile`` (CONTRIBUTING.md, "The plumbing that is public on purpose"): your own store
/// reports which step of its write failed.
public struct AtomicFileError: Error, Equatable, CustomStringConvertible {
    /// The step of the write that failed.
    public enum Step: String, Sendable {
        /// Creating the temporary file (a missing or read-only folder, a name already taken).
        case create
        /// Forcing its permissions.
        case permissions
        /// Writing its bytes (a full disk).
        case write
        /// Flushing them to the disk.
        case synchronize
        /// Renaming it over the destination (something that cannot be replaced is there).
        case rename
    }

    /// The step that failed.
    public let step: Step
    /// The system's error number.
    public let errno: Int32
    /// The temporary file, or the destination for ``Step/rename``.
    public let path: String

    init(_ step: Step, errno: Int32, path: String) {
        self.step = step
        self.errno = errno
        self.path = path
    }

    /// The error number as a `POSIXError` (`EIO` for a number Foundation does not name).
    public var posixError: POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }

    /// `cannot <step> <path>: <strerror>`, e.g. `cannot create /tmp/x/.tmp-…: No such file or directory`.
    public var description: String {
        "cannot \(step.rawValue) \(path): \(String(cString: strerror(errno)))"
    }
}

/// `write(2)`: the module-level name is shadowed by ``AtomicFile/write(_:to:temporaryName:)`` inside the type.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    return Musl.write(descriptor, buffer, count)
    #else
    return Darwin.write(descriptor, buffer, count)
    #endif
}
