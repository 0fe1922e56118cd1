#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Thin wrappers over the POSIX socket calls the server uses

/// Low-level socket helpers. Every function works on a raw file descriptor and never raises SIGPIPE.
enum Socket {
    /// Flags for `send`: `MSG_NOSIGNAL` on Linux; Darwin uses `SO_NOSIGPIPE` on the socket instead.
    #if canImport(Glibc)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    static let sendFlags: Int32 = 0
    #endif

    /// Sets an integer socket option, ignoring failure (all our options are best effort).
    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) {
        var value = value
        _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Applies the per-connection options: TCP_NODELAY, no SIGPIPE, a send timeout as a safety net.
    static func configureAccepted(_ fd: Int32) {
        setOption(fd, level: Int32(IPPROTO_TCP), name: Int32(TCP_NODELAY), value: 1)
        #if canImport(Darwin)
        setOption(fd, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        #endif
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setBlocking(fd, true)
    }

    /// Switches `O_NONBLOCK` on or off.
    static func setBlocking(_ fd: Int32, _ blocking: Bool) {
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK)
    }

    /// Writes every byte of `bytes`, retrying on EINTR. Returns false if the peer went away or the send timed out.
    @discardableResult
    static func sendAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var pointer = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let sent = send(fd, pointer, remaining, sendFlags)
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            if sent == 0 { return false }
            pointer += sent
            remaining -= sent
        }
        return true
    }

    /// Writes every byte of `bytes` (see ``sendAll(_:_:)-(_,UnsafeRawBufferPointer)``).
    @discardableResult
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { sendAll(fd, $0) }
    }

    /// Reads up to `capacity` bytes and appends them to `buffer`.
    /// Returns the count read, 0 on orderly EOF, -1 on error.
    static func receive(_ fd: Int32, into buffer: inout [UInt8], capacity: Int = 16 * 1024) -> Int {
        var chunk = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, capacity, 0) }
            if count < 0 && errno == EINTR { continue }
            if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
            return count
        }
    }

    /// Outcome of waiting for a descriptor to become readable.
    enum PollResult {
        /// `fd` has data or EOF.
        case readable
        /// The deadline passed.
        case timedOut
        /// The server is stopping.
        case stopping
    }

    /// Waits until `fd` is readable, `wakeFD` is readable (the server is stopping), or `timeout` seconds pass.
    static func waitReadable(_ fd: Int32, wakeFD: Int32, timeout: Double) -> PollResult {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        let millis = Int32(max(0, min(timeout, 86_400)) * 1000)
        while true {
            let result = poll(&fds, nfds_t(fds.count), millis)
            if result < 0 && errno == EINTR { continue }
            if result < 0 { return .stopping }
            if fds[1].revents != 0 { return .stopping }
            if result == 0 { return .timedOut }
            return .readable
        }
    }

    /// Closes `fd`, retrying nothing (close must not be retried on EINTR).
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    /// Shuts down both directions of `fd`, waking any thread blocked in send/recv/poll on it.
    static func shutdownBoth(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
        #else
        _ = Darwin.shutdown(fd, SHUT_RDWR)
        #endif
    }
}
