import Foundation
import ServiceLayer

MenuController.shared.fetchCategories { result in
    switch result {
    case .success(let categories):
        print("Categories:", categories.joined(separator: ", "))
    case .failure(let error):
        print("Could not load the menu:", error.localizedDescription)
    }
}
