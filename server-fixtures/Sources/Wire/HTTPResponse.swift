import Foundation

// MARK: - A response to write

/// A response the router produced, before the connection writes it.
struct HTTPResponse: Sendable {
    /// One header field, in the order written.
    struct Field: Sendable, Equatable {
        /// The field name, as written.
        let name: String
        /// The field value.
        let value: String
    }

    /// The status code.
    var status: Int
    /// Extra header fields. `Content-Length` and `Connection` are added when writing.
    var fields: [Field]
    /// The body bytes (not written for HEAD, 204 or 304).
    var body: Data
    /// Seconds to wait (interruptibly) before writing; set by reqres' `?delay=`.
    var delay: TimeInterval = 0
    /// A body written as it is made (a large download), instead of ``body``; nil by default.
    var stream: StreamedBody?
    /// Server-sent events written as they happen (chunked, each event flushed), instead of ``body``; nil by
    /// default (see `EventStreamBody.swift`).
    var events: EventStreamBody?
    /// A fault the route asks for (a route file's `"fault"`), applied as an injected one would be; nil by default.
    var fault: Fault?
    /// Whether no CORS header may be added (the inspector's pages: no page elsewhere may read them); false
    /// by default.
    var sameOriginOnly = false

    /// The `Content-Type` of every JSON response.
    static let jsonContentType = "application/json; charset=utf-8"

    /// A response with a `Content-Type` field and a body.
    init(status: Int, contentType: String?, body: Data = Data(), fields: [Field] = []) {
        self.status = status
        self.fields = (contentType.map { [Field(name: "Content-Type", value: $0)] } ?? []) + fields
        self.body = body
    }

    /// A JSON response encoding `value` with sorted keys and unescaped slashes.
    static func json(_ status: Int, _ value: some Encodable) -> HTTPResponse {
        HTTPResponse(status: status, contentType: jsonContentType, body: JSON.encode(value))
    }

    /// A JSON response whose body is `text` verbatim.
    static func json(_ status: Int, raw text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: jsonContentType, body: Data(text.utf8))
    }

    /// `{"error": message}` with `status`.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(status, ["error": message])
    }

    /// Whether this status never carries a body or Content-Length (1xx, 204, 304).
    var isBodiless: Bool { status < 200 || status == 204 || status == 304 }

    /// The value of the first field named `name` (case-insensitive).
    func field(_ name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Whether two field names are the same name: equal but for the case of ASCII letters (field names are
    /// tokens, RFC 9110 §5.1, so ASCII), compared byte by byte without making a lowercased copy.
    static func sameName(_ name: String, _ other: String) -> Bool {
        guard name.utf8.count == other.utf8.count else { return false }
        return zip(name.utf8, other.utf8).allSatisfy { HTTPGrammar.lowercase($0) == HTTPGrammar.lowercase($1) }
    }

    /// Whether the head writes `field`: the server writes `Content-Length`, `Connection`, `Transfer-Encoding`
    /// and `X-Content-Type-Options` itself, and no `Content-Type` on a bodiless status.
    private func writes(_ field: Field) -> Bool {
        let name = field.name
        if isBodiless && Self.sameName(name, "content-type") { return false }
        return !Self.sameName(name, "content-length") && !Self.sameName(name, "connection")
            && !Self.sameName(name, "transfer-encoding") && !Self.sameName(name, "x-content-type-options")
    }

    /// Throws the first of the response's own fields that the head would write and cannot write safely
    /// (what ``serializedHead(keepAlive:now:)`` would throw), without writing the head.
    func checkFields() throws(UnsafeField) {
        for field in fields where writes(field) { try Self.check(field) }
    }

    /// The status line and header block, ending with the empty line: the one function that writes a response
    /// head. A `Date` field (RFC 9110 §6.6.1) is written first unless `fields` has one, and
    /// `X-Content-Type-Options: nosniff` on every response (so no browser runs an upload as a page).
    /// - Throws: ``UnsafeField`` when a field name is not a token or a name or value holds CR, LF, NUL or
    ///   another control character (HTAB allowed in values): the head is never written then.
    func serializedHead(keepAlive: Bool, now: Date = Date()) throws(UnsafeField) -> [UInt8] {
        var written: [Field] = []
        if field("Date") == nil { written.append(Field(name: "Date", value: HTTPDate.format(now))) }
        for field in fields where writes(field) { written.append(field) }
        written.append(Field(name: "X-Content-Type-Options", value: "nosniff"))
        if let stream {
            written += stream.framingFields
        } else if events != nil {
            written.append(Field(name: "Transfer-Encoding", value: "chunked"))
        } else if !isBodiless {
            written.append(Field(name: "Content-Length", value: String(body.count)))
        }
        written.append(Field(name: "Connection", value: keepAlive ? "keep-alive" : "close"))
        var text = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        for field in written {
            try Self.check(field)
            text += "\(field.name): \(field.value)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// A header field ``serializedHead(keepAlive:now:)`` refused to write (response splitting, RFC 9112 §2.2).
    struct UnsafeField: Error, Equatable {
        /// The field's name with every control character shown as `\u{XX}` (safe to log).
        let name: String
        /// Why: which part is wrong.
        let reason: String
    }

    /// Throws when `field`'s name is not an RFC 9110 token or its value holds a control character other
    /// than HTAB (C0, DEL and the C1 range U+0080–U+009F).
    static func check(_ field: Field) throws(UnsafeField) {
        let name = field.name
        // The name as it may be logged, made only for a refusal.
        func printable() -> String {
            name.unicodeScalars.map { isControl($0) ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        }
        guard HTTPGrammar.isToken(name.utf8) else {
            throw UnsafeField(name: printable(), reason: "the field name is not a token (RFC 9110 §5.1)")
        }
        if field.value.unicodeScalars.contains(where: { $0 != "\t" && isControl($0) }) {
            throw UnsafeField(
                name: printable(), reason: "the field value holds CR, LF, NUL or another control character")
        }
    }

    /// C0 controls, DEL and C1 controls.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The standard reason phrase for `status` ("Unknown" for codes not listed).
    static func reason(for status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 412: return "Precondition Failed"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Unknown"
        }
    }
}

// MARK: - JSON helpers

/// Encoding and decoding helpers shared by the route files.
enum JSON {
    /// Encodes `value` with sorted keys and unescaped slashes; `{}` if encoding fails.
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    /// Serializes a JSONSerialization object the same way as ``encode(_:)``.
    static func serialize(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
    }

    /// Parses `data` as a JSON object; nil when it is not one.
    static func object(from data: Data) -> [String: Any]? {
        guard !data.isEmpty else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Returns the string at `key` when it is a non-empty string.
    static func string(_ object: [String: Any]?, _ key: String) -> String? {
        guard let value = object?[key] as? String, !value.isEmpty else { return nil }
        return value
    }
}
