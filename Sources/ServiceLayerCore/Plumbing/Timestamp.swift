import Foundation

/// Reads the ISO 8601 times the servers send (`2026-11-29T21:00:00.000Z`): reqres' `createdAt` and
/// `updatedAt`, the accounts server's `created`.
///
/// Public on purpose, one of the three public types of `Plumbing/` (CONTRIBUTING.md, "The plumbing that is
/// public on purpose"): your own models read their backend's time strings as the sample's models do.
public enum Timestamp {
    /// The date `text` names, with or without fractional seconds; `nil` when it is not ISO 8601.
    ///
    /// `Date.ISO8601FormatStyle` first, with and without fractional seconds; then
    /// `ISO8601DateFormatter`, the older parser, in case the format style of an older system (the
    /// ICU-based Foundation of iOS 15 and 16, not swift-foundation's) reads a form differently.
    public static func date(from text: String) -> Date? {
        let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        if let date = try? withFraction.parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
