import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A token store that keeps the token in a file readable only by its owner (permissions `0600`), so
/// the user stays logged in across launches.
///
/// The token is read back when the store is created. Each new token is written to a temporary file
/// created with permissions `0600` in the same folder, then renamed over the old file, so the file is
/// never readable by others, not even for a moment, and never half-written. ``clearToken()`` deletes
/// the file. If the file cannot be written, the token is still kept in memory for this run.
public final class FileTokenStore: TokenStore, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The file the token is kept in.
    public let url: URL
    private let stored: Locked<String?>

    /// Creates a store over the file at `url`, reading the token already in it, if any (and narrowing
    /// the file's permissions to `0600` if someone widened them).
    /// - Parameter url: A file URL; its folder must exist. The file itself is created on the first
    ///   ``setToken(_:)``.
    public init(url: URL) {
        self.url = url
        _ = chmod(url.path, 0o600)
        let text = (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        stored = Locked(text?.isEmpty == false ? text : nil)
    }

    /// The stored token, or `nil`.
    public var token: String? {
        stored.withLock { $0 }
    }

    /// Stores `token` in memory and in the file (created with permissions `0600`).
    /// - Parameter token: The session token.
    public func setToken(_ token: String) {
        stored.withLock { stored in
            stored = token
            try? Self.persist(token, to: url)
        }
    }

    /// Forgets the token and deletes the file.
    public func clearToken() {
        stored.withLock { stored in
            stored = nil
            _ = unlink(url.path)
        }
    }

    /// Says whether a token is stored and where, never the token itself.
    public var description: String {
        "FileTokenStore(url: \(url.path), token: \(TokenText.describe(token)))"
    }

    /// The same as ``description``: the token is never shown.
    public var debugDescription: String {
        description
    }

    /// Shows only the file and whether a token is stored, so `dump(_:)` cannot print the token either.
    public var customMirror: Mirror {
        Mirror(self, children: ["url": url, "hasToken": token != nil], displayStyle: .class)
    }

    // MARK: Writing the file

    /// Writes `token` to a new `0600` file next to `url`, then renames it over `url`.
    private static func persist(_ token: String, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard descriptor >= 0 else { throw POSIXError.current }
        do {
            defer { close(descriptor) }
            guard fchmod(descriptor, 0o600) == 0 else { throw POSIXError.current }  // whatever the umask
            try writeAll(Array(token.utf8), to: descriptor)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, url.path) == 0 else {
            let error = POSIXError.current
            unlink(temporary)
            throw error
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw POSIXError.current
            }
            offset += written
        }
    }
}

extension POSIXError {
    /// The error `errno` names right now.
    fileprivate static var current: POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
