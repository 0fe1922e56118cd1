import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `Cache-Control` directives a cache shared by the app's users acts on (RFC 9111 §5.2.2), read
/// strictly by the standard's grammar.
///
/// `max-age` and `Age` are delta-seconds: one or more ASCII digits, nothing else (`inf`, `1e3`, `0x10`,
/// `-5`, `+5`, `5.0` are invalid), the quoted form `"5"` accepted (§5.2). A value too large to hold
/// counts as 2147483648 (§1.2.2). An invalid or repeated `max-age` counts as absent: the answer is
/// stale and revalidated every time. An invalid `Age` makes the answer stale too, so a bogus `Age`
/// never extends freshness.
struct CacheControl: Sendable {
    var noStore = false
    var noCache = false
    /// `private` (with or without a field list): the answer is for one user; a shared cache never stores it.
    var isPrivate = false
    /// Valid `max-age` seconds; nil when absent, invalid or repeated.
    var maxAge: Int?

    init(_ header: String?) {
        var maxAges: [Int?] = []
        for directive in (header ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "private": isPrivate = true
            case "max-age": maxAges.append(parts.count > 1 ? Self.deltaSeconds(parts[1], quotesAllowed: true) : nil)
            default: break
            }
        }
        maxAge = maxAges.count == 1 ? maxAges[0] : nil
    }

    /// Seconds an answer stays fresh: `max-age` minus the response's `Age`; 0 with `no-cache`, without
    /// a valid `max-age`, or with an invalid `Age`.
    func freshFor(_ response: HTTPURLResponse) -> TimeInterval {
        guard !noCache, let maxAge else { return 0 }
        var age = 0
        if let header = response.value(forHTTPHeaderField: "Age") {
            guard let valid = Self.deltaSeconds(Substring(header), quotesAllowed: false) else { return 0 }
            age = valid
        }
        return TimeInterval(max(0, maxAge - age))
    }

    /// The value of a delta-seconds field (`1*DIGIT`, RFC 9111 §1.2.2), surrounding spaces allowed;
    /// nil for anything else. Overlarge values are 2147483648.
    static func deltaSeconds(_ text: Substring, quotesAllowed: Bool) -> Int? {
        var digits = text.trimmingCharacters(in: .whitespaces)[...]
        if quotesAllowed, digits.count >= 2, digits.first == "\"", digits.last == "\"" {
            digits = digits.dropFirst().dropLast()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        let limit = 2_147_483_648
        var value = 0
        for byte in digits.utf8 {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            if value >= limit { return limit }
        }
        return value
    }
}

/// The request header names an answer's `Vary` lists (lowercased), or nil for `Vary: *` (the answer
/// varies on something no request shows, so it is never reused).
enum VaryHeader {
    static func names(_ header: String?) -> [String]? {
        let names = (header ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        return names.contains("*") ? nil : names.sorted()
    }
}
