import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A socket listening on `127.0.0.1` (a port the kernel picks) with an accept loop on its own thread,
/// which hands each connection to `connection`: the skeleton of a test's or the bench's small server.
///
/// The handler runs on the accept thread: it serves the connection there (one at a time) or sends it
/// to a queue of its own (several at once), and closes it (``LoopbackSocket/close(_:)``) when done.
/// ``stop()`` (or the end of the listener's life) stops accepting and waits for the loop to end.
package final class LoopbackListener: Sendable {
    /// The port it listens on.
    package let port: UInt16
    private let descriptor: Int32
    private let stopped = Guarded(false)
    private let done = DispatchGroup()

    /// Listens on a free loopback port and starts accepting. `backlog` is how many connections may wait
    /// to be accepted (64 by default); `connection` is called with each accepted one.
    package init(backlog: Int32 = 64, connection: @escaping @Sendable (Int32) -> Void) throws {
        (descriptor, port) = try LoopbackSocket.listen(backlog: backlog)
        done.enter()
        Thread.detachNewThread { [descriptor, stopped, done] in
            defer { done.leave() }
            while true {
                let accepted = LoopbackSocket.accept(descriptor)
                if accepted < 0 {
                    if errno == EINTR, !stopped.withLock({ $0 }) { continue }
                    return
                }
                connection(accepted)
            }
        }
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>/`.
    package var baseURL: URL { LoopbackSocket.baseURL(port: port) }

    /// Stops accepting and waits for the accept loop to end (connections already handed out go on).
    /// Calling it again does nothing.
    package func stop() {
        let first = stopped.withLock { value -> Bool in
            defer { value = true }
            return !value
        }
        guard first else { return }
        LoopbackSocket.stop(descriptor)
        done.wait()
    }
}

/// A value behind a lock (the module depends on nothing but Foundation).
private final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
