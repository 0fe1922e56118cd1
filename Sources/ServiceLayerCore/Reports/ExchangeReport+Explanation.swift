import Foundation

extension ExchangeReport {
    /// The message of ``error`` with the facts of the request filled in — its URL (without secrets),
    /// its timeout, whether it carried a credential — in ``APIError/messageLanguage``; `nil` for a success.
    public var explanation: APIError.Explanation? { error?.explanation(for: request) }
}
