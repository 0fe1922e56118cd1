import Foundation

// MARK: - Injected faults

/// The faults queued on a server, consumed in FIFO order per request.
final class FaultQueue: Sendable {
    private struct Entry {
        let fault: Fault
        let path: String
        let method: String?
        var remaining: Int?
    }

    private let entries = Locked<[Entry]>([])

    /// Appends a fault; `times == nil` means every matching request until ``clear()``.
    /// A non-positive `times` queues nothing.
    func add(_ fault: Fault, path: String, method: String?, times: Int?) {
        if let times, times <= 0 { return }
        let entry = Entry(
            fault: fault, path: HTTPRequest.normalize(path), method: method?.uppercased(), remaining: times)
        entries.withLock { $0.append(entry) }
    }

    /// Removes every queued fault.
    func clear() {
        entries.withLock { $0.removeAll() }
    }

    /// Takes the first fault queued for this method and (normalized) path, decrementing its count.
    func take(method: String, path: String) -> Fault? {
        entries.withLock { entries in
            guard
                let index = entries.firstIndex(where: {
                    $0.path == path && ($0.method == nil || $0.method == method)
                })
            else { return nil }
            let fault = entries[index].fault
            if let remaining = entries[index].remaining {
                if remaining <= 1 {
                    entries.remove(at: index)
                } else {
                    entries[index].remaining = remaining - 1
                }
            }
            return fault
        }
    }
}
