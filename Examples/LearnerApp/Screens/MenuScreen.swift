import Foundation
import ServiceLayer

/// The dishes of one category, and Apple's way of adding one to the order.
final class MenuScreen: UIViewController {
    let category: String
    let menuController: MenuController
    var menuItems: [MenuItem] = []
    var errorMessage: String?

    init(category: String, menuController: MenuController = .shared) {
        self.category = category
        self.menuController = menuController
        super.init()
    }

    func load(done: @escaping () -> Void) {
        menuController.fetchMenuItems(forCategory: category) { [weak self] result in
            guard let self else { return done() }
            switch result {
            case .success(let menuItems):
                self.menuItems = menuItems
                self.title = "\(self.category.capitalized) (\(menuItems.count))"
            case .failure(let error):
                self.errorMessage = error.localizedDescription
            }
            done()
        }
    }

    /// The sample's "Add to Order" button: a read and a write that the controller makes atomic.
    func addToOrder(_ menuItem: MenuItem) {
        menuController.order.menuItems.append(menuItem)
    }
}
