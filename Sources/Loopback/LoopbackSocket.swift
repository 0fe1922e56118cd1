import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The plumbing of every small loopback server and client of the tests and the bench (the fixture
/// server keeps its own): a TCP socket listening on `127.0.0.1` on a port the kernel picks, accepting,
/// connecting, reading a request head, writing raw bytes, closing.
///
/// Plain POSIX calls, blocking; each function says what it does on failure. A write to a peer that
/// has gone returns `false`, never raises SIGPIPE (`MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on Darwin).
package enum LoopbackSocket {
    /// A socket listening on `127.0.0.1` on a port the kernel picks, and that port. `backlog` is how
    /// many connections may wait to be accepted (64 by default).
    package static func listen(backlog: Int32 = 64) throws(LoopbackError) -> (descriptor: Int32, port: UInt16) {
        let descriptor = try makeSocket()
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard let port = bind(descriptor), cListen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            throw LoopbackError(call: "listen", code: code)
        }
        return (descriptor, port)
    }

    /// A socket bound to `127.0.0.1` on a port the kernel picks that never listens, and that port: a
    /// connection to it is refused at once (see ``ClosedPort``).
    package static func bindWithoutListening() throws(LoopbackError) -> (descriptor: Int32, port: UInt16) {
        let descriptor = try makeSocket()
        guard let port = bind(descriptor) else {
            let code = errno
            close(descriptor)
            throw LoopbackError(call: "bind", code: code)
        }
        return (descriptor, port)
    }

    /// `http://127.0.0.1:<port>/`.
    package static func baseURL(port: UInt16) -> URL {
        URL(string: "http://127.0.0.1:\(port)/")!
    }

    /// The next connection to `listener`, set not to raise SIGPIPE; a negative value when `listener`
    /// was closed or failed (`errno` says why; `EINTR` means try again).
    package static func accept(_ listener: Int32) -> Int32 {
        #if canImport(Glibc)
        let connection = Glibc.accept(listener, nil, nil)
        #else
        let connection = Darwin.accept(listener, nil, nil)
        #endif
        #if canImport(Darwin)
        // Darwin has no `MSG_NOSIGNAL` for `send`; its sockets take `SO_NOSIGPIPE` instead (Apple's
        // setsockopt(2)).
        var on: Int32 = 1
        if connection >= 0 {
            _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        #endif
        return connection
    }

    /// A socket connected to `127.0.0.1:<port>`, set not to raise SIGPIPE.
    package static func connect(port: UInt16) throws(LoopbackError) -> Int32 {
        let descriptor = try makeSocket()
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = loopbackAddress(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                cConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw LoopbackError(call: "connect", code: code)
        }
        return descriptor
    }

    /// Stops `listener`: a blocked ``accept(_:)`` on it returns, and the descriptor is closed.
    package static func stop(_ listener: Int32) {
        _ = shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Tells the peer nothing more will be written (the read side stays open).
    package static func finishWriting(_ connection: Int32) {
        _ = shutdown(connection, Int32(SHUT_WR))
    }

    /// Closes `descriptor`.
    package static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    // MARK: Reading

    /// Reads what `connection` has (up to `buffer.count` bytes, waiting for at least one) onto the end
    /// of `pending`; `false` when the peer closed or the read failed.
    package static func receive(_ connection: Int32, into pending: inout [UInt8], buffer: inout [UInt8]) -> Bool {
        let count = recv(connection, &buffer, buffer.count, 0)
        guard count > 0 else { return false }
        pending += buffer[0..<count]
        return true
    }

    /// Reads from `connection` until `pending` holds a whole request head; returns the head as sent
    /// (the request line and the header lines, without the blank line) and removes it and its blank
    /// line from `pending`, which keeps any body bytes that came with it. `nil` when the peer closed first.
    package static func readHead(_ connection: Int32, pending: inout [UInt8], buffer: inout [UInt8]) -> String? {
        while true {
            if let end = headEnd(pending) {
                let head = String(decoding: pending[0..<end], as: UTF8.self)
                pending.removeFirst(end + 4)
                return head
            }
            guard receive(connection, into: &pending, buffer: &buffer) else { return nil }
        }
    }

    /// The value of header `name` (any case) in `head`, without surrounding blanks, if present.
    package static func header(_ name: String, in head: String) -> String? {
        head.components(separatedBy: "\r\n").dropFirst().first { line in
            guard let colon = line.firstIndex(of: ":") else { return false }
            return line[..<colon].caseInsensitiveCompare(name) == .orderedSame
        }
        .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    // MARK: Writing

    /// Sends all of `bytes`; `false` when the peer went away.
    package static func sendAll(_ connection: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, noSignal)
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends all of `data`; `false` when the peer went away.
    package static func sendAll(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { sendAll(connection, $0) }
    }

    /// Sends all of `text`'s UTF-8; `false` when the peer went away.
    package static func sendAll(_ connection: Int32, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { sendAll(connection, $0) }
    }

    // MARK: Private

    /// `send`'s flag that turns a write to a closed peer into an error instead of SIGPIPE.
    #if os(Linux)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif

    private static func makeSocket() throws(LoopbackError) -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LoopbackError(call: "socket", code: errno) }
        return descriptor
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }

    /// Binds `descriptor` to `127.0.0.1:0`; the port the kernel picked, or `nil`.
    private static func bind(_ descriptor: Int32) -> UInt16? {
        var address = loopbackAddress(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                cBind(descriptor, socketAddress, length) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}

// The C calls, at file scope where `LoopbackSocket`'s members of the same names do not hide them.
private func cBind(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(descriptor, address, length)
}

private func cConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}

private func cListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    listen(descriptor, backlog)
}
