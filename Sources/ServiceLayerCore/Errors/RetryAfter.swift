import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIError {
    /// How long a server asks the client to wait before its next request: the `Retry-After` header of a
    /// 429 (Too Many Requests) or 503 (Service Unavailable) answer (RFC 9110 §10.2.3, RFC 6585 §4), kept
    /// in ``APIError/Body/retryAfter`` so that the message names it.
    public enum RetryAfter: Sendable, Hashable {
        /// A number of seconds (`Retry-After: 120`).
        case seconds(Int)
        /// A moment (`Retry-After: Wed, 21 Oct 2026 07:28:00 GMT`).
        case date(Date)

        /// The value of a `Retry-After` header: delay-seconds (ASCII digits only, so `1.5`, `+5` and `inf`
        /// are not) or an HTTP date in the IMF-fixdate form; `nil` for anything else.
        /// - Parameter headerValue: The header's value as sent.
        public init?(headerValue: String) {
            let value = headerValue.trimmingCharacters(in: .whitespaces)
            if !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                guard let seconds = Int(value) else { return nil }  // more digits than an Int holds
                self = .seconds(seconds)
            } else if let date = Self.formatter().date(from: value) {
                self = .date(date)
            } else {
                return nil
            }
        }

        /// The `Retry-After` of `response` when it is a 429 or a 503; `nil` otherwise.
        init?(_ response: HTTPURLResponse) {
            guard [429, 503].contains(response.statusCode),
                let value = response.value(forHTTPHeaderField: "Retry-After")
            else { return nil }
            self.init(headerValue: value)
        }

        /// The date as the header writes it (IMF-fixdate, `Wed, 21 Oct 2026 07:28:00 GMT`).
        static func text(of date: Date) -> String { formatter().string(from: date) }

        /// IMF-fixdate (RFC 9110 §5.6.7), in English and GMT whatever the user's locale.
        private static func formatter() -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter
        }
    }
}
