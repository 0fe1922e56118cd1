import Foundation

// MARK: - Bodies beyond JSON, and downloads

extension Endpoint {
    /// A copy of this endpoint that sends `fields` as an HTML form
    /// (`Content-Type: application/x-www-form-urlencoded`): `name=value` pairs joined by `&`, in order,
    /// each name and value percent-encoded (a space as `+`, as forms do; only `A–Z a–z 0–9 * - . _` as
    /// they are).
    /// - Parameter fields: The names and values; a name may repeat.
    public func form(_ fields: [(name: String, value: String)]) -> Endpoint {
        body(FormEncoding.body(fields), contentType: "application/x-www-form-urlencoded")
    }

    /// A copy of this endpoint that sends `form` as `multipart/form-data`; a file part given by URL is
    /// streamed from disk (see ``MultipartForm``). On a `POST` or `PATCH` it is never retried, even with
    /// `retry(_:evenIfNotIdempotent: true)`.
    /// - Parameter form: The fields and files.
    public func multipart(_ form: MultipartForm) -> Endpoint {
        var copy = self
        copy.body = RequestBody(encoding: .multipart(form), contentType: form.contentType)
        return copy
    }

    /// A copy of this endpoint whose whole body is the file at `fileURL`, read from disk as it is sent
    /// (never whole into memory), with `Content-Length` its size. On a `POST` or `PATCH` it is never
    /// retried, even with `retry(_:evenIfNotIdempotent: true)`.
    /// - Parameters:
    ///   - fileURL: The file.
    ///   - contentType: Its `Content-Type`; `application/octet-stream` by default.
    public func file(_ fileURL: URL, contentType: String = "application/octet-stream") -> Endpoint {
        var copy = self
        copy.body = RequestBody(encoding: .file(fileURL), contentType: contentType)
        return copy
    }

    /// A copy of this endpoint whose answer is written to disk as it arrives (memory stays flat however
    /// large it is) and, once complete and validated, moved to `destination` in one step (replacing a
    /// file there); the result is `destination`. A failed, cut, cancelled or refused download leaves
    /// nothing behind, on every try: no partial file next to `destination` or in the temporary
    /// directory, and a file already there is kept.
    ///
    /// A body shorter or longer than its `Content-Length` gives ``APIError/incompleteDownload(expected:received:url:)``,
    /// a full disk ``APIError/diskFull``, a folder that cannot be written ``APIError/fileAccess(_:)``. A
    /// non-2xx answer gives ``APIError/httpStatus(code:body:)`` with its body, as always. It is never
    /// coalesced with another call and never answered from a ``ResponseCache``.
    /// - Parameter destination: Where the file goes; its folder must exist.
    public func downloading(to destination: URL) -> Endpoint<URL> {
        var download = reading(ResponseReading<URL>.anywhere { outcome, _ in outcome.map { _ in destination } })
        download.extras.downloadDestination = destination
        download.extras.coalesces = false
        download.extras.responseCacheChoice = .none
        return download
    }
}

/// `application/x-www-form-urlencoded` (the WHATWG URL standard's serializer).
enum FormEncoding {
    /// The characters left as they are.
    private static let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*-._".utf8)

    /// `fields` as a form body.
    static func body(_ fields: [(name: String, value: String)]) -> Data {
        Data(fields.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&").utf8)
    }

    /// `text` percent-encoded, a space as `+`.
    static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else if byte == UInt8(ascii: " ") {
                result.append("+")
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
