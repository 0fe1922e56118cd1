import Foundation

/// Reads the ISO 8601 times reqres sends (`2026-11-29T21:00:00.000Z`).
enum Timestamp {
    /// The date `text` names, with or without fractional seconds; `nil` when it is not ISO 8601.
    static func date(from text: String) -> Date? {
        let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        if let date = try? withFraction.parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
