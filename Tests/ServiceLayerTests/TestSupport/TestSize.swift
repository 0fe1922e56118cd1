import Foundation

/// How big the long reliability tests run.
///
/// `swift test` runs them at a smaller size that still covers every call, fault and cancel kind;
/// `SERVICELAYER_FULL=1 swift test --filter Reliability` (a stage of `.ci/run`) runs them at full size.
enum TestSize {
    /// Whether `SERVICELAYER_FULL=1` asks for the full size.
    static let isFull = ProcessInfo.processInfo.environment["SERVICELAYER_FULL"] == "1"

    /// `full` under `SERVICELAYER_FULL=1`, `small` otherwise.
    static func pick<Value>(full: Value, small: Value) -> Value { isFull ? full : small }
}
