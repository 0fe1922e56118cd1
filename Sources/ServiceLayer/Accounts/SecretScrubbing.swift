import Foundation

/// Keeps tokens out of the errors the accounts calls return.
///
/// An error that keeps a response body (`.httpStatus`, `.decoding`) gets the body with every secret
/// JSON field (`token`, `password`, ...) replaced by `<redacted>`; a body that is not JSON is replaced
/// by its size. The server's `message` stays, so ``APIError/serverMessage`` still reads it.
enum SecretScrubbing {
    static func scrub(_ error: APIError) -> APIError {
        switch error {
        case .httpStatus(let code, let body): return .httpStatus(code: code, body: redacted(body))
        case .decoding(let description, let body): return .decoding(description: description, body: redacted(body))
        default: return error
        }
    }

    private static func redacted(_ body: Data) -> Data {
        body.isEmpty ? body : Data(Redaction.body(body, limit: .max).utf8)
    }
}
