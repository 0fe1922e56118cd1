import Foundation

// MARK: - `_like` patterns

/// `SafePattern` on any pattern and text (never longer than the text's length × the pattern's size in
/// steps: the 1 s time limit catches backtracking). On small ASCII patterns and texts from a small alphabet,
/// where NSRegularExpression's dialect and JavaScript's agree, a pattern both accept matches the same texts.
let likeFuzzTarget = FuzzTarget(name: "like") { data in
    let fields = fuzzFields(data, count: 2)
    let rawPattern = String(decoding: fields[0].prefix(200), as: UTF8.self)
    let rawText = String(decoding: fields[1].prefix(4096), as: UTF8.self)
    if let pattern = try? SafePattern(rawPattern) { _ = pattern.matches(rawText) }

    let alphabet = Array("ab.|*+?()^$[]-\\dwsAB:".unicodeScalars)
    let pattern = String(String.UnicodeScalarView(fields[0].prefix(24).map { alphabet[Int($0) % alphabet.count] }))
    let text = String(
        String.UnicodeScalarView(fields[1].prefix(12).map { Array("abAB1 _-".unicodeScalars)[Int($0) % 8] }))
    // Where ICU and JavaScript differ: a quantifier after a quantifier (possessive in ICU), `[` inside a
    // class (a nested set in ICU: patterns with two `[` are left out), `--` and `&&` in a class (set difference and intersection in ICU),
    // escapes of letters other than d, w, s.
    let quantifiers = Set("*+?".unicodeScalars)
    let scalars = Array(pattern.unicodeScalars)
    for (index, scalar) in scalars.enumerated().dropFirst() where quantifiers.contains(scalar) {
        if quantifiers.contains(scalars[index - 1]) && (index < 2 || scalars[index - 2] != "\\") { return }
    }
    guard pattern.filter({ $0 == "[" }).count <= 1, !pattern.contains("--"), !pattern.contains("&&"),
        !pattern.contains("[^["),
        !pattern.contains("\\A"), !pattern.contains("\\B"),
        !pattern.contains("\\b"), !pattern.contains("\\a"), !pattern.contains("(?"), !pattern.contains("[]"),
        !pattern.contains("[^]"), let safe = try? SafePattern(pattern),
        let icu = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    else { return }
    let expected = icu.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    fuzzCheck(safe.matches(text) == expected, "/\(pattern)/i on \"\(text)\": SafePattern \(!expected), ICU \(expected)")
}
