import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Lets identical `GET`s in flight at the same time share one ``RequestTries``: same method, URL and
/// headers (credentials included). Only calls whose endpoint coalesces come here; every other call
/// has an exchange of its own.
///
/// Each caller joins a group; the group's exchange starts with its first caller, ends when it
/// delivers (to every caller still in the group, in the order they joined) or when the last caller
/// leaves (the exchange is then cancelled). A caller never joins a group that has already delivered;
/// with a ``KeptBody`` it finds the body that group kept instead.
final class Coalescing: Sendable {
    typealias Subscriber = @Sendable (RequestTries.Outcome) -> Void

    private struct Key: Hashable {
        let method: String
        let url: URL
        let headers: [String: String]
    }

    private let groups = Locked<[Key: Group]>([:])

    /// Joins the group of `request`, or starts one whose exchange `makeTries` creates (with the
    /// function to call when it ends). Returns how to leave the group.
    ///
    /// With a `kept` body store (see ``KeptBody``): a call that finds no group running is answered
    /// from the store when it has the body (looked up under the lock, nothing is sent); a group's
    /// successful body is kept before the group stops taking callers.
    func join(
        _ request: URLRequest, subscriber: @escaping Subscriber, kept: KeptBody? = nil,
        makeTries: (@escaping RequestTries.OnEnd) -> RequestTries
    ) -> @Sendable () -> Void {
        let key = Key(
            method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
            headers: request.allHTTPHeaderFields ?? [:])
        let joined = groups.withLock { groups -> Joined in
            if let running = groups[key], let subscription = running.add(subscriber) {
                return .running(running, subscription)
            }
            if let kept, let body = kept.lookup(), let outcome = kept.outcome(body, for: request) {
                return .kept(outcome)
            }
            let group = Group()
            groups[key] = group
            return .new(group, group.add(subscriber) ?? 0)
        }
        let (group, subscription): (Group, Int)
        switch joined {
        case .kept(let outcome):
            subscriber(outcome)
            return {}
        case .running(let running, let id): (group, subscription) = (running, id)
        case .new(let new, let id):
            (group, subscription) = (new, id)
            let tries = makeTries { [groups] outcome in
                if let kept, case .success((let body, _)) = outcome { kept.keep(body) }
                groups.withLock { if $0[key] === new { $0.removeValue(forKey: key) } }
                let subscribers = new.end()
                return (subscribers.count, { for subscriber in subscribers { subscriber(outcome) } })
            }
            new.start(tries)
        }
        return { [groups] in
            guard group.remove(subscription) else { return }  // others still wait, or it has ended
            groups.withLock { if $0[key] === group { $0.removeValue(forKey: key) } }
        }
    }

    /// What ``join(_:subscriber:kept:makeTries:)`` found: a running group, a kept body, or nothing
    /// (a new group).
    private enum Joined {
        case running(Group, Int)
        case kept(RequestTries.Outcome)
        case new(Group, Int)
    }

    /// The callers of one exchange.
    private final class Group: Sendable {
        private struct State {
            var subscribers: [Int: Subscriber] = [:]
            var nextID = 0
            var tries: RequestTries?
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
        func start(_ tries: RequestTries) {
            let abandoned = state.withLock { state -> Bool in
                state.tries = tries
                return state.hasEnded
            }
            if !abandoned { tries.start() }
        }

        /// Removes a caller. Returns `true` when it was the last: the group then ends and its exchange
        /// is cancelled.
        func remove(_ id: Int) -> Bool {
            let tries = state.withLock { state -> RequestTries?? in
                guard !state.hasEnded, state.subscribers.removeValue(forKey: id) != nil,
                    state.subscribers.isEmpty
                else { return nil }
                state.hasEnded = true
                return .some(state.tries)
            }
            guard let tries else { return false }
            tries?.cancel()
            return true
        }

        /// Ends the group: the callers still in it, in the order they joined, to hand the outcome to.
        func end() -> [Subscriber] {
            let subscribers = state.withLock { state -> [Subscriber] in
                state.hasEnded = true
                defer { state.subscribers = [:]; state.tries = nil }
                return state.subscribers.sorted { $0.key < $1.key }.map(\.value)
            }
            return subscribers
        }
    }
}
