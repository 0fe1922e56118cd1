import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Reading a response

extension Endpoint {
    /// Reads a 2xx response body the way the client does: decodes JSON for a `Decodable` response,
    /// returns the bytes for `Data`, ignores the body for `Void`. A body that does not decode gives
    /// ``APIError/decoding(description:body:)`` naming the coding path, with the body kept.
    ///
    /// The client calls this after validating the status; call it yourself to test an endpoint's
    /// decoding against a saved response without any network.
    /// - Parameters:
    ///   - body: The response body.
    ///   - response: The HTTP response it came with.
    ///   - decoder: The JSON decoder; a plain `JSONDecoder()` by default.
    public func parse(_ body: Data, response: HTTPURLResponse, decoder: JSONDecoder = JSONDecoder()) -> Result<
        Response, APIError
    > {
        do {
            return .success(try decode(body, response, decoder))
        } catch {
            let description = DecodingErrorDescription.describe(
                error, bodyIsEmpty: body.isEmpty, status: response.statusCode)
            return .failure(.decoding(description: description, body: body))
        }
    }
}
