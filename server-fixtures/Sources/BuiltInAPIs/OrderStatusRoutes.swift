import Foundation

// MARK: - The kitchen's countdown: GET /order/{id}/status

/// The orders `POST /order` took: each one's id and preparation time, so that its status can be followed.
final class OrderBook: Sendable {
    /// The most orders kept; the oldest is forgotten first: 10,000.
    static let capacity = 10_000

    private let state = Locked<(next: Int, minutes: [Int: Int])>((1, [:]))

    /// Records an order of `minutes` preparation time and returns its id (1, 2, 3, ...).
    func add(minutes: Int) -> Int {
        state.withLock { state in
            let id = state.next
            state.next += 1
            state.minutes[id] = minutes
            state.minutes[id - Self.capacity] = nil
            return id
        }
    }

    /// The preparation time of order `id`, if it is known.
    func minutes(of id: Int) -> Int? {
        state.withLock { $0.minutes[id] }
    }
}

/// `GET /order/{id}/status`: the kitchen's countdown of an order as server-sent events, one a minute of its
/// preparation time: `{"state":"preparing","minutes_left":N}` at once, one more each minute down to 1,
/// then `{"state":"ready","minutes_left":0}`, and the end. Each event's `id` is the minutes elapsed, so a
/// client that reconnects with `Last-Event-ID` goes on where it stopped (and one that had every event gets
/// `204 No Content`: stop for good). `?speed=N` makes a minute last 60/N seconds (1 by default, a real
/// minute; at most 60,000, a millisecond) for tests and demos.
enum OrderStatusRoutes {
    /// The most `speed` accepted: a minute of a millisecond.
    static let fastest = 60_000

    private struct Status: Encodable {
        let state: String
        let minutesLeft: Int

        enum CodingKeys: String, CodingKey {
            case state
            case minutesLeft = "minutes_left"
        }
    }

    static func routes(_ orders: OrderBook) -> [Route] {
        [Route("/order/:id/status", [("GET", { status($0, orders) })])]
    }

    private static func status(_ context: RouteContext, _ orders: OrderBook) -> HTTPResponse {
        let text = context.parameters["id"] ?? ""
        guard let id = Int(text), id > 0, let minutes = orders.minutes(of: id) else {
            return .error(
                404,
                "No order \(text.debugDescription) was taken: POST /order {\"menuIds\":[1]} answers the id to follow "
                    + "here (\"id\" beside \"preparation_time\")")
        }
        var speed = 1
        if let given = context.request.query["speed"] {
            guard let value = Int(given), (1...fastest).contains(value) else {
                return .error(
                    400,
                    "speed must be a whole number from 1 to \(fastest) (a minute lasts 60/speed seconds), not "
                        + "\(given.debugDescription): try ?speed=600 for a minute every 0.1 s")
            }
            speed = value
        }
        // Last-Event-ID: the minutes elapsed when the client's connection was cut; resume after it.
        var first = 0
        if let last = context.request.headers["last-event-id"], let elapsed = Int(last), elapsed >= 0 {
            guard elapsed < minutes else { return HTTPResponse(status: 204, contentType: nil) }
            first = elapsed + 1
        }
        let minute = 60 / TimeInterval(speed)
        let events = (first...minutes).map { elapsed -> EventStreamBody.Event in
            let left = minutes - elapsed
            let status = Status(state: left == 0 ? "ready" : "preparing", minutesLeft: left)
            return EventStreamBody.Event(
                wait: elapsed == first ? 0 : minute, id: String(elapsed),
                retry: elapsed == first ? max(1, Int(minute * 1000)) : nil, data: JSON.encodedString(status))
        }
        return EventStreamBody.response(EventStreamBody(events: events))
    }
}
