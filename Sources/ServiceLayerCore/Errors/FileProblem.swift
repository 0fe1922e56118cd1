import Foundation

/// Why a file could not be read, sent or put in place: the payload of ``APIError/fileAccess(_:)``.
///
/// Each case holds facts (the file's name, sizes, the `errno` name), never a sentence: every language
/// writes its own from them.
public enum FileProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file to upload is missing or cannot be read. `file` is its name (the last path component).
    case unreadable(file: String)
    /// The file to upload is a symbolic link: what would go up is what it points to, so it is refused.
    case symbolicLink(file: String)
    /// The file to upload is not a regular file (a folder, a device, a socket).
    case notRegularFile(file: String)
    /// The file changed while it was sent to `url` (shown without secrets): it was `sizeBefore` bytes and
    /// is `sizeAfter` bytes now (the same size: rewritten; `nil`: gone or replaced). The server may hold a
    /// mix of both versions.
    case changedWhileSent(file: String, url: String?, sizeBefore: Int64, sizeAfter: Int64?)
    /// URLSession finished a download but kept no file for it.
    case noDownloadedFile
    /// The temporary file for an upload's body could not be created at `path`; `errno` is the error's
    /// name (`EACCES`, `ENOENT`, ...).
    case cannotWriteUploadBody(path: String, errno: String)
    /// Foundation's own description of a file error, shown as it is.
    case other(String)

    /// The problem as one sentence in ``APIError/messageLanguage``: what happened, why and the fix.
    public var description: String { APIError.fileAccess(self).explanation().description }
}

/// The symbolic name of a POSIX error number (`EACCES`), or `errno N` for one not listed.
enum ErrnoName {
    static func name(_ code: Int32) -> String {
        switch code {
        case EPERM: return "EPERM"
        case ENOENT: return "ENOENT"
        case EIO: return "EIO"
        case EACCES: return "EACCES"
        case EEXIST: return "EEXIST"
        case ENOTDIR: return "ENOTDIR"
        case EISDIR: return "EISDIR"
        case EROFS: return "EROFS"
        case ENOSPC: return "ENOSPC"
        case ELOOP: return "ELOOP"
        case EMFILE: return "EMFILE"
        case ENAMETOOLONG: return "ENAMETOOLONG"
        default: return "errno \(code)"
        }
    }
}
