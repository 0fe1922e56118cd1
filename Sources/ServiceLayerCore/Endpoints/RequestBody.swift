import Foundation

/// What a request sends, and how it is turned into bytes when the request is built.
struct RequestBody: Sendable {
    /// How the bytes are made.
    enum Encoding: Sendable {
        /// JSON from a value whose `Encodable` conformance may run anywhere.
        case json(@Sendable (JSONEncoder) throws -> Data)
        /// JSON from a value whose `Encodable` conformance is main-actor isolated: encoded on the main
        /// actor before the request is built.
        case jsonOnMainActor(@MainActor @Sendable (JSONEncoder) throws -> Data)
        /// These bytes, as they are.
        case bytes(Data)
        /// A file's bytes, read from disk as they are sent (see Transfers/).
        case file(URL)
        /// A `multipart/form-data` form: in memory when it has no file parts, else written to a
        /// temporary file just before it is sent (see ``MultipartForm``).
        case multipart(MultipartForm)
    }

    let encoding: Encoding
    /// The `Content-Type` header sent with it.
    let contentType: String

    /// The body as bytes, on any thread; `nil` for a body that must be encoded on the main actor.
    func encodedHere(with encoder: JSONEncoder) -> Result<Data, APIError>? {
        switch encoding {
        case .json(let encode): return Self.encoding { try encode(encoder) }
        case .bytes(let data): return .success(data)
        case .multipart(let form) where !form.hasFiles: return Result { () throws(APIError) in try form.data() }
        case .file, .multipart: return .success(Data())  // sent from disk by the exchange (``upload``)
        case .jsonOnMainActor: return nil
        }
    }

    /// The body as bytes, on the main actor.
    @MainActor
    func encodedOnMainActor(with encoder: JSONEncoder) -> Result<Data, APIError> {
        switch encoding {
        case .jsonOnMainActor(let encode): return Self.encoding { try encode(encoder) }
        case .json, .bytes, .file, .multipart: return encodedHere(with: encoder) ?? .success(Data())
        }
    }

    /// Whether the body can only be encoded on the main actor.
    var encodesOnMainActor: Bool {
        if case .jsonOnMainActor = encoding { return true }
        return false
    }

    /// Whether the body is an upload (a file or a multipart form): on a non-idempotent method it is
    /// never retried, even when the endpoint allows retries.
    var isUpload: Bool {
        switch encoding {
        case .file, .multipart: return true
        default: return false
        }
    }

    /// How the body goes up when it is not in the request: a file, or a form with file parts; `.none`
    /// when the request's `httpBody` holds it.
    var upload: TransferPlan.Upload {
        switch encoding {
        case .file(let url): return .file(url)
        case .multipart(let form) where form.hasFiles: return .form(form)
        default: return .none
        }
    }

    private static func encoding(_ encode: () throws -> Data) -> Result<Data, APIError> {
        do {
            return .success(try encode())
        } catch {
            return .failure(.invalidRequest(EncodingProblem.problem(error)))
        }
    }
}
