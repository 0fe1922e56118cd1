import Foundation

// MARK: - What a stream sent, as it went

/// The events an event stream wrote, each with when it went (seconds after the stream's head), shared by
/// the connection that writes them and whoever watches (the inspector reads it while the stream runs).
///
/// Bounded as the inspector's other bodies: the texts of the first ``keptBytes`` bytes are kept; the events
/// after them are only counted.
final class SentEvents: Sendable, Equatable {
    /// One event as it went.
    struct Sent: Sendable, Equatable {
        /// Seconds after the stream's head.
        let offset: TimeInterval
        /// Its text: its field lines and blank line (or what was cut).
        let text: String
    }

    /// The most text kept, in UTF-8 bytes: 16 KB.
    static let keptBytes = 16 * 1024

    private let state = Locked<(kept: [Sent], bytes: Int, untold: Int, open: Bool)>(([], 0, 0, true))

    /// Notes that `text` went `offset` seconds after the head.
    func append(_ text: String, after offset: TimeInterval) {
        state.withLock { state in
            let size = text.utf8.count
            guard state.untold == 0, state.bytes + size <= Self.keptBytes else {
                state.untold += 1
                return
            }
            state.kept.append(Sent(offset: offset, text: text))
            state.bytes += size
        }
    }

    /// Notes that the stream ended (written whole, cut, or closed by the client).
    func finish() {
        state.withLock { $0.open = false }
    }

    /// The events kept so far, in order, how many went after them without being kept, and whether the
    /// stream is still going.
    var snapshot: (kept: [Sent], untold: Int, open: Bool) {
        state.withLock { ($0.kept, $0.untold, $0.open) }
    }

    /// The same log (one is shared, never copied).
    static func == (left: SentEvents, right: SentEvents) -> Bool { left === right }
}
