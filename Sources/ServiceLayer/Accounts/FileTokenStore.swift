import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A token store that keeps the tokens in a file readable only by its owner (permissions `0600`), so
/// the user stays logged in across launches.
///
/// The tokens are read back when the store is created, only from a regular file owned by the user
/// with one link: a symbolic link, a hard link to a file elsewhere (or anything else) at `url` reads as
/// logged out, and is never followed, read or `chmod`ed. New tokens are written to a temporary file created with permissions `0600` in the same
/// folder, then renamed over `url`, so the file is never readable by others, not even for a moment,
/// and never half-written. A missing folder is created with permissions `0700`. When the file cannot
/// be written, ``setTokens(_:)`` throws and the store keeps what it held before, so ``tokens`` never
/// claims a login the next launch would not find. ``clearTokens()`` deletes the file.
///
/// The file holds `{"accessToken": ..., "refreshToken": ..., "expiresAt": <seconds since 1970>}`;
/// anything else reads as logged out.
///
/// Printing it shows its type, `dump` its file, never a token: the tokens live behind the store's lock.
///
/// Which store: on Linux, in a command-line tool or in unit tests without a host app, this one. In an
/// app on an Apple platform, `KeychainTokenStore` (Apple platforms only): the Keychain encrypts the
/// item, and with its default accessibility never restores it to another device, which a file in a
/// backup would be (https://developer.apple.com/documentation/security/restricting-keychain-item-accessibility).
///
/// One store per file: the file is read once, when the store is created, and a store never sees what
/// another store (another controller, another process) later writes to the same file. Two controllers
/// whose stores share a file each hold their own copy of the tokens; when both renew the same refresh
/// token, a server that detects refresh-token reuse (as the fixture server does) revokes the login
/// and both are logged out. Give each controller its own file, or share one controller.
public final class FileTokenStore: TokenStore {
    /// The file the tokens are kept in.
    public let url: URL
    private let stored: Locked<AuthTokens?>

    /// Creates a store over the file at `url`, reading the tokens already in it, if any (and narrowing
    /// the file's permissions to `0600` if someone widened them).
    /// - Parameter url: A file URL. The file is created on the first ``setTokens(_:)``, and its folder
    ///   too (`0700`) when missing.
    public init(url: URL) {
        self.url = url
        stored = Locked(Self.readFile(url).flatMap(Self.decode))
    }

    /// The stored tokens, or `nil`.
    public var tokens: AuthTokens? {
        stored.withLock { $0 }
    }

    /// Stores `tokens` in the file (created with permissions `0600`, its folder with `0700` when
    /// missing), then in memory. The expiry is kept to the second, rounded down, in both places.
    /// - Parameter tokens: The tokens of a login or a refresh.
    /// - Throws: `POSIXError` when the folder or the file cannot be written; the store then holds what
    ///   it held before.
    public func setTokens(_ tokens: AuthTokens) throws {
        var tokens = tokens
        tokens.expiresAt = tokens.expiresAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        try stored.withLock { (stored: inout AuthTokens?) -> Result<Void, POSIXError> in
            do throws(POSIXError) {
                try Self.persist(Self.encode(tokens), to: url)
            } catch {
                return .failure(error)
            }
            stored = tokens
            return .success(())
        }.get()
    }

    /// Forgets every token and deletes the file (a link at `url` is removed, never its target).
    public func clearTokens() {
        stored.withLock { stored in
            stored = nil
            _ = unlink(url.path)
        }
    }

    // MARK: The file's format

    /// What the file holds; the tokens are ``Secret``s here too, plain strings in the JSON.
    private struct FileContent: Codable {
        let accessToken: Secret
        let refreshToken: Secret?
        let expiresAt: Double?
    }

    private static func encode(_ tokens: AuthTokens) -> Data {
        let content = FileContent(
            accessToken: Secret(tokens.accessToken), refreshToken: tokens.refreshToken.map(Secret.init),
            expiresAt: tokens.expiresAt?.timeIntervalSince1970)
        return (try? JSONEncoder().encode(content)) ?? Data()
    }

    private static func decode(_ data: Data) -> AuthTokens? {
        guard let content = try? JSONDecoder().decode(FileContent.self, from: data),
            !content.accessToken.value.isEmpty
        else { return nil }
        return AuthTokens(
            accessToken: content.accessToken.value, refreshToken: content.refreshToken?.value,
            expiresAt: content.expiresAt.map(Date.init(timeIntervalSince1970:)))
    }

    // MARK: Reading the file

    /// The bytes of `url` when it is a regular file owned by this user (narrowed to `0600` if it was
    /// wider), read without following a link; `nil` otherwise.
    private static func readFile(_ url: URL) -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }  // missing, or a symbolic link (ELOOP)
        defer { close(descriptor) }
        var status = stat()
        // One link only: a hard link planted at `url` shares its inode with a file elsewhere, which must
        // be neither read as the token nor narrowed by the `fchmod` below.
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
            status.st_nlink == 1
        else { return nil }
        if status.st_mode & 0o077 != 0 { _ = fchmod(descriptor, 0o600) }  // on this very file, never a link
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count <= 65_536 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    // MARK: Writing the file

    /// Writes `bytes` to a new `0600` file next to `url` (creating the folder, `0700`, when missing),
    /// then renames it over `url`: ``AtomicFile/secret`` (`fchmod` to `0600` whatever the umask), its
    /// temporary file named `.<name>.<UUID>.tmp`.
    private static func persist(_ bytes: Data, to url: URL) throws(POSIXError) {
        try makeFolder(url.deletingLastPathComponent().path)
        do throws(AtomicFileError) {
            try AtomicFile.secret.write(
                bytes, to: url, temporaryName: ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        } catch {
            throw error.posixError
        }
    }

    /// Creates `path` and any missing parent with permissions `0700`; an existing folder is left as is.
    private static func makeFolder(_ path: String) throws(POSIXError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw POSIXError(.ENOTDIR) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeFolder(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw POSIXError.current }
    }
}

extension POSIXError {
    /// The error `errno` names right now.
    fileprivate static var current: POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
