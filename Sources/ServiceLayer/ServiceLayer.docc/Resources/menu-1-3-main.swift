import Foundation
import ServiceLayer

MenuController.shared.fetchCategories { result in
    switch result {
    case .success(let categories):
        print("Categories:", categories.joined(separator: ", "))
    case .failure(let error):
        print("Could not load the menu:", error.localizedDescription)
    }
    exit(0)  // the last completion ends the program
}
dispatchMain()  // runs the main queue, where completions arrive; never returns
