import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `multipart/form-data` body (RFC 7578): text fields and files, in order.
///
/// ```swift
/// var form = MultipartForm()
/// form.append("Ada", named: "name")
/// form.append(pngData, named: "avatar", fileName: "ada.png", contentType: "image/png")
/// form.appendFile(at: videoURL, named: "clip", contentType: "video/mp4")  // streamed from disk
/// let upload = Endpoint<Void>(method: .post, "users/2/avatar").multipart(form)
/// ```
///
/// A file given by URL is never read whole into memory: the body is written to a temporary file in
/// chunks just before it is sent (created for the owner alone, mode 0600, never through an existing
/// file or link), and removed afterwards. A file part that is a symbolic link is refused with
/// ``APIError/fileAccess(_:)``: what goes up is the file named, never what a link swapped in points to.
/// A file part is copied as it is when the body is written; bytes it gains later are not sent. (A
/// whole-body file, ``Endpoint/file(_:contentType:)``, is sent from where it is: see `UploadSource.swift`.)
///
/// **Names.** One quoting rule, shared with the fixture server's parser, for the `name` and
/// `filename` parameters: each is written in double quotes, and inside them the sender
/// percent-encodes `"` as `%22`, CR as `%0D`, LF as `%0A`, `%` as `%25`, `\` as `%5C`, and every other
/// C0 control character and DEL as `%XX` (two uppercase hexadecimal digits); non-ASCII is sent as raw
/// UTF-8. The receiver ends a quoted string at the first `"` (a backslash escapes nothing), then
/// decodes each `%XX`. So `dir\` arrives as `dir\`, `50%` as `50%`, and no name can end its quotes,
/// its header or its part. (Browsers, following WHATWG, leave `%` and `\` as they are, which is
/// ambiguous; this rule round-trips every string.)
///
/// **The boundary.** A part whose content contains `--` followed by the boundary would end the part
/// early: such a form is refused with ``APIError/invalidRequest(_:)`` before anything is sent (in
/// memory when the request is built, for file parts while the body is written). A random boundary
/// (the default) never occurs by chance; a caller-chosen one may.
public struct MultipartForm: Sendable {
    /// One part of the form.
    enum Part: Sendable {
        case data(Data, headers: String)
        case file(URL, headers: String)
    }

    /// The boundary between parts: `ServiceLayer-` and 32 random hexadecimal digits by default, which
    /// no content will contain by chance.
    public let boundary: String
    private(set) var parts: [Part] = []

    /// Creates an empty form.
    /// - Parameter boundary: The boundary; a random one by default. It must be 1 to 70 characters of
    ///   RFC 2046's set (letters, digits, `'()+_,-./:=?`); an invalid one is replaced by a random one.
    public init(boundary: String? = nil) {
        if let boundary, Self.isValidBoundary(boundary) {
            self.boundary = boundary
        } else {
            self.boundary = "ServiceLayer-" + (0..<32).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
        }
    }

    /// The body's `Content-Type`, with the boundary.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    // MARK: - Adding parts

    /// Adds a text field.
    /// - Parameters:
    ///   - value: The field's value, sent in UTF-8.
    ///   - name: The field's name.
    public mutating func append(_ value: String, named name: String) {
        parts.append(.data(Data(value.utf8), headers: Self.headers(name: name, fileName: nil, contentType: nil)))
    }

    /// Adds a file from memory.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - name: The field's name.
    ///   - fileName: The file name the server sees.
    ///   - contentType: The file's type; `application/octet-stream` by default.
    public mutating func append(
        _ data: Data, named name: String, fileName: String, contentType: String = "application/octet-stream"
    ) {
        parts.append(.data(data, headers: Self.headers(name: name, fileName: fileName, contentType: contentType)))
    }

    /// Adds a file from disk, read in chunks as the body is written (never whole into memory).
    /// - Parameters:
    ///   - fileURL: The file.
    ///   - name: The field's name.
    ///   - fileName: The file name the server sees; the URL's last path component by default.
    ///   - contentType: The file's type; `application/octet-stream` by default.
    public mutating func appendFile(
        at fileURL: URL, named name: String, fileName: String? = nil,
        contentType: String = "application/octet-stream"
    ) {
        let headers = Self.headers(
            name: name, fileName: fileName ?? fileURL.lastPathComponent, contentType: contentType)
        parts.append(.file(fileURL, headers: headers))
    }

    /// Whether a part comes from a file on disk (the body is then written to a temporary file).
    var hasFiles: Bool {
        parts.contains { if case .file = $0 { return true } else { return false } }
    }

    // MARK: - Writing the body

    /// The whole body in memory: for forms without file parts.
    /// - Throws: ``APIError/invalidRequest(_:)`` when a part contains the boundary.
    func data() throws(APIError) -> Data {
        var body = Data()
        for part in parts {
            guard case .data(let bytes, let headers) = part else { continue }
            if bytes.range(of: delimiter) != nil { throw boundaryInContent() }
            body.append(opening(headers))
            body.append(bytes)
            body.append(Data("\r\n".utf8))
        }
        body.append(closing)
        return body
    }

    /// Writes the body to a new temporary file (mode 0600, created anew: never through an existing file
    /// or link), copying file parts 64 KiB at a time, and returns it.
    /// - Throws: ``APIError/fileAccess(_:)`` when a file part cannot be read (or is a symbolic link) or
    ///   the body cannot be written; ``APIError/diskFull`` when the disk is full;
    ///   ``APIError/invalidRequest(_:)`` when a part contains the boundary. Nothing is left on disk.
    func writeToTemporaryFile() throws(APIError) -> URL {
        try Self.writingTemporaryFile { output in
            for part in parts {
                switch part {
                case .data(let bytes, let headers):
                    if bytes.range(of: delimiter) != nil { throw boundaryInContent() }
                    try output.write(contentsOf: opening(headers) + bytes + Data("\r\n".utf8))
                case .file(let file, let headers):
                    try output.write(contentsOf: opening(headers))
                    try Self.copy(file, to: output, refusing: delimiter, else: boundaryInContent())
                    try output.write(contentsOf: Data("\r\n".utf8))
                }
            }
            try output.write(contentsOf: closing)
        }
    }

    /// A new temporary file (mode 0600, created anew: never through an existing file or link) that
    /// `write` fills; removed when `write` throws.
    private static func writingTemporaryFile(_ write: (FileHandle) throws -> Void) throws(APIError) -> URL {
        let url = temporaryUploadURL()
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .fileAccess(.cannotWriteUploadBody(path: url.path, errno: ErrnoName.name(errno)))
        }
        let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? output.close() }
        do {
            try write(output)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw (error as? APIError) ?? APIError(fileError: error)
        }
        return url
    }

    /// A new name in the temporary directory for an upload's body.
    private static func temporaryUploadURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ServiceLayer-upload-\(UUID().uuidString)")
    }

    /// Copies `file` (never through a symbolic link) to `output` 64 KiB at a time, throwing `refusal`
    /// when its content contains `forbidden` (searched across chunk edges too); `nil` checks nothing.
    private static func copy(_ file: URL, to output: FileHandle, refusing forbidden: Data?, else refusal: APIError)
        throws
    {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let name = file.lastPathComponent
            throw APIError.fileAccess(errno == ELOOP ? .symbolicLink(file: name) : .unreadable(file: name))
        }
        let input = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? input.close() }
        var tail = Data()  // the end of the previous chunk, where the forbidden bytes may begin
        while let chunk = try input.read(upToCount: 64 * 1024), !chunk.isEmpty {
            if let forbidden {
                let window = tail + chunk
                if window.range(of: forbidden) != nil { throw refusal }
                tail = window.suffix(forbidden.count - 1)
            }
            try output.write(contentsOf: chunk)
        }
    }

    /// `--` and the boundary: what a part's content must not contain.
    private var delimiter: Data { Data("--\(boundary)".utf8) }

    private func boundaryInContent() -> APIError {
        .invalidRequest(.multipartBoundary(boundary: boundary))
    }

    private func opening(_ headers: String) -> Data { Data("--\(boundary)\r\n\(headers)\r\n".utf8) }
    private var closing: Data { Data("--\(boundary)--\r\n".utf8) }

    // MARK: - Headers

    /// A part's header lines, each ending with CRLF.
    static func headers(name: String, fileName: String?, contentType: String?) -> String {
        var disposition = "Content-Disposition: form-data; name=\"\(escaped(name))\""
        if let fileName { disposition += "; filename=\"\(escaped(fileName))\"" }
        var lines = disposition + "\r\n"
        if let contentType {
            // Scalars, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n". Every
            // control character (CR, LF, NUL, ...) and DEL is dropped: none may reach a header.
            var type = String.UnicodeScalarView()
            type.append(contentsOf: contentType.unicodeScalars.filter { !isControl($0) })
            lines += "Content-Type: \(String(type))\r\n"
        }
        return lines
    }

    /// `text` safe inside a quoted `Content-Disposition` parameter, by the form's quoting rule (see
    /// ``MultipartForm``): `"`, `%`, `\`, and every C0 control and DEL as `%XX`; everything else,
    /// non-ASCII included, as is.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "%" || scalar == "\\" || isControl(scalar) {
                result += "%" + hexByte(UInt8(scalar.value))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is a C0 control character (U+0000 to U+001F) or DEL (U+007F).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// `byte` as two uppercase hexadecimal digits.
    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private static func isValidBoundary(_ boundary: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'()+_,-./:=?")
        return (1...70).contains(boundary.count) && boundary.allSatisfy(allowed.contains)
    }
}
