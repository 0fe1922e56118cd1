import Foundation

@testable import ServiceLayer
@testable import ServiceLayerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback server that answers whatever arrives on a connection — an HTTP request or a TLS
/// handshake — with the same bytes, at once, and closes: a plain-HTTP server as an `https://` URL meets
/// it (it answers the handshake with a `400` in plain text), or a server that cuts its body short.
final class OneAnswerServer: Sendable {
    /// `http://127.0.0.1:<port>/`.
    let baseURL: URL
    private let listener: Int32
    private let stopped = Locked(false)
    private let done = DispatchGroup()

    /// Starts a server on a free loopback port that writes `answer` on every connection.
    init(answer: Data) throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EBADF) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard ready, listen(descriptor, 16) == 0,
            let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/")
        else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        listener = descriptor
        baseURL = url
        done.enter()
        Thread.detachNewThread { [self] in serve(answer) }
    }

    deinit { stop() }

    /// Stops accepting; waits for the accept loop to end.
    func stop() {
        let first = stopped.withLock { value -> Bool in
            defer { value = true }
            return !value
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        done.wait()
    }

    private func serve(_ answer: Data) {
        defer { done.leave() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR, !stopped.withLock({ $0 }) { continue }
                return
            }
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            _ = recv(connection, &buffer, buffer.count, 0)
            answer.withUnsafeBytes { bytes in
                #if canImport(Glibc)
                _ = send(connection, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                #else
                _ = send(connection, bytes.baseAddress, bytes.count, 0)
                #endif
            }
            shutdown(connection, Int32(SHUT_WR))
            usleep(50_000)  // let the client read the answer before the close
            close(connection)
        }
    }
}
