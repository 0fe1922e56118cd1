#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bench's own loopback servers' plumbing: a listening TCP socket on `127.0.0.1`, and the reading
/// and writing of a connection (the upload sink, the byte source and the silent listener share it).
enum LoopbackSocket {
    /// A socket listening on `127.0.0.1` on a port the kernel picks, and that port.
    static func listen(backlog: Int32, what: String) throws(BenchFailure) -> (descriptor: Int32, port: UInt16) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw BenchFailure("\(what): socket() failed (\(errno))") }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && systemListen(descriptor, backlog) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw BenchFailure("\(what): could not listen (\(errno))")
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private static func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.listen(descriptor, backlog)
        #else
        return Darwin.listen(descriptor, backlog)
        #endif
    }

    /// `connection`, just accepted, set not to raise SIGPIPE when its peer has gone: Darwin has no
    /// `MSG_NOSIGNAL` for `send`, its sockets take `SO_NOSIGPIPE` instead (Apple's setsockopt(2):
    /// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/setsockopt.2.html).
    /// On Linux `sendAll` passes `MSG_NOSIGNAL`.
    static func accepted(_ connection: Int32) -> Int32 {
        #if canImport(Darwin)
        var on: Int32 = 1
        if connection >= 0 {
            _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        #endif
        return connection
    }

    /// Closes `descriptor`.
    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    /// Reads from `connection` until `pending` holds a whole request head; returns the head (lowercased)
    /// and removes it and its blank line from `pending`. `nil` when the peer closed first.
    static func readHead(_ connection: Int32, pending: inout [UInt8], buffer: inout [UInt8]) -> String? {
        while true {
            if let end = headEnd(pending) {
                let head = String(decoding: pending[0..<end], as: UTF8.self).lowercased()
                pending.removeFirst(end + 4)
                return head
            }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            pending += buffer[0..<count]
        }
    }

    /// The value of header `name` (lowercase) in a lowercased head, if present.
    static func header(_ name: String, in head: String) -> String? {
        head.components(separatedBy: "\r\n").first { $0.hasPrefix("\(name):") }
            .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    /// Sends all of `bytes`; `false` when the peer went away.
    static func sendAll(_ connection: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, noSignal)
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends all of `text`'s UTF-8; `false` when the peer went away.
    static func sendAll(_ connection: Int32, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { sendAll(connection, $0) }
    }

    /// `send`'s flag that turns a write to a closed peer into an error instead of SIGPIPE.
    #if os(Linux)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
#endif
