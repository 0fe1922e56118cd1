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
        let outcome = exchange(outgoing)
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
        let body = chunks.reduce(into: Data()) { $0 += $1.bytes }
        // A 200 event stream is kept as its events, each with the wait before it, and answered with them
        // (once the upstream has ended it) at the pace they came.
        var stream: StreamRecording?
        if status == 200, StreamRecording.isEventStream(http.value(forHTTPHeaderField: "Content-Type")) {
            stream = StreamRecording(chunks: chunks)
            if stream?.pieces.isEmpty == true { stream = nil }
        }
        var answer = HTTPResponse(status: status, contentType: nil, body: stream == nil ? body : Data(), fields: fields)
        answer.events = stream.map { stream in
            EventStreamBody(events: stream.pieces.map { .init(wait: TimeInterval($0.wait) / 1000, raw: $0.raw) })
        }
        if request.method != "HEAD", request.method != "OPTIONS" {
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
        return answer
    }

    /// Sends `request` and waits for the whole answer: its head and its body as it came, each chunk with
    /// its arrival in seconds after the head.
    private func exchange(_ request: URLRequest) -> Result<(HTTPURLResponse, [UpstreamTransfers.Chunk]), URLError> {
        let task = session.dataTask(with: request)
        let transfer = transfers.begin(task)
        task.resume()
        transfer.done.wait()
        return transfer.result
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
/// itself), and collects each answer's head and body chunks with when they came (so a stream is recorded
/// with its timing).
private final class UpstreamTransfers: NSObject, URLSessionDataDelegate, Sendable {
    /// Bytes that came together, and when: seconds after the head.
    typealias Chunk = (offset: TimeInterval, bytes: Data)

    /// One request's answer as it comes.
    final class Transfer: Sendable {
        /// Signalled when the answer is complete (or failed).
        let done = DispatchSemaphore(value: 0)
        fileprivate let state = Locked<(head: HTTPURLResponse?, at: Date, chunks: [Chunk], error: URLError?)>(
            (nil, Date(), [], nil))

        /// The head and the chunks, or why there is no answer.
        var result: Result<(HTTPURLResponse, [Chunk]), URLError> {
            state.withLock { state in
                guard let head = state.head else { return .failure(state.error ?? URLError(.badServerResponse)) }
                return .success((head, state.chunks))
            }
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
        transfer(dataTask)?.state.withLock { state in
            state.head = response as? HTTPURLResponse
            state.at = Date()
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(dataTask)?.state.withLock { state in
            state.chunks.append((Date().timeIntervalSince(state.at), data))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            // With a head, what came is the answer (a cut body too, as the upstream sent it).
            transfer.state.withLock { $0.error = (error as? URLError) ?? URLError(.badServerResponse) }
        }
        transfer.done.signal()
    }
}
