import Foundation

// MARK: - Request URLs from a base URL and an endpoint path

/// A base URL, a path (with `?` and `#` as a learner writes them) and query items from the input: a path
/// with `#` is refused with a message that shows it only up to its first `?` or `#`; otherwise the text
/// fast path and the `URLComponents` path give the same URL, which keeps the base's scheme and host and
/// carries every query item.
let urlBuildingFuzzTarget = FuzzTarget(name: "url-building") { data in
    let fields = fuzzFields(data, count: 4).map { String(decoding: $0.prefix(512), as: UTF8.self) }
    guard let base = URL(string: fields[0].isEmpty ? "https://example.com/api/" : fields[0]) else { return }
    let path = fields[1]
    let query = fields[2].isEmpty ? [] : [URLQueryItem(name: fields[2], value: fields[3])]
    if let problem = URLBuilding.fragmentProblem(inPath: path) {
        guard case .invalidRequest(let reason) = problem, case .fragmentInPath(let shown) = reason else {
            fatalError("fuzz property failed: \(problem)")
        }
        // The path as written never appears: what is shown stops at its first `?` or `#`, then `…`.
        // (Not "the message does not contain the path": a short path such as `#"` can occur in any sentence.)
        let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        let expected = String(path[..<end]) + String(path[end]) + "…"
        fuzzCheck(
            shown == expected,
            "\(path.debugDescription) is shown as \(shown.debugDescription), not \(expected.debugDescription)")
        // A `.. ` inside the path reads as a doubled period ending a sentence, and the message makes it one:
        // the one place a shown path is not verbatim (a path with a space before its `#` is not a real path).
        let characters = Array(shown)
        let readAsSentenceEnd = characters.indices.dropFirst(2).contains {
            characters[$0 - 2] == "." && characters[$0 - 1] == "." && characters[$0].isWhitespace
        }
        fuzzCheck(
            readAsSentenceEnd || reason.description.contains(shown),
            "the message does not show \(shown.debugDescription)")
        return
    }
    let fast = URLBuilding.url(base: base, path: path, query: query)
    let slow = URLBuilding.url(base: base, plainBase: nil, path: path, query: query)
    fuzzCheck(
        fast == slow,
        "\(base) + \(path.debugDescription): \(String(describing: fast)) by text, \(String(describing: slow)) by URLComponents"
    )
    guard let url = fast else { return }
    fuzzCheck(url.scheme == base.scheme && url.host == base.host, "\(url) left \(base)'s origin")
    if !query.isEmpty {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        fuzzCheck(items.contains { $0.name == query[0].name && $0.value == query[0].value }, "\(url) lost \(query)")
    }
}
