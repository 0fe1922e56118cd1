import Foundation

/// Where the kitchen is with an order: one event of `GET order/<id>/status`, the fixture server's
/// countdown (`{"state":"preparing","minutes_left":12}` … `{"state":"ready","minutes_left":0}`).
public struct OrderStatus: Codable, Sendable, Hashable {
    /// `"preparing"`, then `"ready"`.
    public let state: String
    /// The minutes until the order is ready; 0 once it is.
    public let minutesLeft: Int

    /// Whether the order is ready.
    public var isReady: Bool { state == "ready" }

    /// A status made by hand (a preview's, a test's).
    /// - Parameters:
    ///   - state: `"preparing"` or `"ready"`.
    ///   - minutesLeft: The minutes until the order is ready.
    public init(state: String, minutesLeft: Int) {
        self.state = state
        self.minutesLeft = minutesLeft
    }

    enum CodingKeys: String, CodingKey {
        case state
        case minutesLeft = "minutes_left"
    }
}

/// An order the kitchen took: its id (to follow its countdown) and its preparation time.
///
/// Apple's original Restaurant server answers only the preparation time: its orders have no id, and it
/// has no countdown to follow. Show ``minutesToPrepare`` then, as Apple's app does.
public struct PlacedOrder: Codable, Sendable, Hashable {
    /// The order's id, for ``MenuController/followOrder(id:speed:onStatus:completion:)``; `nil` when the
    /// server answered none (Apple's original server, which has no countdown).
    public let id: Int?
    /// The minutes until the order is ready, as ``MenuController/submitOrder(forMenuIDs:completion:)`` answers.
    public let minutesToPrepare: Int

    /// An order made by hand (a preview's, a test's).
    /// - Parameters:
    ///   - id: The order's id; `nil` for an order without a countdown.
    ///   - minutesToPrepare: The minutes until it is ready.
    public init(id: Int?, minutesToPrepare: Int) {
        self.id = id
        self.minutesToPrepare = minutesToPrepare
    }

    enum CodingKeys: String, CodingKey {
        case id
        case minutesToPrepare = "preparation_time"
    }
}
