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
        session = URLSession(configuration: configuration, delegate: RefusesRedirects(), delegateQueue: nil)
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
        guard case .success(let (http, body)) = outcome else {
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
        let answer = HTTPResponse(status: status, contentType: nil, body: body, fields: fields)
        if request.method != "HEAD", request.method != "OPTIONS" {
            let secrets = RecordingSecrets.values(in: request)
            do {
                let file = try book.withLock { book throws(APIFolderError) in
                    try book.save(request: request, status: status, fields: fields, body: body, secrets: secrets)
                }
                logger?("recorded \(request.method) \(request.path) -> \(status) into \(file)")
            } catch {
                logger?("fixture-server: could not save \(request.method) \(request.path): \(error)")
            }
        }
        return answer
    }

    /// Sends `request` and waits for the whole answer.
    private func exchange(_ request: URLRequest) -> Result<(HTTPURLResponse, Data), URLError> {
        let result = Locked<Result<(HTTPURLResponse, Data), URLError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            if let http = response as? HTTPURLResponse {
                result.withLock { $0 = .success((http, data ?? Data())) }
            } else {
                result.withLock { $0 = .failure((error as? URLError) ?? URLError(.badServerResponse)) }
            }
            done.signal()
        }.resume()
        done.wait()
        return result.withLock { $0 } ?? .failure(URLError(.unknown))
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

/// Makes URLSession hand a redirect back instead of following it, so the recording holds the 3xx itself.
private final class RefusesRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
