import Foundation

// MARK: - The server's JSON reader

/// `JSONReader.parse` on any bytes: a value it reads, written by `ServerJSON.serialized` (compact and
/// pretty), reads back as the same value (numbers compared by value), on the same first line.
let jsonFuzzTarget = FuzzTarget(name: "json") { data in
    guard let parsed = try? JSONReader.parse(data) else { return }
    fuzzCheck(parsed.line >= 1, "a value on line \(parsed.line)")
    for pretty in [false, true] {
        let text = parsed.value.serialized(pretty: pretty)
        let again: LocatedJSON
        do {
            again = try JSONReader.parse(text)
        } catch {
            fatalError(
                "fuzz property failed: serialized JSON does not parse (\(error)): \(String(decoding: text, as: UTF8.self))"
            )
        }
        fuzzCheck(
            sameJSON(again.value, parsed.value),
            "serialized JSON reads back differently: \(String(decoding: text, as: UTF8.self))")
    }
}

/// Whether `a` and `b` are the same JSON value, numbers by value (the writer prints 2.0 as 2).
func sameJSON(_ a: ServerJSON, _ b: ServerJSON) -> Bool {
    switch (a, b) {
    case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
    case (.double(let x), .double(let y)): return x == y || (!x.isFinite && !y.isFinite)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
    case (.object(let x), .object(let y)):
        return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameJSON(value, $0) } ?? false }
    default: return a == b
    }
}
