import Foundation

/// A value handed from one thread to another exactly once, never used again by the sender.
///
/// A call's result crosses from the thread that made it to the thread of its completion. Its type is
/// generic, so the compiler cannot see what makes the hand-over safe: ``ResponseReading/anywhere(_:)``
/// and ``Delivery/queue(_:_:)`` are only made for `Sendable` responses, a main-actor reading makes its
/// result on the main actor, and a failure carries only an ``APIError``.
struct Handed<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
