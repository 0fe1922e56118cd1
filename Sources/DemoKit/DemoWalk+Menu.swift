import Foundation
import ServiceLayer

// MARK: - MenuController: categories, menus, the order, an image

extension DemoWalk {
    func menuSteps() -> [DemoStep] {
        let categories = Locked<[String]>([])
        let items = Locked<[MenuItem]>([])
        return [
            heading("MenuController (Restaurant API at \(baseURL.absoluteString))"),
            DemoStep(name: "fetch the categories") { [self] done in
                menu.fetchCategories { result in
                    switch result {
                    case .success(let names):
                        categories.withLock { $0 = names }
                        let expected = ["appetizers", "salads", "soups", "entrees", "desserts", "sandwiches"]
                        let passed = self.knowsFixtureData ? names == expected : !names.isEmpty
                        done(passed, "\(names.count) categories: " + names.joined(separator: ", "))
                    case .failure(let error):
                        done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "fetch the menu of each category") { [self] done in
                fetchMenus(of: categories.withLock { $0 }[...], found: []) { result in
                    switch result {
                    case .success(let (all, lines)):
                        items.withLock { $0 = all }
                        let passed = self.knowsFixtureData ? all.count == 6 : !all.isEmpty
                        done(passed, lines.joined(separator: "\n"))
                    case .failure(let error):
                        done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "add two items to the order") { [self] done in
                addTwoItems(items.withLock { Array($0.prefix(2)) }, done: done)
            },
            DemoStep(name: "submit the order") { [self] done in
                let ids = menu.order.menuItems.map(\.id)
                menu.submitOrder(forMenuIDs: ids) { result in
                    switch result {
                    case .success(let minutes):
                        // The fixture server's preparation times by menu ID; the answer is the longest.
                        let fixturePrepTimes = [1: 20, 2: 30, 3: 15, 4: 12, 5: 5, 6: 5]
                        let expected = ids.compactMap { fixturePrepTimes[$0] }.max() ?? 0
                        let passed = self.knowsFixtureData ? minutes == expected : minutes >= 0
                        done(passed, "order \(ids) is ready in \(minutes) minutes")
                    case .failure(let error):
                        done(false, describe(error))
                    }
                }
            },
            DemoStep(name: "fetch an image, then again from the cache") { [self] done in
                guard let item = items.withLock({ $0.first }) else { return done(false, "no menu item to show") }
                fetchImageTwice(for: item, done: done)
            },
        ]
    }

    /// Fetches the menu of each category in turn, collecting items and transcript lines.
    private func fetchMenus(
        of categories: ArraySlice<String>, found: [(String, [MenuItem])],
        completion: @escaping @Sendable (Result<([MenuItem], [String]), APIError>) -> Void
    ) {
        guard let category = categories.first else {
            let lines = found.map { category, items in
                "\(category): "
                    + (items.isEmpty
                        ? "(nothing)" : items.map { "\($0.name) \($0.formattedPrice)" }.joined(separator: ", "))
            }
            return completion(.success((found.flatMap(\.1), lines)))
        }
        menu.fetchMenuItems(forCategory: category) { [self] result in
            switch result {
            case .success(let items):
                fetchMenus(of: categories.dropFirst(), found: found + [(category, items)], completion: completion)
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    /// Adds two items and waits for one `orderUpdatedNotification` per change.
    private func addTwoItems(_ chosen: [MenuItem], done: @escaping DemoStep.Report) {
        guard chosen.count == 2 else { return done(false, "the menu has fewer than two items") }
        let received = Locked<[String]>([])
        let observer = Locked<ObserverToken?>(nil)
        let token = NotificationCenter.default.addObserver(
            forName: MenuController.orderUpdatedNotification, object: menu, queue: nil
        ) { notification in
            let order = MenuController.order(from: notification)
            let names = order?.menuItems.map(\.name).joined(separator: ", ") ?? "?"
            let lines = received.withLock { lines -> [String] in
                lines.append("notification \(lines.count + 1): the order is now [\(names)]")
                return lines
            }
            if lines.count == 2, let observation = observer.withLock({ $0 }) {
                NotificationCenter.default.removeObserver(observation.token)
                let passed = order?.menuItems.map(\.id) == chosen.map(\.id)
                let total = (order ?? Order()).formattedTotal
                done(passed, (lines + ["total: \(total)"]).joined(separator: "\n"))
            }
        }
        observer.withLock { $0 = ObserverToken(token: token) }
        for item in chosen { menu.addToOrder(item) }
    }

    /// Fetches an item's picture, then the same URL again, which the cache answers.
    private func fetchImageTwice(for item: MenuItem, done: @escaping DemoStep.Report) {
        let started = DispatchTime.now()
        menu.fetchImage(url: item.imageURL) { [self] first in
            let data: Data
            switch first {
            case .success(let bytes): data = bytes
            case .failure(let error): return done(false, describe(error))
            }
            let firstTime = milliseconds(since: started)
            let again = DispatchTime.now()
            let handle = menu.fetchImage(url: item.imageURL) { second in
                let secondTime = milliseconds(since: again)
                let cached: Data
                switch second {
                case .success(let bytes): cached = bytes
                case .failure(let error): return done(false, describe(error))
                }
                let lines = [
                    "\(item.imageURL.lastPathComponent): \(data.count) bytes in \(firstTime) ms (network)",
                    "again: \(cached.count) bytes in \(secondTime) ms (cache hit, no request)",
                ]
                done(cached == data && data.starts(with: [0x89, 0x50, 0x4E, 0x47]), lines.joined(separator: "\n"))
            }
            if !handle.isFinished { done(false, "the second fetch was not answered by the cache") }
        }
    }
}

/// A notification observer's token, handed from the registering thread to the observing block.
/// NotificationCenter's tokens may be removed from any thread; the box never changes after creation.
private final class ObserverToken: @unchecked Sendable {
    let token: any NSObjectProtocol
    init(token: any NSObjectProtocol) { self.token = token }
}

private func milliseconds(since start: DispatchTime) -> String {
    String(format: "%.1f", Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
}
