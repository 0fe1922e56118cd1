import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The whole-body file of an upload (``Endpoint/file(_:contentType:)``) as it was when a try began: which
/// file (device and inode), its size and its modification time. URLSession sends it from disk with
/// `Content-Length` its size then; the try checks it again when it ends, so that a file that changed
/// meanwhile (grew, shrank, was rewritten or swapped) fails with ``APIError/fileAccess(_:)`` saying so,
/// instead of passing for what the server received. (Copying it first would send the old bytes
/// whole, at the price of writing every upload twice; see UploadsAndDownloads.md.)
struct UploadSource: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    /// The file's state now, read without following a link.
    /// - Throws: ``APIError/fileAccess(_:)`` when the file is missing, a symbolic link (what would go up
    ///   is what it points to) or no regular file.
    init(_ file: URL) throws(APIError) {
        var info = stat()
        guard lstat(file.path, &info) == 0 else {
            throw .fileAccess(.unreadable(file: file.lastPathComponent))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw .fileAccess(.symbolicLink(file: file.lastPathComponent))
        default: throw .fileAccess(.notRegularFile(file: file.lastPathComponent))
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        (seconds, nanoseconds) = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
        #else
        (seconds, nanoseconds) = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        #endif
    }

    /// The error of a try that sent `file` to `url` while it changed from this state; `nil` when it
    /// did not change.
    func change(of file: URL, sentTo url: URL?) -> APIError? {
        let now = try? UploadSource(file)
        guard now != self else { return nil }
        return .fileAccess(
            .changedWhileSent(
                file: file.lastPathComponent, url: url.flatMap(ShownURL.text), sizeBefore: size, sizeAfter: now?.size))
    }
}
