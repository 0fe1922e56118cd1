// Plays the part of UIKit and SwiftUI for the stand-ins, so it is not compiled where the real ones are (iOS).
#if !os(iOS)
import Foundation
import ServiceLayer

/// Runs every screen of this folder against a server, as a user would tap through them, and checks
/// what each screen shows. `learner-check` runs it once for each language mode.
///
/// The screens use `MenuController.shared`, `AccountController.shared` and the learner's own
/// `TeamController.shared`, `BaseAPIService.shared` and `Config`, as learners' screens do, so
/// the fixture server must listen on `localhost:8090`; only the users screen, whose `.shared` is the
/// public reqres service, is given a controller for the same server.
@MainActor
public enum LearnerWalk {
    /// One thing a screen does, and what it must show afterwards.
    private struct Step {
        let name: String
        /// Starts the work and calls `done` when the screen's own completion has run.
        let start: (_ done: @escaping () -> Void) -> Void
        /// What is wrong with what the screen shows, or `nil` when it is right.
        let check: () -> String?
    }

    /// Walks every screen against the fixture server at `baseURL`, which must be `localhost:8090`'s.
    /// - Parameters:
    ///   - baseURL: The fixture server: the Restaurant API at its root, the others under `api/`.
    ///   - finished: Receives the number of checks and a line for each one that failed.
    public static func run(baseURL: URL, finished: @escaping @MainActor (_ checks: Int, _ failures: [String]) -> Void) {
        let categories = CategoryScreen()
        let entrees = MenuScreen(category: "entrees")
        let orderScreen = OrderScreen()
        let cell = MenuItemCell()
        let reusedCell = MenuItemCell()
        let badge = OrderBadge()
        var badgeTask: Task<Void, Never>?
        let users = UsersScreen(networkController: NetworkController(baseURL: baseURL.appendingPathComponent("api/")))
        let account = AccountScreen()
        let shop = ShopScreen()
        let team = TeamScreen()
        let directory = TeamDirectoryScreen()
        var everyone: [MemberDirectory.Entry] = []
        let places = DecodingPlaces()
        let originalMenu = MenuController.shared
        var preview = "(not run)"
        /// What the SwiftUI badge shows now, as SwiftUI would render it.
        func badgeText() -> String { (badge.body as? Text)?.content ?? "(not a Text)" }

        let steps: [Step] = [
            Step(name: "categories", start: categories.load) {
                categories.categories.count == 6 ? nil : "categories \(categories.categories)"
            },
            Step(name: "entrees", start: entrees.load) {
                !entrees.menuItems.isEmpty && entrees.title != nil
                    ? nil : "no dishes (\(entrees.errorMessage ?? "no error"))"
            },
            Step(
                name: "two dishes added the Apple way, the badge follows",
                start: { done in
                    orderScreen.viewDidLoad()
                    for item in entrees.menuItems.prefix(2) { entrees.addToOrder(item) }
                    done()
                },
                check: {
                    MenuController.shared.order.menuItems.count == 2 && orderScreen.badgeValue == "2"
                        ? nil : "badge \(orderScreen.badgeValue ?? "nil")"
                }),
            Step(
                name: "a cell shows its dish and picture",
                start: { done in
                    cell.show(entrees.menuItems[0])
                    done()
                },
                check: {
                    cell.imageView?.image != nil && cell.textLabel?.text == entrees.menuItems.first?.name
                        ? nil : "the cell shows no picture"
                }),
            Step(
                name: "a reused cell cancels its picture",
                start: { done in
                    reusedCell.show(entrees.menuItems[entrees.menuItems.count - 1])
                    reusedCell.prepareForReuse()
                    done()
                },
                check: { reusedCell.imageView?.image == nil ? nil : "a cancelled picture was shown" }),
            Step(
                name: "a SwiftUI badge follows the order in .task",
                start: { done in
                    let view = badge.body as? Text
                    badgeTask = Task { await view?.taskAction?() }
                    done()
                },
                check: { badgeText() == "2 items" ? nil : "the badge says \(badgeText())" }),
            Step(name: "the order is submitted", start: orderScreen.submit) {
                (orderScreen.minutesToPrepare ?? 0) > 0 && orderScreen.badgeValue == nil && badgeText() == "No items"
                    ? nil : "minutes \(orderScreen.minutesToPrepare ?? -1), badge \(orderScreen.badgeValue ?? "nil")"
            },
            Step(name: "users page 1", start: { users.load(page: 1, done: $0) }) {
                users.users.count == 6 && users.totalPages == 2 ? nil : "\(users.users.count) users"
            },
            Step(name: "a user is added", start: { users.add(name: "Ada", job: "engineer", done: $0) }) {
                users.lastCreated?.name == "Ada" ? nil : "no user created (\(users.errorMessage ?? "no error"))"
            },
            Step(name: "a user is deleted", start: { users.delete(users.users[0], done: $0) }) {
                users.deletedIDs.count == 1 && users.users.count == 5 ? nil : "deleted \(users.deletedIDs)"
            },
            Step(
                name: "sign up, then products",
                start: {
                    account.signUpAndShowProducts(
                        email: "learner-\(UUID().uuidString)@example.com", password: "learner-password-1", done: $0)
                },
                check: {
                    account.isSignedIn && !account.products.isEmpty
                        ? nil : "signed in \(account.isSignedIn), \(account.errorMessage ?? "no products")"
                }),
            // The learner's own API (YourOwnAPI/): a controller, models and screens the package does not know.
            Step(name: "team page 1 (GET with a query)", start: { team.load(page: 1, done: $0) }) {
                team.members.map(\.firstName) == ["George", "Janet", "Emma", "Eve"]
                    && team.supportText?.hasPrefix("To keep ReqRes free") == true
                    ? nil : "members \(team.members.map(\.firstName)) (\(team.errorMessage ?? "no error"))"
            },
            Step(name: "team names (GET mapped in the callback)", start: { team.loadNames(page: 2, done: $0) }) {
                team.names == ["Michael", "Lindsay", "Tobias", "Byron", "George", "Rachel"]
                    ? nil : "names \(team.names)"
            },
            Step(name: "a member's card (GET unwrapped by Endpoint.map)", start: { team.showCard(id: 2, done: $0) }) {
                team.card.map { "\($0.firstName) \($0.lastName) \($0.email)" } == "Janet Weaver janet.weaver@reqres.in"
                    && team.card?.avatar != nil
                    ? nil : "card \(String(describing: team.card)) (\(team.errorMessage ?? "no error"))"
            },
            Step(
                name: "a member is hired (POST, an enum body)",
                start: { team.hire(name: "Ada", job: .engineer, done: $0) }
            ) {
                team.hired?.name == "Ada" && team.hired?.job == .engineer && team.hired?.nickname == nil
                    && Int(team.hired?.id ?? "") != nil && team.hired?.createdAt.isEmpty == false
                    ? nil : "hired \(String(describing: team.hired)) (\(team.errorMessage ?? "no error"))"
            },
            Step(name: "a member is promoted (PUT)", start: { team.promote(team.members[0], done: $0) }) {
                team.promoted?.job == .manager && team.promoted?.name == "George"
                    && team.promoted?.updatedAt.isEmpty == false
                    ? nil : "promoted \(String(describing: team.promoted))"
            },
            Step(name: "a member is removed (DELETE, 204)", start: { team.remove(team.members[0], done: $0) }) {
                team.removedIDs == [1] && team.members.map(\.id) == [2, 3, 4] ? nil : "removed \(team.removedIDs)"
            },
            Step(name: "the same with the async twins", start: team.refreshWithAsync) {
                team.asyncLog == [
                    "page 2: 6 members", "member Michael", "names 6", "hired Grace as designer, amazing",
                    "updated to engineer", "removed",
                ] ? nil : "async \(team.asyncLog) (\(team.errorMessage ?? "no error"))"
            },
            Step(
                name: "a big nonisolated payload, mapped by key path",
                start: { done in
                    TeamController.shared.fetchDirectory { result in
                        everyone = (try? result.get()) ?? []
                        done()
                    }
                },
                check: {
                    everyone.count == 12 && everyone.first?.email == "george.bluth@reqres.in"
                        ? nil : "\(everyone.count) entries"
                }),
            Step(name: "where models decode", start: { places.probe(client: TeamController.shared.client, done: $0) }) {
                places.plainOnMain == hasMainActorDefaultIsolation && places.nonisolatedOnMain == false
                    ? nil
                    : "plain model on the main queue: \(String(describing: places.plainOnMain)) (expected "
                        + "\(hasMainActorDefaultIsolation)), nonisolated: \(String(describing: places.nonisolatedOnMain))"
            },
            Step(name: "the route enum's base service", start: directory.loadFirstPage) {
                directory.firstPage.count == 6 && directory.title == "Team (12)"
                    ? nil : "\(directory.firstPage.count) members (\(directory.errorMessage ?? "no error"))"
            },
            Step(name: "the generic request helper", start: { directory.loadFeatured(id: 3, done: $0) }) {
                directory.featured?.firstName == "Emma" ? nil : "featured \(directory.featured?.firstName ?? "nobody")"
            },
            Step(
                name: "a learner's own authenticator: sign up, then products behind Authorization",
                start: { shop.signUpAndLoad(email: "shop-\(UUID().uuidString)@example.com", done: $0) },
                check: {
                    !shop.productNames.isEmpty ? nil : "no products (\(shop.errorMessage ?? "no error"))"
                }),
            // Last: the preview replaces `MenuController.shared` (and the check puts the original back).
            Step(
                name: "a SwiftUI preview points MenuController.shared at stubbed answers",
                start: { done in
                    let previewed = CategoryCount_Previews.previews  // as the canvas does: read, then run .task
                    Task {
                        await (previewed.body as? Text)?.taskAction?()
                        preview = (previewed.body as? Text)?.content ?? "(not a Text)"
                        MenuController.shared = originalMenu
                        done()
                    }
                },
                check: {
                    preview == "2 categories" && MenuController.shared === originalMenu
                        ? nil : "the preview shows \(preview)"
                }),
        ]
        run(steps[...], failures: []) { failures in
            badgeTask?.cancel()
            finished(steps.count, failures)
        }
    }

    /// Runs the steps one after another. After a step's `done`, its check is tried on later turns of
    /// the main queue (so observers and notifications already queued have run) for up to 10 seconds.
    private static func run(
        _ steps: ArraySlice<Step>, failures: [String], finished: @escaping @MainActor ([String]) -> Void
    ) {
        guard let step = steps.first else { return finished(failures) }
        var isDone = false
        step.start { isDone = true }
        let deadline = Date(timeIntervalSinceNow: 10)
        func poll() {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) {
                MainActor.assumeIsolated {
                    let problem = isDone ? step.check() : "\(step.name): the screen's completion never ran"
                    if problem != nil && Date() < deadline { return poll() }
                    let failed = problem.map { ["\(step.name): \($0)"] } ?? []
                    run(steps.dropFirst(), failures: failures + failed, finished: finished)
                }
            }
        }
        poll()
    }
}
#endif
