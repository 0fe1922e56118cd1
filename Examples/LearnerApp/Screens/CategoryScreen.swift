import Foundation
import ServiceLayer

/// A screen that lists the menu's categories, as a learner writes it: the completion stores what
/// arrived, re-renders, and calls the `done` closure it captured — no `DispatchQueue.main.async`, no
/// `@Sendable`, no `MainActor.assumeIsolated`.
///
/// It is a plain class: main-actor isolated by the target's default isolation, or explicitly where
/// the target says `EXPLICIT_MAIN_ACTOR`, or not at all in Swift 5 mode.
#if EXPLICIT_MAIN_ACTOR
@MainActor
#endif
final class CategoryScreen {
    let menuController: MenuController
    var categories: [String] = []
    var errorMessage: String?
    private(set) var renderCount = 0

    init(menuController: MenuController = .shared) {
        self.menuController = menuController
    }

    func load(done: @escaping () -> Void) {
        menuController.fetchCategories { result in
            switch result {
            case .success(let categories):
                self.categories = categories
                self.render()
            case .failure(let error):
                self.errorMessage = error.localizedDescription
            }
            done()
        }
    }

    func render() {
        renderCount += 1
    }
}
