import Foundation
import ServiceLayer

/// The order tab: a badge that follows the order, and the "Submit" button.
final class OrderScreen: UIViewController {
    let menuController: MenuController
    private var orderObservation: OrderObservation?
    private(set) var itemCount = 0
    private(set) var badgeValue: String?
    var minutesToPrepare: Int?
    var errorMessage: String?

    init(menuController: MenuController = .shared) {
        self.menuController = menuController
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Runs now with the current order, then after every change; stops when the screen goes away.
        orderObservation = menuController.observeOrder { [weak self] order in
            self?.itemCount = order.menuItems.count
            self?.badgeValue = order.menuItems.isEmpty ? nil : "\(order.menuItems.count)"
        }
    }

    func submit(done: @escaping () -> Void) {
        let menuIDs = menuController.order.menuItems.map { $0.id }
        menuController.submitOrder(forMenuIDs: menuIDs) { result in
            switch result {
            case .success(let minutesToPrepare):
                self.minutesToPrepare = minutesToPrepare
                self.menuController.order.menuItems.removeAll()
            case .failure(let error):
                self.errorMessage = error.localizedDescription
            }
            done()
        }
    }
}
