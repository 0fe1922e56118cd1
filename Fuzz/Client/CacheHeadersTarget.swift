import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Cache-Control, Age and Vary

/// The input as a `Cache-Control`, an `Age` and a `Vary` (NUL-separated): `max-age` and `Age` are read
/// as RFC 9111's delta-seconds (digits only, overlarge values 2147483648), compared with a plain reading
/// on the digits' text; the fresh time is never negative; `Vary` gives lowercased, trimmed, sorted names,
/// or nil exactly when it lists `*`.
let cacheHeadersFuzzTarget = FuzzTarget(name: "cache-headers") { data in
    let fields = fuzzFields(data, count: 3).map { String(decoding: $0.prefix(1024), as: UTF8.self) }
    let control = CacheControl(fields[0])
    let maxAges = fields[0].split(separator: ",").compactMap { directive -> Substring? in
        let parts = directive.split(separator: "=", maxSplits: 1)
        guard parts.first?.trimmingCharacters(in: .whitespaces).lowercased() == "max-age" else { return nil }
        return parts.count > 1 ? parts[1] : ""
    }
    let expected = maxAges.count == 1 ? plainDeltaSeconds(maxAges[0], quotesAllowed: true) : nil
    fuzzCheck(
        control.maxAge == expected,
        "max-age of \(fields[0]): \(String(describing: control.maxAge)), expected \(String(describing: expected))")
    let age = CacheControl.deltaSeconds(Substring(fields[1]), quotesAllowed: false)
    fuzzCheck(
        age == plainDeltaSeconds(Substring(fields[1]), quotesAllowed: false),
        "Age \(fields[1]) read as \(String(describing: age))")
    if let url = URL(string: "https://example.com/a"),
        let response = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Age": fields[1]])
    {
        let fresh = control.freshFor(response)
        fuzzCheck(fresh >= 0 && fresh <= 2_147_483_648, "fresh for \(fresh) s")
    }
    let names = VaryHeader.names(fields[2])
    let listed = fields[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    fuzzCheck((names == nil) == listed.contains("*"), "Vary \(fields[2]) read as \(String(describing: names))")
    if let names {
        fuzzCheck(
            names == names.sorted() && names.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() }, "Vary names \(names)")
    }
}

/// delta-seconds read on the text: trimmed (and unquoted), all ASCII digits, leading zeros dropped, more
/// than ten digits or a value of 2147483648 or more is 2147483648.
private func plainDeltaSeconds(_ text: Substring, quotesAllowed: Bool) -> Int? {
    var digits = Substring(text.trimmingCharacters(in: .whitespaces))
    if quotesAllowed, digits.count >= 2, digits.hasPrefix("\""), digits.hasSuffix("\"") {
        digits = digits.dropFirst().dropLast()
    }
    guard !digits.isEmpty, digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
    let significant = digits.drop { $0 == "0" }
    guard significant.count <= 10, let value = Int(significant.isEmpty ? "0" : significant) else {
        return 2_147_483_648
    }
    return min(value, 2_147_483_648)
}
