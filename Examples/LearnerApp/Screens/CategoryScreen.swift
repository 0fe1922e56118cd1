import Foundation
import ServiceLayer

// The README's first Swift 6 example, as a learner writes it: the completion stores what arrived,
// calls the screen's own method and the `done` closure it captured — no `DispatchQueue.main.async`, no
// `@Sendable`, no `MainActor.assumeIsolated`. A plain class: main-actor isolated by the target's
// default isolation, or explicitly where the target defines `EXPLICIT_MAIN_ACTOR`, or not at all in
// Swift 5 mode.
#if EXPLICIT_MAIN_ACTOR
@MainActor
#endif
final class CategoryScreen {  // main-actor isolated by the app target's default isolation
    var categories: [String] = []

    func load(done: @escaping () -> Void) {
        MenuController.shared.fetchCategories { result in
            if case .success(let categories) = result { self.categories = categories; self.render() }
            done()
        }
    }

    func render() {}
}
