import Foundation

/// How far one call's transfer has come: the bytes sent and received so far, and the totals expected.
///
/// Handed to the `progress:` closure of ``APIClient/send(_:progress:completion:)`` (on the main actor)
/// and by ``Transfer/progress`` (an `AsyncSequence`), at most about 30 times a second. When a try is
/// retried, the next values start again from zero with ``attempt`` one higher, so a progress bar goes
/// back visibly instead of lying.
public struct TransferProgress: Sendable, Equatable {
    /// The body bytes sent so far in this try.
    public var bytesSent: Int64
    /// The body's length: `0` for a request without a body; `nil` when unknown.
    public var totalBytesToSend: Int64?
    /// The answer's body bytes received so far in this try.
    public var bytesReceived: Int64
    /// The answer's `Content-Length`; `nil` when the server did not say (a chunked answer) or before
    /// the answer's head arrived.
    public var totalBytesToReceive: Int64?
    /// The try these bytes belong to: `1` for the first.
    public var attempt: Int

    /// Creates a value (for tests and previews).
    /// - Parameters:
    ///   - bytesSent: Bytes sent; `0` by default.
    ///   - totalBytesToSend: The body's length; `nil` (unknown) by default.
    ///   - bytesReceived: Bytes received; `0` by default.
    ///   - totalBytesToReceive: The answer's length; `nil` (unknown) by default.
    ///   - attempt: The try; `1` by default.
    public init(
        bytesSent: Int64 = 0, totalBytesToSend: Int64? = nil, bytesReceived: Int64 = 0,
        totalBytesToReceive: Int64? = nil, attempt: Int = 1
    ) {
        self.bytesSent = bytesSent
        self.totalBytesToSend = totalBytesToSend
        self.bytesReceived = bytesReceived
        self.totalBytesToReceive = totalBytesToReceive
        self.attempt = attempt
    }

    /// The share of the upload done, from 0 to 1; `nil` when its total is unknown or zero.
    public var fractionSent: Double? {
        guard let total = totalBytesToSend, total > 0 else { return nil }
        return min(1, Double(bytesSent) / Double(total))
    }

    /// The share of the download done, from 0 to 1; `nil` when its total is unknown or zero.
    public var fractionReceived: Double? {
        guard let total = totalBytesToReceive, total > 0 else { return nil }
        return min(1, Double(bytesReceived) / Double(total))
    }
}
