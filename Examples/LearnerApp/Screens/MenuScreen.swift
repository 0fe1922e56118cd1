import Foundation
import ServiceLayer

#if os(iOS)
import UIKit  // on Linux and macOS, UIKitStandIns.swift stands in
#endif

/// The dishes of one category, and Apple's way of adding one to the order.
final class MenuScreen: UIViewController {
    let category: String
    var menuItems: [MenuItem] = []
    var errorMessage: String?

    init(category: String) {
        self.category = category
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func load(done: @escaping () -> Void) {
        MenuController.shared.fetchMenuItems(forCategory: category) { [weak self] result in
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
        MenuController.shared.order.menuItems.append(menuItem)
    }
}
