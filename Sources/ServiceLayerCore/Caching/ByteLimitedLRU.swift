import Foundation

/// Values kept in memory by key, holding at most a number of bytes and forgetting the least recently
/// used first: the memory tier of both ``ImageCache`` (pictures by URL) and ``ResponseCache`` (JSON
/// answers by request).
///
/// Safe to use from any thread (one lock guards it). Evicting scans the entries, which is fine for the
/// tens or hundreds of entries these caches hold. (`NSCache` would do on Apple platforms, but evicts
/// differently on Linux; this behaves the same everywhere.)
final class ByteLimitedLRU<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var entries: [Key: (value: Value, bytes: Int, lastUse: UInt64)] = [:]
        var totalBytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes held; a value larger than this is never kept. 0 keeps nothing.
    let byteLimit: Int
    private let size: @Sendable (Value) -> Int
    private let state = Locked(State())

    /// Creates an empty cache.
    /// - Parameters:
    ///   - byteLimit: The most bytes to hold (a negative limit counts as 0).
    ///   - size: The bytes a value counts for.
    init(byteLimit: Int, size: @escaping @Sendable (Value) -> Int) {
        self.byteLimit = max(0, byteLimit)
        self.size = size
    }

    /// The value kept for `key`, marking it as the most recently used; `nil` when there is none.
    func value(for key: Key) -> Value? {
        state.withLock { state in
            guard let found = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return found.value
        }
    }

    /// Keeps `value` for `key` (replacing any earlier value, whose bytes no longer count), then forgets
    /// the least recently used values until the total is within ``byteLimit``. A value larger than the
    /// limit is not kept (and the earlier value is gone).
    func insert(_ value: Value, for key: Key) {
        let bytes = size(value)
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.totalBytes -= old.bytes }
            guard bytes <= byteLimit else { return }
            state.clock += 1
            state.entries[key] = (value, bytes, state.clock)
            state.totalBytes += bytes
            while state.totalBytes > byteLimit,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.totalBytes -= oldest.value.bytes
            }
        }
    }

    /// Forgets the value kept for `key`, if any.
    func removeValue(for key: Key) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.totalBytes -= old.bytes }
        }
    }

    /// Forgets every value.
    func removeAll() {
        state.withLock { $0 = State() }
    }

    /// How many values are kept.
    var count: Int { state.withLock { $0.entries.count } }

    /// How many bytes the kept values count for together.
    var totalBytes: Int { state.withLock { $0.totalBytes } }
}
