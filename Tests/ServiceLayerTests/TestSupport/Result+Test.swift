@testable import ServiceLayer

extension Result {
    /// The success value, or `nil` for a failure.
    var successValue: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The error, or `nil` for a success.
    var failureError: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
