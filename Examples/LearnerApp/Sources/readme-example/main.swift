import Foundation
import ServiceLayer

MenuController.shared.fetchCategories { result in
    // Completions run on the main actor, as a view controller wants them.
    switch result {
    case .success(let categories):
        print("Categories:", categories.joined(separator: ", "))
    case .failure(let error):
        print("Could not load the menu:", error.localizedDescription)
    }
    exit(0)
}
dispatchMain()  // a command-line tool must run the main queue, or main-actor completions never arrive
