import Foundation

// MARK: - What the server saw: the last requests, secrets masked

/// The last ``capacity`` exchanges the server answered, for `GET /_inspector`: each request and its answer
/// with secrets masked (``InspectorMask``), and for a 4xx why it happened — the reason the server already
/// wrote into its `{"error": ...}` (the nearest route, the field of the wrong kind), and the `Allow` of a 405.
/// Thread-safe; the inspector's own requests are not kept.
///
/// Recording costs next to nothing on the request's path: an exchange is kept as the request and response
/// values it already is (their bodies are shared, not copied) in a ring of ``capacity`` slots, and masked,
/// parsed and formatted only when a page or `/_inspector/requests` asks. Only an exchange whose bodies are
/// larger than ``keptWhole`` bytes is formatted at once, so the ring never holds more than that per slot.
final class Inspector: Sendable {
    /// One exchange, as `/_inspector/requests` lists it.
    struct Entry: Sendable {
        var number: Int
        let time: Date
        let milliseconds: Int
        let method: String
        let path: String
        let query: [String: String]
        let status: Int
        let requestHeaders: [String: String]
        let requestBody: String
        let responseHeaders: [(name: String, value: String)]
        let responseBody: String
        let reason: String?
        let upstream: Bool
        /// Whether the answer is a stream still going (its events so far are in ``responseBody``).
        var streaming = false
    }

    /// One exchange as recorded: the values themselves, or for large bodies the entry made at once.
    private enum Kept: Sendable {
        /// The request, and the response with its stream left out (`streamed` is the stream's length).
        case exchange(
            number: Int, started: Date, milliseconds: Int, request: HTTPRequest, response: HTTPResponse,
            streamed: Int?)
        /// An exchange whose bodies were too large to keep, formatted when it was recorded.
        case formatted(Entry)

        var number: Int {
            switch self {
            case .exchange(let number, _, _, _, _, _): return number
            case .formatted(let entry): return entry.number
            }
        }
    }

    /// The ring: up to ``capacity`` exchanges; once full, `slots[(next - 1) % capacity]` is the oldest.
    private struct Ring {
        var slots: [Kept] = []
        var next = 1
    }

    /// How many exchanges are kept (the oldest goes first).
    static let capacity = 200
    /// How many bytes of a body are shown.
    static let bodyLimit = 16 * 1024
    /// The most body bytes (request and response together) an exchange may have to be kept as it is.
    static let keptWhole = 64 * 1024

    private let ring = Locked(Ring())
    /// Whether answers come from an upstream (`--record`).
    let recording: Bool

    /// An empty inspector; `recording` marks every answer as the upstream's.
    init(recording: Bool = false) {
        self.recording = recording
    }

    /// Whether `path` is the inspector's own (never kept, never under CORS).
    static func isOwn(_ path: String) -> Bool {
        path == "/_inspector" || path.hasPrefix("/_inspector/")
    }

    /// Keeps `request` and the `response` written for it, begun at `started`; masked and formatted later.
    func record(_ request: HTTPRequest, _ response: HTTPResponse, started: Date) {
        guard !Self.isOwn(request.routePath) else { return }
        let millis = max(0, Int(Date().timeIntervalSince(started) * 1000))
        var kept = response
        let streamed = response.stream?.length
        kept.stream = nil
        let large = request.body.count + (streamed == nil ? response.body.count : 0) > Self.keptWhole
        let formatted =
            large
            ? format(number: 0, started: started, milliseconds: millis, request, kept, streamed: streamed) : nil
        ring.withLock { ring in
            let number = ring.next
            ring.next += 1
            let slot: Kept
            if var formatted {
                formatted.number = number
                slot = .formatted(formatted)
            } else {
                slot = .exchange(
                    number: number, started: started, milliseconds: millis, request: request, response: kept,
                    streamed: streamed)
            }
            if ring.slots.count < Self.capacity {
                ring.slots.append(slot)
            } else {
                ring.slots[(number - 1) % Self.capacity] = slot
            }
        }
    }

    /// The exchanges kept, oldest first, formatted now.
    var entries: [Entry] { entries(after: 0) }

    /// The exchanges kept whose number is above `after`, oldest first, formatted now (only those).
    func entries(after: Int) -> [Entry] {
        let kept = ring.withLock { ring -> [Kept] in
            guard ring.slots.count == Self.capacity else { return ring.slots }
            let oldest = (ring.next - 1) % Self.capacity
            return Array(ring.slots[oldest...] + ring.slots[..<oldest])
        }
        return kept.filter { $0.number > after }.map { kept in
            switch kept {
            case .formatted(let entry):
                return entry
            case .exchange(let number, let started, let milliseconds, let request, let response, let streamed):
                return format(
                    number: number, started: started, milliseconds: milliseconds, request, response,
                    streamed: streamed)
            }
        }
    }

    /// The entry of one exchange: secrets masked, bodies as text, the reason of a 4xx.
    private func format(
        number: Int, started: Date, milliseconds: Int, _ request: HTTPRequest, _ response: HTTPResponse,
        streamed: Int?
    ) -> Entry {
        let secrets = InspectorMask.values(in: request)
        let responseBody: String
        if let streamed {
            responseBody = "(\(streamed) bytes, streamed)"
        } else if let sent = response.events?.sent {
            responseBody = Self.streamText(sent, secrets: secrets)
        } else if request.method == "HEAD" || response.isBodiless {
            responseBody = ""
        } else {
            responseBody = InspectorMask.body(
                response.body, contentType: response.field("Content-Type"), secrets: secrets)
        }
        var entry = Entry(
            number: number, time: started, milliseconds: milliseconds, method: request.method,
            path: request.path, query: InspectorMask.query(request.query),
            status: response.status, requestHeaders: InspectorMask.headers(request.headers),
            requestBody: InspectorMask.body(
                request.body, contentType: request.headers["content-type"], secrets: secrets),
            responseHeaders: response.fields.map {
                (name: $0.name, value: InspectorMask.isSecretHeader($0.name) ? InspectorMask.mask : $0.value)
            },
            responseBody: responseBody, reason: Self.reason(response, language: TeachingLanguage(for: request)),
            upstream: recording)
        entry.streaming = response.events?.sent?.snapshot.open ?? false
        return entry
    }

    /// A stream's events as they went, so far: each after a line `+N ms` (its time after the head), with
    /// the request's credential values masked; the events not kept (past ``SentEvents/keptBytes``) counted.
    static func streamText(_ sent: SentEvents, secrets: [String]) -> String {
        let (kept, untold, _) = sent.snapshot
        var text = kept.map { event in
            var body = event.text
            for secret in secrets { body = body.replacingOccurrences(of: secret, with: InspectorMask.mask) }
            return "+\(Int((event.offset * 1000).rounded())) ms\n\(body)"
        }.joined()
        if untold > 0 { text += "… and \(untold) more event\(untold == 1 ? "" : "s") (not kept)" }
        return text
    }

    /// Why a 4xx happened: the `error` (or `message`) the server wrote, and the `Allow` of a 405, with the
    /// inspector's own words in `language` (the request's): each part ends as a sentence of that language
    /// does (`。` in Chinese, `.` otherwise), and the parts are joined as it joins sentences.
    static func reason(_ response: HTTPResponse, language: TeachingLanguage = .english) -> String? {
        guard (400..<500).contains(response.status) else { return nil }
        var parts: [String] = []
        if let object = try? JSONReader.parse(response.body).value.objectValue,
            let text = object["error"]?.stringValue ?? object["message"]?.stringValue
        {
            parts.append(text)
        }
        if response.status == 405, let allow = response.field("Allow") {
            parts.append(Teaching.inspectorAllowed(methods: allow).text(language))
        }
        if let challenge = response.field("WWW-Authenticate") {
            parts.append(Teaching.inspectorChallenge(challenge).text(language))
        }
        if parts.isEmpty {
            parts.append(
                Teaching.inspectorNoReason(status: response.status, phrase: HTTPResponse.reason(for: response.status))
                    .text(language))
        }
        let chinese = language == .traditionalChinese || language == .simplifiedChinese
        let ends: Set<Character> = [".", "?", "!", "。", "？", "！"]
        let sentences = parts.map { part in
            guard let last = part.last, !ends.contains(last) else { return part }
            // A part that ends in CJK text takes `。`, one that ends in code or Latin text `.`.
            return part + (chinese && !last.isASCII ? "。" : ".")
        }
        // Chinese sentences follow each other without a space, except after a Latin `.`.
        return sentences.dropFirst().reduce(sentences[0]) { text, next in
            text + (chinese && text.last != "." ? "" : " ") + next
        }
    }

    /// `{"requests": [...newest first...], "capacity": 200}` of the entries after `after` (all when 0).
    func json(after: Int = 0) -> Data {
        let list: [ServerJSON] = entries(after: after).reversed().map { entry in
            var object: [String: ServerJSON] = [
                "number": .int(entry.number), "time": .string(ReqresRoutes.timestamp(entry.time)),
                "milliseconds": .int(entry.milliseconds), "method": .string(entry.method), "path": .string(entry.path),
                "query": .object(entry.query.mapValues(ServerJSON.string)), "status": .int(entry.status),
                "requestHeaders": .object(entry.requestHeaders.mapValues(ServerJSON.string)),
                "requestBody": .string(entry.requestBody),
                "responseHeaders": .array(entry.responseHeaders.map { .array([.string($0.name), .string($0.value)]) }),
                "responseBody": .string(entry.responseBody), "upstream": .bool(entry.upstream),
            ]
            if let reason = entry.reason { object["reason"] = .string(reason) }
            if entry.streaming { object["streaming"] = .bool(true) }
            return .object(object)
        }
        return ServerJSON.object(["requests": .array(list), "capacity": .int(Self.capacity)]).serialized()
    }
}
