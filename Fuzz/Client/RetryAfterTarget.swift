import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Retry-After and the ISO 8601 timestamps

/// The input as a `Retry-After` on a 503: read as delay-seconds (RFC 9110 §10.2.3: digits only), and the
/// retry policy's wait from it is within 0 and `maximumDelay`. The input as an ISO 8601 time
/// (`Timestamp.date(from:)`): a date it reads, printed again, reads as the same date.
let retryAfterFuzzTarget = FuzzTarget(name: "retry-after") { data in
    let text = String(decoding: data.prefix(256), as: UTF8.self)
    if let url = URL(string: "https://example.com/a"),
        let response = HTTPURLResponse(
            url: url, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: ["Retry-After": text])
    {
        let seconds = RequestTries.retryAfter(in: response)
        let value = response.value(forHTTPHeaderField: "Retry-After") ?? ""
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        let isDelay = !trimmed.isEmpty && trimmed.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        fuzzCheck(
            (seconds != nil) == isDelay, "Retry-After \(value.debugDescription) read as \(String(describing: seconds))")
        if let seconds {
            fuzzCheck(seconds.isFinite && seconds >= 0, "Retry-After \(value.debugDescription) read as \(seconds)")
            let wait = RetryPolicy.default.delay(beforeRetry: 1, retryAfter: seconds)
            fuzzCheck(wait >= 0 && wait <= RetryPolicy.default.maximumDelay, "a wait of \(wait) s")
        }
    }
    // Years 1 to 9999 only: ISO 8601's four-digit years (Foundation's parser also reads some text far from
    // ISO 8601 as dates tens of millennia away, e.g. "2120226-11-29T21:6-11-29T0:(:0"; left to Foundation).
    let range = Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)
    if let date = Timestamp.date(from: text), range.contains(date) {
        let printed = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        let again = Timestamp.date(from: printed)
        fuzzCheck(
            again.map { abs($0.timeIntervalSince(date)) < 0.001 } ?? false,
            "\(text) → \(printed) → \(String(describing: again))")
    }
}
