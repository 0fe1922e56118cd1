import Foundation

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
/// chunks just before it is sent, and removed afterwards. Names and file names are written in quotes
/// with `"` escaped as `%22` and CR/LF as `%0D%0A` (WHATWG's rule for form data), so no name can end
/// the header or start a new part; a non-ASCII file name is sent in UTF-8, as browsers do.
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
    func data() -> Data {
        var body = Data()
        for part in parts {
            guard case .data(let bytes, let headers) = part else { continue }
            body.append(opening(headers))
            body.append(bytes)
            body.append(Data("\r\n".utf8))
        }
        body.append(closing)
        return body
    }

    /// Writes the body to a new temporary file, copying file parts 64 KiB at a time, and returns it.
    /// - Throws: ``APIError/fileAccess(_:)`` when a file part cannot be read or the body cannot be
    ///   written; ``APIError/diskFull`` when the disk is full.
    func writeToTemporaryFile() throws(APIError) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ServiceLayer-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let output = FileHandle(forWritingAtPath: url.path)
        else { throw .fileAccess("the upload body could not be written to \(url.path)") }
        defer { try? output.close() }
        do {
            for part in parts {
                switch part {
                case .data(let bytes, let headers):
                    try output.write(contentsOf: opening(headers) + bytes + Data("\r\n".utf8))
                case .file(let file, let headers):
                    try output.write(contentsOf: opening(headers))
                    try Self.copy(file, to: output)
                    try output.write(contentsOf: Data("\r\n".utf8))
                }
            }
            try output.write(contentsOf: closing)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw APIError(fileError: error)
        }
        return url
    }

    private static func copy(_ file: URL, to output: FileHandle) throws {
        guard let input = FileHandle(forReadingAtPath: file.path) else {
            throw APIError.fileAccess("the file \(file.lastPathComponent) cannot be read")
        }
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: 64 * 1024), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
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
            // Scalars, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
            var type = String.UnicodeScalarView()
            type.append(contentsOf: contentType.unicodeScalars.filter { $0 != "\r" && $0 != "\n" })
            lines += "Content-Type: \(String(type))\r\n"
        }
        return lines
    }

    /// `text` safe inside a quoted `Content-Disposition` parameter: `"` as `%22`, CR as `%0D`, LF as
    /// `%0A` (the WHATWG HTML form-data rule browsers follow); everything else, non-ASCII included, as is.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isValidBoundary(_ boundary: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'()+_,-./:=?")
        return (1...70).contains(boundary.count) && boundary.allSatisfy(allowed.contains)
    }
}
