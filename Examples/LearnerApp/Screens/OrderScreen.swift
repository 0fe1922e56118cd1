import Foundation
import ServiceLayer

#if os(iOS)
import UIKit  // on Linux and macOS, UIKitStandIns.swift stands in
#endif

// The README's order screen: a badge that follows the order, and the "Submit" button.
final class OrderScreen: UIViewController {
    private var orderObservation: OrderObservation?
    private(set) var badgeValue: String?
    private(set) var minutesToPrepare: Int?

    override func viewDidLoad() {
        super.viewDidLoad()
        orderObservation = MenuController.shared.observeOrder { [weak self] order in
            self?.badgeValue = order.menuItems.isEmpty ? nil : "\(order.menuItems.count)"
        }
    }

    func submit(done: @escaping () -> Void) {
        let menuIDs = MenuController.shared.order.menuItems.map { $0.id }
        MenuController.shared.submitOrder(forMenuIDs: menuIDs) { result in
            if case .success(let minutes) = result {
                self.minutesToPrepare = minutes
                MenuController.shared.order.menuItems.removeAll()
            }
            done()
        }
    }
}
