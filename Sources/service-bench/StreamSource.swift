#if os(macOS) || os(Linux)  // service-bench runs on macOS and Linux only (see main.swift)
import Foundation
import Loopback

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The far end of the stream bench: a loopback HTTP/1.1 server in a child process of its own
/// (`service-bench streams --serve-events`) that answers `GET /events/<n>?gap=<µs>` with `n`
/// server-sent events and closes the connection after the last one: with a gap, each event written with
/// a `send` of its own (a server that flushes every event); without one, in writes of up to 16 KiB.
///
/// Each event's data is the moment it was handed to the kernel, in nanoseconds of `CLOCK_MONOTONIC`,
/// read just before its `send` (with a gap; when it joins the batch without one): a clock every process of
/// the machine shares, so the client can read the time from the server's flush to its own callback. With
/// `gap=0` the events go out as fast as the socket takes them (throughput); with a gap the server sleeps
/// between two events (the time to the callback without a queue in front). A process of its own, for the reason ``ByteSource`` gives.
final class StreamSource: ChildSource {
    /// The argument that starts the child.
    static let childFlag = "--serve-events"

    /// Starts the child and waits for the port it prints.
    init() throws(BenchFailure) {
        try super.init(subcommand: "streams", flag: Self.childFlag, name: "the event source")
    }

    /// The URL of a stream of `count` events from the source at `baseURL`, `gapMicroseconds` apart (0: as
    /// fast as the socket takes them).
    static func url(_ baseURL: URL, events count: Int, gapMicroseconds: Int) -> URL {
        URL(string: "events/\(count)?gap=\(gapMicroseconds)", relativeTo: baseURL)!.absoluteURL
    }

    // MARK: Child

    /// The child's whole life: listen, print `port <n>`, serve until standard input closes.
    static func serve() -> Int32 {
        guard let listener = listenForParent("service-bench streams \(childFlag)") else { return 1 }
        while true {
            let connection = LoopbackSocket.accept(listener)
            guard connection >= 0 else { return 1 }
            Thread.detachNewThread { answer(connection) }
        }
    }

    /// Reads one request on `connection`, streams the events it asks for, and closes the connection.
    private static func answer(_ connection: Int32) {
        defer { LoopbackSocket.close(connection) }
        // Each event leaves at once: no Nagle delay for a small write after an unacknowledged one.
        var on: Int32 = 1
        _ = setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var pending: [UInt8] = []
        guard let head = LoopbackSocket.readHead(connection, pending: &pending, buffer: &buffer) else { return }
        let target = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        guard let request = URLComponents(string: target), request.path.hasPrefix("/events/"),
            let count = Int(request.path.dropFirst(8)), count >= 0
        else {
            _ = LoopbackSocket.sendAll(connection, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
            return
        }
        let gap = request.queryItems?.first { $0.name == "gap" }.flatMap { $0.value.flatMap(Int.init) } ?? 0
        let head200 =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            + "Connection: close\r\n\r\n"
        guard LoopbackSocket.sendAll(connection, head200) else { return }
        // With a gap, each event has a `send` of its own (a server that flushes every event); without one,
        // events go out in writes of up to 16 KiB, so that the source outruns the reader and the round
        // measures the reader (a `send` per event would make the source the slower side).
        let batchLimit = gap > 0 ? 1 : 16 * 1024
        var batch = [UInt8]()
        batch.reserveCapacity(batchLimit + 64)
        for index in 0..<count {
            if gap > 0 { usleep(useconds_t(gap)) }
            batch += "data: ".utf8
            batch += String(monotonicNanoseconds()).utf8
            batch += "\n\n".utf8
            guard batch.count >= batchLimit || index == count - 1 else { continue }
            let sent = batch.withUnsafeBytes { LoopbackSocket.sendAll(connection, $0) }
            guard sent else { return }  // the client went away
            batch.removeAll(keepingCapacity: true)
        }
    }
}

/// `CLOCK_MONOTONIC` now, in nanoseconds: the same clock in every process of the machine.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
#endif
