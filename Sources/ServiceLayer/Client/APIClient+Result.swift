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

    /// Runs a completion-handler call as `async` (cancelled with the task) and returns its outcome as a
    /// `Result`.
    static func result<Value: Sendable>(
        of start: (@escaping @Sendable (Result<Value, APIError>) -> Void) -> RequestHandle
    ) async -> Result<Value, APIError> {
        do throws(APIError) {
            return .success(try await bridge(start))
        } catch {
            return .failure(error)
        }
    }
}
