import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a cache file with POSIX calls, so that what is at the path is checked before a byte is
/// read: `Data(contentsOf:)` follows symlinks, reads any size, opens FIFOs. (Files are written by
/// ``AtomicFile``: `Data.write` creates files readable by every user.)
enum PlainFile {
    /// What ``read(_:limit:)`` found at a path.
    enum Found {
        /// Nothing there (or not readable).
        case missing
        /// A symlink, directory, FIFO, socket or device: not read.
        case notPlainFile
        /// A regular file owned by another user: not read.
        case notOwned
        /// A regular file larger than the limit: not read.
        case tooLarge
        /// The file's bytes.
        case contents(Data)
    }

    /// The bytes of the regular file at `path`, owned by this process's user and at most `limit` bytes
    /// long; the path's last component is never followed if it is a symlink.
    static func read(_ path: String, limit: Int) -> Found {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ELOOP ? .notPlainFile : .missing }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .missing }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notPlainFile }
        guard info.st_uid == geteuid() else { return .notOwned }
        guard info.st_size <= limit else { return .tooLarge }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress! + offset, size - offset)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return .missing }  // shrank while being read: a miss
            offset += count
        }
        return .contents(Data(bytes))
    }
}

/// `read(2)`: the module-level name is shadowed by ``PlainFile/read(_:limit:)`` inside the enum.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #else
    return Darwin.read(descriptor, buffer, count)
    #endif
}
