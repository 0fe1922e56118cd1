import Foundation

/// A loopback port that refuses connections for as long as this value lives.
///
/// A socket is bound to `127.0.0.1:0` and never listens: a connection to it is refused at once, and
/// the kernel hands the port to no other socket meanwhile. (A server started and stopped leaves a free
/// port, which a server started later, say by a test running in parallel, may receive: the "refused"
/// call then gets an answer.)
package final class ClosedPort: Sendable {
    /// `http://127.0.0.1:<port>/`.
    package let baseURL: URL
    private let descriptor: Int32

    /// Binds a socket to a free loopback port; throws when the system refuses.
    package init() throws {
        let (descriptor, port) = try LoopbackSocket.bindWithoutListening()
        self.descriptor = descriptor
        self.baseURL = LoopbackSocket.baseURL(port: port)
    }

    deinit {
        LoopbackSocket.close(descriptor)
    }
}
