import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where one connection of an event stream hands its bytes as they arrive: an answer that is an event
/// stream (a 2xx of `text/event-stream`) is read by an ``EventStreamReader`` and each chunk's events go
/// to ``deliver`` at once; any other answer is kept (up to ``keptBodyLimit``) for the error that says
/// what came instead.
final class EventSink: Sendable {
    /// What the connection's answer turned out to be.
    enum Mode: Sendable, Equatable {
        /// No byte of the body yet.
        case undecided
        /// A 2xx `text/event-stream`: read as events.
        case events
        /// Anything else: kept for the error.
        case other
    }

    /// How one connection ended, as far as the events are concerned.
    struct End: Sendable {
        var mode: Mode
        /// Whether the body ended in the middle of an event (its fields read, no blank line yet).
        var cutMidEvent: Bool
        /// The bytes the unfinished event held, when the body ended in the middle of one.
        var unfinishedBytes: Int
        /// How many events this connection delivered.
        var delivered: Int
        /// The last event ID and reconnection time after this connection (for the next one).
        var lastEventID: String
        var reconnectionTime: Int?
        /// Why the sink cut the connection (an event too large, an `error` event, a buffered stream);
        /// `nil` when it did not.
        var failure: EventStreamProblem?
    }

    /// What a connection watches for besides its events.
    struct Watch: Sendable {
        /// Whether an `error` event ends the stream (the decoded streams) instead of being delivered.
        var endsAtErrorEvent = false
        /// How long bytes may arrive while one event stays unfinished, in seconds; 0 never ends a stream.
        var bufferingLimit: TimeInterval = 0
    }

    /// The most bytes of an answer that is not an event stream kept for its error: 64 KiB.
    static let keptBodyLimit = 64 * 1024
    /// The most bytes one unfinished event may hold (its data and its unfinished line): 16 MiB. A server
    /// that sends more without a blank line is cut off.
    static let maximumPendingBytes = 16 << 20

    private struct State {
        var reader: EventStreamReader
        var mode = Mode.undecided
        var kept = Data()
        var delivered = 0
        var failure: EventStreamProblem?
        /// The URL that answered, once the body began.
        var url: URL?
        /// The secrets the connection's request carried (see `Redaction.secrets(of:headerNames:)`).
        var sentSecrets: [String] = []
        /// When the event under way began to arrive (monotonic seconds, from `DispatchTime`), `nil` between events.
        var underwaySince: TimeInterval?
        /// The bytes that arrived since then.
        var bytesMeanwhile = 0
    }

    private let state: Locked<State>
    private let watch: Watch
    /// Receives each chunk's events, in order, on URLSession's delegate queue (never an empty array),
    /// with the URL that answered.
    let deliver: @Sendable ([ServerSentEvent], URL?) -> Void

    /// A sink for one connection.
    /// - Parameters:
    ///   - lastEventID: The last event ID of the connections before; empty (none) by default.
    ///   - reconnectionTime: The reconnection time they asked for; `nil` by default.
    ///   - watch: What ends the connection besides its end; nothing by default.
    ///   - deliver: Receives the events.
    init(
        lastEventID: String = "", reconnectionTime: Int? = nil, watch: Watch = Watch(),
        deliver: @escaping @Sendable ([ServerSentEvent], URL?) -> Void
    ) {
        self.state = Locked(
            State(reader: EventStreamReader(lastEventID: lastEventID, reconnectionTime: reconnectionTime)))
        self.watch = watch
        self.deliver = deliver
    }

    /// Whether `response` is an event stream: a 2xx whose `Content-Type` is `text/event-stream`
    /// (parameters such as `charset` ignored, as a browser's `EventSource` does).
    static func isEventStream(_ response: URLResponse?) -> Bool {
        guard let http = response as? HTTPURLResponse, (200...299).contains(http.statusCode) else { return false }
        return mediaType(of: http) == "text/event-stream"
    }

    /// The media type of `response`'s `Content-Type`, lowercased and without parameters; `nil` without one.
    static func mediaType(of response: HTTPURLResponse) -> String? {
        guard let value = response.value(forHTTPHeaderField: "Content-Type") else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Takes the next chunk of the body of `response`; returns `false` when the connection must be cut:
    /// an event grew past ``maximumPendingBytes``, an `error` event came (when ``Watch/endsAtErrorEvent``;
    /// the events before it are delivered), or bytes kept arriving for ``Watch/bufferingLimit`` seconds
    /// while one event stayed unfinished (a buffering proxy).
    /// `sentSecrets` are those of the request that was sent (none by default), kept for ``sentSecrets``.
    func received(_ data: Data, response: URLResponse?, sentSecrets: @autoclosure () -> [String] = []) -> Bool {
        // Monotonic seconds, as the rest of the core measures time (`DispatchTime`, not `systemUptime`: a
        // required-reason API of Apple's privacy manifest, which `.ci/privacy.py` holds the package to).
        let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        let (events, keepGoing, url) = state.withLock { state -> ([ServerSentEvent], Bool, URL?) in
            if state.mode == .undecided {
                state.mode = Self.isEventStream(response) ? .events : .other
                state.url = response?.url
                state.sentSecrets = sentSecrets()
            }
            guard state.failure == nil else { return ([], false, state.url) }  // cut already, more came
            guard state.mode == .events else {
                state.kept.append(data.prefix(max(0, Self.keptBodyLimit - state.kept.count)))
                return ([], true, state.url)
            }
            if watch.bufferingLimit > 0, let since = state.underwaySince, now - since >= watch.bufferingLimit {
                state.failure = .buffered(seconds: now - since, bytesReceived: state.bytesMeanwhile + data.count)
                return ([], false, state.url)
            }
            var events = state.reader.read(data)
            if watch.endsAtErrorEvent, let error = events.firstIndex(where: { $0.event == "error" }) {
                let event = events[error]
                state.failure = .errorEvent(type: event.event, data: event.data, id: event.id)
                events.removeSubrange(error...)
            }
            state.delivered += events.count
            if state.reader.pendingByteCount > Self.maximumPendingBytes {
                state.failure = .eventTooLarge(limit: Self.maximumPendingBytes)
            }
            if !state.reader.isEventUnderway {
                state.underwaySince = nil
            } else if state.underwaySince == nil || !events.isEmpty {
                (state.underwaySince, state.bytesMeanwhile) = (now, state.reader.pendingByteCount)
            } else {
                state.bytesMeanwhile += data.count
            }
            return (events, state.failure == nil, state.url)
        }
        if !events.isEmpty { deliver(events, url) }
        return keepGoing
    }

    /// The body kept of an answer that is not an event stream (empty for an event stream).
    var keptBody: Data { state.withLock { $0.kept } }

    /// The secrets the connection's request carried, should the server echo one in an event: a consumer's
    /// error about an event (one that does not decode) is cleaned of them. Empty before the first chunk.
    var sentSecrets: [String] { state.withLock { $0.sentSecrets } }

    /// The connection ended: what it was, and whether an event was cut.
    func end() -> End {
        state.withLock { state in
            let unfinished = state.reader.pendingByteCount
            let cut = state.mode == .events ? state.reader.finish() : false
            return End(
                mode: state.mode, cutMidEvent: cut, unfinishedBytes: cut ? unfinished : 0, delivered: state.delivered,
                lastEventID: state.reader.lastEventID, reconnectionTime: state.reader.reconnectionTime,
                failure: state.failure)
        }
    }
}
