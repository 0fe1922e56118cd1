import Foundation
import Loopback

/// A loopback server that answers whatever arrives on a connection — an HTTP request or a TLS
/// handshake — with the same bytes, at once, and closes: a plain-HTTP server as an `https://` URL meets
/// it (it answers the handshake with a `400` in plain text), or a server that cuts its body short.
final class OneAnswerServer: Sendable {
    /// `http://127.0.0.1:<port>/`.
    var baseURL: URL { listener.baseURL }
    private let listener: LoopbackListener

    /// Starts a server on a free loopback port that writes `answer` on every connection.
    init(answer: Data) throws {
        listener = try LoopbackListener(backlog: 16) { connection in
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            _ = LoopbackSocket.receive(connection, into: &pending, buffer: &buffer)
            _ = LoopbackSocket.sendAll(connection, answer)
            LoopbackSocket.finishWriting(connection)
            usleep(50_000)  // let the client read the answer before the close
            LoopbackSocket.close(connection)
        }
    }

    /// Stops accepting; waits for the accept loop to end.
    func stop() { listener.stop() }
}
