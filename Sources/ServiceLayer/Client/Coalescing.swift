import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Lets identical `GET`s in flight at the same time share one ``Exchange``: same method, URL and
/// headers (credentials included). Only calls whose endpoint coalesces come here; every other call
/// has an exchange of its own.
///
/// Each caller joins a group; the group's exchange starts with its first caller, ends when it
/// delivers (to every caller still in the group, in the order they joined) or when the last caller
/// leaves (the exchange is then cancelled). A caller never joins a group that has already delivered.
final class Coalescing: Sendable {
    typealias Subscriber = @Sendable (Exchange.Outcome) -> Void

    private struct Key: Hashable {
        let method: String
        let url: URL
        let headers: [String: String]
    }

    private let groups = Locked<[Key: Group]>([:])

    /// Joins the group of `request`, or starts one whose exchange `makeExchange` creates (with the
    /// function to call when it ends). Returns how to leave the group.
    func join(
        _ request: URLRequest, subscriber: @escaping Subscriber,
        makeExchange: (@escaping Exchange.OnEnd) -> Exchange
    ) -> @Sendable () -> Void {
        let key = Key(
            method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
            headers: request.allHTTPHeaderFields ?? [:])
        let (group, subscription, isNew) = groups.withLock { groups -> (Group, Int, Bool) in
            if let running = groups[key], let subscription = running.add(subscriber) {
                return (running, subscription, false)
            }
            let group = Group()
            groups[key] = group
            return (group, group.add(subscriber) ?? 0, true)
        }
        if isNew {
            let exchange = makeExchange { [groups] outcome in
                groups.withLock { if $0[key] === group { $0.removeValue(forKey: key) } }
                let subscribers = group.end()
                return (subscribers.count, { for subscriber in subscribers { subscriber(outcome) } })
            }
            group.start(exchange)
        }
        return { [groups] in
            guard group.remove(subscription) else { return }  // others still wait, or it has ended
            groups.withLock { if $0[key] === group { $0.removeValue(forKey: key) } }
        }
    }

    /// The callers of one exchange.
    private final class Group: Sendable {
        private struct State {
            var subscribers: [Int: Subscriber] = [:]
            var nextID = 0
            var exchange: Exchange?
            var hasEnded = false
        }

        private let state = Locked(State())

        /// Adds a caller; `nil` when the group has ended.
        func add(_ subscriber: @escaping Subscriber) -> Int? {
            state.withLock { state in
                guard !state.hasEnded else { return nil }
                state.nextID += 1
                state.subscribers[state.nextID] = subscriber
                return state.nextID
            }
        }

        /// Starts the group's exchange, unless every caller has already left.
        func start(_ exchange: Exchange) {
            let abandoned = state.withLock { state -> Bool in
                state.exchange = exchange
                return state.hasEnded
            }
            if !abandoned { exchange.start() }
        }

        /// Removes a caller. Returns `true` when it was the last: the group then ends and its exchange
        /// is cancelled.
        func remove(_ id: Int) -> Bool {
            let exchange = state.withLock { state -> Exchange?? in
                guard !state.hasEnded, state.subscribers.removeValue(forKey: id) != nil,
                    state.subscribers.isEmpty
                else { return nil }
                state.hasEnded = true
                return .some(state.exchange)
            }
            guard let exchange else { return false }
            exchange?.cancel()
            return true
        }

        /// Ends the group: the callers still in it, in the order they joined, to hand the outcome to.
        func end() -> [Subscriber] {
            let subscribers = state.withLock { state -> [Subscriber] in
                state.hasEnded = true
                defer { state.subscribers = [:]; state.exchange = nil }
                return state.subscribers.sorted { $0.key < $1.key }.map(\.value)
            }
            return subscribers
        }
    }
}
