import Foundation

// MARK: - Route patterns (routes.json, Postman mocks, the built-in routes)

/// A pattern and a path from the input: when the path matches, putting the captured parameters back into
/// the pattern gives the path again; and the pattern's own path, each `:name` filled in from the input,
/// matches with those values.
let routesFuzzTarget = FuzzTarget(name: "routes") { data in
    let fields = fuzzFields(data, count: 3)
    let pattern = String(decoding: fields[0].prefix(512), as: UTF8.self)
    let path = "/" + String(decoding: fields[1].prefix(512), as: UTF8.self)
    let route = Route(pattern, [])
    let segments = Route.segments(of: path)
    if let parameters = route.match(segments) {
        let names = route.segments.filter { $0.hasPrefix(":") }
        if Set(names).count == names.count {
            let rebuilt = route.segments.map { $0.hasPrefix(":") ? parameters[String($0.dropFirst())]! : $0 }
            fuzzCheck("/" + rebuilt.joined(separator: "/") == path, "\(pattern) matched \(path) as \(parameters)")
        }
    }
    var fill = Route.segments(of: String(decoding: fields[2].prefix(64), as: UTF8.self)).map(String.init)
        .filter { !$0.isEmpty }.makeIterator()
    var wanted: [String: String] = [:]
    let own = route.segments.map { segment -> String in
        guard segment.hasPrefix(":") else { return segment }
        let value = fill.next() ?? "x"
        wanted[String(segment.dropFirst())] = value
        return value
    }
    let found = route.match(own.map { Substring($0) })
    fuzzCheck(found == wanted, "\(pattern) matched its own path \(own) as \(String(describing: found)), not \(wanted)")
    fuzzCheck(
        MockRoute(method: "GET", pattern: pattern, examples: [], line: 1, field: "").matches(
            "/" + own.joined(separator: "/")) || own.isEmpty, "a mock route does not match its own path")
}
