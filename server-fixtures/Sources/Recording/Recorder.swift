import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - --record UPSTREAM: forward, answer, save

/// Forwards every request to a real API with URLSession, answers with what came back, and saves each
/// answer into an `--api` folder's `routes.json` (bodies in `recorded/` beside it) so that
/// `fixture-server --api FOLDER` replays it offline.
///
/// What is saved carries no secret: the match key is the method, the path and the query without its
/// secret items (`api_key`, `token`, `key`, ...; see ``RecordingSecrets``); `Authorization`, cookies and
/// `Set-Cookie` are never saved, and any credential value the request carried is replaced by `<redacted>`
/// wherever it would be saved (a body or header that echoes it). The request body is not part of the key
/// (it may hold a password): the last answer for a method, path and query wins.
final class Recorder: Sendable {
    /// The API requests go to, e.g. `https://api.themoviedb.org/3/`.
    let upstream: URL
    /// The folder being written.
    let folder: URL
    private let session: URLSession
    private let transfers = UpstreamTransfers()
    private let book: Locked<RecordBook>
    private let logger: (@Sendable (String) -> Void)?

    /// Seconds the upstream has to answer.
    static let timeout: TimeInterval = 30

    /// A recorder into `folder` (created if missing), extending its `routes.json` if it has one.
    /// - Throws: ``APIFolderError`` when the folder cannot be made or its `routes.json` is not valid.
    init(upstream: URL, folder: URL, logger: (@Sendable (String) -> Void)?) throws(APIFolderError) {
        guard let scheme = upstream.scheme?.lowercased(), scheme == "http" || scheme == "https", upstream.host != nil
        else {
            throw APIFolderError(
                file: upstream.absoluteString, line: 0, field: "",
                message: "is not an http or https URL (e.g. https://api.themoviedb.org/3/)")
        }
        self.upstream = upstream
        self.folder = folder
        self.logger = logger
        book = Locked(try RecordBook(folder: folder))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = Self.timeout
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Forwards `request`, answers with the upstream's answer, and saves it (not for HEAD).
    func forward(_ request: HTTPRequest) -> HTTPResponse {
        let target = request.target.hasPrefix("/") ? request.target : request.path
        var base = upstream.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + target) else {
            return .teaching(
                400, .cannotForward(path: request.path, upstream: upstream.absoluteString), for: request)
        }
        var outgoing = URLRequest(url: url, timeoutInterval: Self.timeout)
        outgoing.httpMethod = request.method
        for (name, value) in request.headers where !RecordingSecrets.unforwardedHeaders.contains(name) {
            outgoing.setValue(value, forHTTPHeaderField: name)
        }
        if !request.body.isEmpty { outgoing.httpBody = request.body }
        let task = session.dataTask(with: outgoing)
        let transfer = transfers.begin(task)
        task.resume()
        // Signalled at the end of the answer, or at a 200 event stream's head.
        transfer.ready.wait()
        let outcome = transfer.result
        guard case .success(let (http, chunks)) = outcome else {
            let place = Self.publicPlace(url)
            var why: String?
            if case .failure(let error) = outcome { why = error.localizedDescription }
            return .teaching(502, .recordingFailed(method: request.method, place: place, reason: why), for: request)
        }
        var fields: [HTTPResponse.Field] = []
        for (key, value) in http.allHeaderFields {
            let name = String(describing: key)
            let text = String(describing: value)
            guard !RecordingSecrets.unansweredHeaders.contains(name.lowercased()),
                !name.lowercased().hasPrefix("access-control-"), Self.isSafeField(name, text)
            else { continue }
            fields.append(.init(name: name, value: text))
        }
        fields.sort { $0.name.lowercased() < $1.name.lowercased() }
        let status = (200...599).contains(http.statusCode) ? http.statusCode : 502
        if let live = transfer.live {
            // A 200 event stream: forwarded event by event as it comes, saved as its events, each with the
            // wait before it, when the upstream ends it (or once the client left, what came until then).
            let saved = fields
            transfer.whenStreamEnds { stream in
                self.save(request, status: status, fields: saved, body: Data(), stream: stream)
            }
            var answer = HTTPResponse(status: status, contentType: nil, fields: fields)
            answer.events = EventStreamBody(events: [], live: live)
            return answer
        }
        let body = chunks.reduce(into: Data()) { $0 += $1.bytes }
        save(request, status: status, fields: fields, body: body, stream: nil)
        return HTTPResponse(status: status, contentType: nil, body: body, fields: fields)
    }

    /// Saves an answer into the book (not for HEAD and OPTIONS, which the replay answers itself), and logs it.
    private func save(
        _ request: HTTPRequest, status: Int, fields: [HTTPResponse.Field], body: Data, stream: StreamRecording?
    ) {
        guard request.method != "HEAD", request.method != "OPTIONS" else { return }
        let secrets = RecordingSecrets.values(in: request)
        do {
            let file = try book.withLock { book throws(APIFolderError) in
                try book.save(
                    request: request, status: status, fields: fields, body: body, stream: stream, secrets: secrets)
            }
            logger?("recorded \(request.method) \(request.path) -> \(status) into \(file)")
        } catch {
            logger?("fixture-server: could not save \(request.method) \(request.path): \(error)")
        }
    }

    /// `scheme://host:port/path` of `url`, without its query (which may hold a key).
    static func publicPlace(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.user = nil
        components?.password = nil
        return components?.string ?? url.path
    }

    /// Whether a header field is safe to write again: a token name, a value without control characters.
    static func isSafeField(_ name: String, _ value: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }
            && value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }
    }
}

/// The session's delegate: hands a redirect back instead of following it (so the recording holds the 3xx
/// itself), and collects each answer's head and body chunks with when they came; a 200 event stream's
/// events are handed on as they complete (``LiveEvents``), so it is forwarded live and recorded with its timing.
private final class UpstreamTransfers: NSObject, URLSessionDataDelegate, Sendable {
    /// Bytes that came together, and when: seconds after the head.
    typealias Chunk = (offset: TimeInterval, bytes: Data)

    /// One request's answer as it comes.
    final class Transfer: Sendable {
        /// Signalled once: when the answer is complete (or failed), or at a 200 event stream's head.
        let ready = DispatchSemaphore(value: 0)
        fileprivate struct State {
            var head: HTTPURLResponse?
            var at = Date()
            var chunks: [Chunk] = []
            var error: URLError?
            var live: LiveEvents?
            var cutter = StreamRecording.Cutter()
            var pieces: [StreamRecording.Piece] = []
            var ended = false
            var onEnd: (@Sendable (StreamRecording?) -> Void)?
        }
        fileprivate let state = Locked(State())

        /// The head and the chunks, or why there is no answer.
        var result: Result<(HTTPURLResponse, [Chunk]), URLError> {
            state.withLock { state in
                guard let head = state.head else { return .failure(state.error ?? URLError(.badServerResponse)) }
                return .success((head, state.chunks))
            }
        }

        /// The events of a 200 event stream, as they come; nil for any other answer.
        var live: LiveEvents? { state.withLock { $0.live } }

        /// Runs `action` once the stream ended, with its events (nil when none came).
        func whenStreamEnds(_ action: @escaping @Sendable (StreamRecording?) -> Void) {
            let recording = state.withLock { state -> StreamRecording?? in
                guard state.ended else {
                    state.onEnd = action
                    return .none
                }
                return .some(state.pieces.isEmpty ? nil : StreamRecording(pieces: state.pieces))
            }
            if case .some(let stream) = recording { action(stream) }
        }
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    /// Starts following `task` (before it is resumed).
    func begin(_ task: URLSessionTask) -> Transfer {
        let transfer = Transfer()
        transfers.withLock { $0[task.taskIdentifier] = transfer }
        return transfer
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let transfer = transfer(dataTask) {
            let http = response as? HTTPURLResponse
            let stream =
                http?.statusCode == 200
                && StreamRecording.isEventStream(http?.value(forHTTPHeaderField: "Content-Type"))
            transfer.state.withLock { state in
                state.head = http
                state.at = Date()
                // The client left: stop the upstream (what came is saved).
                if stream { state.live = LiveEvents(onAbandon: { dataTask.cancel() }) }
            }
            if stream { transfer.ready.signal() }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask) else { return }
        let abandoned = transfer.state.withLock { state -> Bool in
            let offset = Date().timeIntervalSince(state.at)
            guard let live = state.live else {
                state.chunks.append((offset, data))
                return false
            }
            for piece in state.cutter.append(data, at: offset) {
                state.pieces.append(piece)
                live.add(piece.raw)
            }
            return live.isAbandoned
        }
        if abandoned { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let (live, onEnd, recording) = transfer.state.withLock { state in
            // With a head, what came is the answer (a cut body too, as the upstream sent it).
            if let error { state.error = (error as? URLError) ?? URLError(.badServerResponse) }
            guard let live = state.live else { return (LiveEvents?.none, state.onEnd, StreamRecording?.none) }
            if let last = state.cutter.finish() {
                state.pieces.append(last)
                live.add(last.raw)
            }
            state.ended = true
            defer { state.onEnd = nil }
            return (live, state.onEnd, state.pieces.isEmpty ? nil : StreamRecording(pieces: state.pieces))
        }
        guard let live else {
            transfer.ready.signal()
            return
        }
        // Saved before the stream's end is written, so that a client that read the end finds it saved.
        onEnd?(recording)
        live.end()
    }
}
