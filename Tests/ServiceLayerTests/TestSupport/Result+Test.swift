import XCTest

@testable import ServiceLayer
@testable import ServiceLayerCore

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

extension XCTestCase {
    /// The error of a failed result; fails the test on success (a `nil` result was reported by the wait).
    func failure<Value>(
        _ result: Result<Value, APIError>?, file: StaticString = #filePath, line: UInt = #line
    ) -> APIError? {
        switch result {
        case .failure(let error): return error
        case .success(let value):
            XCTFail("expected a failure, got \(value)", file: file, line: line)
            return nil
        case nil: return nil
        }
    }

    /// The value of a successful result; fails the test on failure (a `nil` result was reported by the
    /// wait).
    func success<Value>(
        _ result: Result<Value, APIError>?, file: StaticString = #filePath, line: UInt = #line
    ) -> Value? {
        switch result {
        case .success(let value): return value
        case .failure(let error):
            XCTFail("expected a success, got \(error)", file: file, line: line)
            return nil
        case nil: return nil
        }
    }
}
