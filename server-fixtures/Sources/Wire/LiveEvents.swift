import Foundation

// MARK: - Events that come while their stream is written

/// Events made while their stream is being written (a recorded upstream's, forwarded as they come): whoever
/// makes them adds them and ends them; the stream's writer takes them as they are there, and says when its
/// client is gone so that the maker may stop.
final class LiveEvents: Sendable, Equatable {
    private let state = Locked<(waiting: [String], ended: Bool, abandoned: Bool)>(([], false, false))
    private let onAbandon: @Sendable () -> Void

    /// Events to come; `onAbandon` runs (once) when the stream's client is gone, to stop their making.
    init(onAbandon: @escaping @Sendable () -> Void = {}) {
        self.onAbandon = onAbandon
    }

    /// Adds an event's text (written as it is).
    func add(_ text: String) {
        state.withLock { $0.waiting.append(text) }
    }

    /// No more events will come.
    func end() {
        state.withLock { $0.ended = true }
    }

    /// The events added since the last call (taken), and whether no more will come.
    func take() -> (texts: [String], ended: Bool) {
        state.withLock { state in
            defer { state.waiting.removeAll() }
            return (state.waiting, state.ended)
        }
    }

    /// Notes that the stream's client is gone (or the server stops).
    func abandon() {
        let first = state.withLock { state in
            defer { state.abandoned = true }
            return !state.abandoned
        }
        if first { onAbandon() }
    }

    /// Whether the stream's client is gone: no one reads what is added.
    var isAbandoned: Bool {
        state.withLock { $0.abandoned }
    }

    /// The same events (one is shared, never copied).
    static func == (left: LiveEvents, right: LiveEvents) -> Bool { left === right }
}
