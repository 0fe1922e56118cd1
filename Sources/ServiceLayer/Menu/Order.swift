import Foundation

/// What the guest has chosen so far: a list of menu items, in the order they were added.
///
/// The same dish may appear more than once. ``MenuController/order`` holds the current order and
/// announces every change with ``MenuController/orderUpdatedNotification``.
public struct Order: Codable, Sendable, Hashable {
    /// The chosen dishes, in the order they were added.
    public var menuItems: [MenuItem]

    /// Creates an order.
    /// - Parameter menuItems: The chosen dishes; empty by default.
    public init(menuItems: [MenuItem] = []) {
        self.menuItems = menuItems
    }

    /// The sum of the items' prices, in dollars.
    public var total: Double {
        menuItems.reduce(0) { $0 + $1.price }
    }

    /// ``total`` as text for a label: `$26.75`.
    public var formattedTotal: String {
        MenuItem.format(price: total)
    }

    /// The items' identifiers, in order, as ``MenuController/submitOrder(forMenuIDs:completion:)`` wants them.
    public var menuIDs: [Int] {
        menuItems.map(\.id)
    }
}
