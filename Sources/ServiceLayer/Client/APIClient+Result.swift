import Foundation

extension APIClient {
    /// Sends `endpoint` and returns its outcome as a `Result`, so an `async` twin can share the
    /// completion method's handling of it.
    func result<Response>(of endpoint: Endpoint<Response>) async -> Result<Response, APIError> {
        do throws(APIError) {
            return .success(try await send(endpoint))
        } catch {
            return .failure(error)
        }
    }
}
