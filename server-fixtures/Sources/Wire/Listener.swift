import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - One run of the server: listener, accept thread, connection threads

/// Everything that exists between `start()` and `stop()`: the listening socket, the wake-up pipe, the accept
/// thread and one thread per connection. A new runtime is made for every start.
final class ServerRuntime: Sendable {
    private struct Threads {
        var nextID = 0
        var running: [Int: PosixThread] = [:]
        var finished: [Int] = []
        var openSockets: Set<Int32> = []
        var acceptThread: PosixThread?
        var stopping = false
    }

    /// The listening socket.
    let listenFD: Int32
    /// The port actually bound.
    let port: UInt16
    /// Read end of the wake-up pipe: readable once the server is stopping (it is never drained).
    let wakeFD: Int32
    private let wakeWriteFD: Int32
    private let maxConnections: Int
    private let accepted = Locked(0)
    private let threads = Locked(Threads())

    /// Binds and listens on `host:port`. Throws ``FixtureServerError``.
    init(host: String, port: UInt16, maxConnections: Int) throws(FixtureServerError) {
        let (fd, boundPort) = try Self.bindAndListen(host: host, port: port)
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            let code = errno
            Socket.close(fd)
            throw .thread(code)
        }
        listenFD = fd
        self.port = boundPort
        wakeFD = pipeFDs[0]
        wakeWriteFD = pipeFDs[1]
        self.maxConnections = max(1, maxConnections)
    }

    /// Connections accepted so far (including ones answered 503).
    var acceptedConnections: Int { accepted.withLock { $0 } }

    // MARK: Start and stop

    /// Starts the accept thread, which serves each connection with `context` on its own thread.
    func start(context: ServerContext) throws(FixtureServerError) {
        let thread = try PosixThread.spawn { [self] in acceptLoop(context) }
        threads.withLock { $0.acceptThread = thread }
    }

    /// Wakes every wait, unblocks every socket, joins every thread, then closes the pipe. Call once.
    func stop() {
        var one: UInt8 = 1
        _ = write(wakeWriteFD, &one, 1)
        let acceptThread = threads.withLock { state -> PosixThread? in
            state.stopping = true
            for fd in state.openSockets { Socket.shutdownBoth(fd) }
            defer { state.acceptThread = nil }
            return state.acceptThread
        }
        acceptThread?.join()
        // The accept thread has exited, so no connection thread can be added any more.
        let remaining = threads.withLock { state -> [PosixThread] in
            defer {
                state.running.removeAll()
                state.finished.removeAll()
            }
            return Array(state.running.values)
        }
        for thread in remaining { thread.join() }
        Socket.close(wakeFD)
        Socket.close(wakeWriteFD)
    }

    /// Sleeps `seconds`, or less if the server stops. Returns false when interrupted by `stop()`.
    func sleep(_ seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return true }
            var fds = [pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
            let result = poll(&fds, 1, Int32(min(remaining, 3600) * 1000) + 1)
            if result > 0 { return false }
            if result < 0 && errno != EINTR { return false }
        }
    }

    /// Ends our side of `fd` and discards what the peer still sends (up to a second), so the peer reads our
    /// last response instead of a reset. Does not close `fd`.
    func drainBeforeClose(_ fd: Int32) {
        #if canImport(Glibc)
        _ = shutdown(fd, Int32(SHUT_WR))
        #else
        _ = shutdown(fd, SHUT_WR)
        #endif
        let deadline = Date().addingTimeInterval(1)
        var scratch: [UInt8] = []
        var total = 0
        while total < 4 << 20 {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, Socket.waitReadable(fd, wakeFD: wakeFD, timeout: remaining) == .readable else {
                return
            }
            scratch.removeAll(keepingCapacity: true)
            let count = Socket.receive(fd, into: &scratch)
            if count <= 0 { return }
            total += count
        }
    }

    // MARK: Accepting

    private func acceptLoop(_ context: ServerContext) {
        defer { Socket.close(listenFD) }
        while true {
            switch Socket.waitReadable(listenFD, wakeFD: wakeFD, timeout: 3600) {
            case .stopping: return
            case .timedOut: continue
            case .readable: break
            }
            reapFinished()
            let fd = accept(listenFD, nil, nil)
            if fd < 0 {
                // EMFILE and friends: back off briefly instead of spinning.
                if errno != EINTR && errno != EAGAIN && errno != ECONNABORTED { _ = sleep(0.05) }
                continue
            }
            Socket.configureAccepted(fd)
            accepted.withLock { $0 += 1 }
            if !serve(fd, context) { rejectBusy(fd, context) }
        }
    }

    /// Registers `fd` and starts its thread, unless `maxConnections` are already open. False when over the cap.
    private func serve(_ fd: Int32, _ context: ServerContext) -> Bool {
        threads.withLock { state in
            guard !state.stopping else {
                Socket.close(fd)
                return true
            }
            guard state.running.count < maxConnections else { return false }
            let id = state.nextID
            state.nextID += 1
            state.openSockets.insert(fd)
            do {
                state.running[id] = try PosixThread.spawn { [self] in
                    Connection(fd: fd, runtime: self, context: context).run()
                    finish(id: id, fd: fd)
                }
            } catch {
                state.openSockets.remove(fd)
                Socket.close(fd)
            }
            return true
        }
    }

    /// Called by a connection thread as its last act: closes its socket and queues itself for joining.
    private func finish(id: Int, fd: Int32) {
        threads.withLock { state in
            state.openSockets.remove(fd)
            Socket.close(fd)
            state.finished.append(id)
        }
    }

    /// Joins the connection threads that have finished (they are exiting, so the join is immediate).
    private func reapFinished() {
        let done = threads.withLock { state -> [PosixThread] in
            defer { state.finished.removeAll() }
            return state.finished.compactMap { state.running.removeValue(forKey: $0) }
        }
        for thread in done { thread.join() }
    }

    /// Answers 503 on the accept thread without spawning anything, then closes.
    private func rejectBusy(_ fd: Int32, _ context: ServerContext) {
        // Answered before a request is read, so in English: no `Accept-Language` to follow yet.
        let response = context.handler(.overLimit)
        Socket.sendAll(fd, ((try? response.serializedHead(keepAlive: false)) ?? []) + Array(response.body))
        context.observer?(.note("<connection over the limit> -> 503 (\(response.body.count) bytes, 0 ms)"))
        #if canImport(Glibc)
        _ = shutdown(fd, Int32(SHUT_WR))
        #else
        _ = shutdown(fd, SHUT_WR)
        #endif
        // Give the peer a moment to send its request, so closing does not reset the connection under our 503.
        var scratch: [UInt8] = []
        if Socket.waitReadable(fd, wakeFD: wakeFD, timeout: 0.1) == .readable { _ = Socket.receive(fd, into: &scratch) }
        Socket.close(fd)
    }

    // MARK: Binding

    private static func bindAndListen(host: String, port: UInt16) throws(FixtureServerError) -> (Int32, UInt16) {
        let address = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, address.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), &v6.sin6_addr)
            == 1
        {
            family = AF_INET6
        } else {
            throw .invalidHost(host)
        }
        #if canImport(Glibc)
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(family, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .socket(errno) }
        Socket.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
        Socket.setBlocking(fd, false)
        let bound: Int32
        if family == AF_INET {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            bound = withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        } else {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            bound = withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard bound == 0 else {
            let code = errno
            Socket.close(fd)
            throw code == EADDRINUSE ? .portInUse(port) : .bind(code)
        }
        guard listen(fd, 128) == 0 else {
            let code = errno
            Socket.close(fd)
            throw .listen(code)
        }
        var storage = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        // sin_port and sin6_port sit at the same offset.
        let boundPort = UInt16(bigEndian: storage.sin6_port)
        return (fd, boundPort)
    }
}
