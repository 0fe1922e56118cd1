import Foundation

// How English joins facts into sentences: a URL after "to" or "from", a number of seconds, a coding path,
// an article before a JSON kind. Grammar only: which sentence to say was decided by the engine.

extension APIError.Explanation {
    /// An English explanation: each part ends in exactly one period (or `?`, `!`, `…`), and the parts are
    /// joined with a space.
    init(what: String, why: String, fix: String) {
        self.init(sentences: Self.sentence(what), Self.sentence(why), Self.sentence(fix))
    }

    /// `text` as an English sentence: ending in one period unless it ends in `.`, `?`, `!` or `…`.
    static func sentence(_ text: String) -> String {
        sentence(text, period: ".", endings: ".?!…")
    }
}

enum EnglishGrammar {
    /// ` to <url>`, or nothing.
    static func to(_ url: String?) -> String { url.map { " to \($0)" } ?? "" }
    /// ` from <url>`, or nothing.
    static func from(_ url: String?) -> String { url.map { " from \($0)" } ?? "" }
    /// ` at <url>`, or nothing.
    static func at(_ url: String?) -> String { url.map { " at \($0)" } ?? "" }
    /// ` in <url>`, or nothing.
    static func `in`(_ url: String?) -> String { url.map { " in \($0)" } ?? "" }
    /// ` for <url>`, or nothing.
    static func `for`(_ url: String?) -> String { url.map { " for \($0)" } ?? "" }
    /// ` <url>`, or nothing.
    static func plain(_ url: String?) -> String { url.map { " \($0)" } ?? "" }

    /// `2 s`, `0.5 s`.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// ` of 2 s`, or nothing.
    static func limit(_ seconds: TimeInterval?) -> String { seconds.map { " of \(Self.seconds($0))" } ?? "" }

    /// `the server at host:port`, or `the server`.
    static func server(_ place: TransportPlace) -> String {
        place.hostPort.map { "the server at \($0)" } ?? "the server"
    }
    /// `The server at host:port`, or `The server`.
    static func theServer(_ place: TransportPlace) -> String {
        place.hostPort.map { "The server at \($0)" } ?? "The server"
    }
    /// ` at host:port`, or nothing.
    static func atHostPort(_ place: TransportPlace) -> String { place.hostPort.map { " at \($0)" } ?? "" }
    /// ` host:port`, or ` the host`.
    static func host(_ place: TransportPlace) -> String { place.hostPort.map { " \($0)" } ?? " the host" }
    /// `, 40 bytes short of its `Content-Length``, or nothing.
    static func shortBy(_ missing: Int?) -> String {
        missing.map { ", \($0) bytes short of its `Content-Length`" } ?? ""
    }

    /// ` at `items[0].price``, or nothing.
    static func atPath(_ path: String?) -> String { path.map { " at `\($0)`" } ?? "" }

    /// `at `items[0].price``, `at the top level`, or what Foundation did not give.
    static func place(_ place: CodingPlace) -> String {
        switch place {
        case .unknown: return "(the coding path is unknown: Foundation gave none)"
        case .root: return "at the top level"
        case .path(let path): return "at `\(path)`"
        }
    }

    /// `in the object at `results[0]``, `in the top-level object`, or what Foundation did not give.
    static func container(_ place: CodingPlace) -> String {
        switch place {
        case .unknown: return "(the coding path is unknown: Foundation gave none)"
        case .root: return "in the top-level object"
        case .path(let path): return "in the object at `\(path)`"
        }
    }

    /// `The answer from <url> (200)`, or `The JSON` for a file the app reads.
    static func source(_ source: DecodingSource) -> String {
        switch source {
        case .file: return "The JSON"
        case .answer(let url, let status): return "The answer" + from(url) + (status.map { " (\($0))" } ?? "")
        }
    }

    /// `a string`, `an array`, `null`.
    static func kind(_ kind: DecodingFailure.JSONKind) -> String {
        switch kind {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a Boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// `Double` in code voice, as Foundation named it, or `an array`.
    static func expected(_ value: ExpectedValue) -> String {
        switch value {
        case .type(let name): return "`\(name)`"
        case .kind(let kind): return Self.kind(kind)
        }
    }

    /// `, found a string "12.5"`, or nothing.
    static func found(_ value: DecodingFailure.FoundValue?) -> String {
        value.map { ", found \(kind($0.kind)) \($0.text)" } ?? ""
    }

    /// ` (found "2024-05-01")`, or nothing.
    static func foundValue(_ text: String?) -> String { text.map { " (found \($0))" } ?? "" }

    /// `titled "Title", beginning "first words"`.
    static func page(title: String?, words: String) -> String {
        let titled = title.map { "titled \"\($0)\"" } ?? "with no title"
        return words.isEmpty ? titled : "\(titled), beginning \"\(words)\""
    }

    /// `1 call was`, `3 calls were`.
    static func calls(_ count: Int) -> String { count == 1 ? "1 call was" : "\(count) calls were" }

    /// `, then 20 bytes`, sizes of a file that changed.
    static func sizes(_ before: Int64, _ after: Int64) -> String { "\(before) bytes, then \(after)" }

    /// `120 seconds`, `1 second`, `until Wed, 21 Oct 2026 07:28:00 GMT`.
    static func wait(_ wait: RetryWait) -> String {
        switch wait {
        case .seconds(let seconds): return seconds == 1 ? "1 second" : "\(seconds) seconds"
        case .until(let date): return "until \(date)"
        }
    }

    /// `` `application/json` ``, or `no `Content-Type``.
    static func contentType(_ type: String?) -> String { type.map { "`\($0)`" } ?? "no `Content-Type`" }

    /// `1 whole event`, `3 whole events`, `no whole event`.
    static func wholeEvents(_ count: Int) -> String {
        switch count {
        case 0: return "no whole event"
        case 1: return "1 whole event"
        default: return "\(count) whole events"
        }
    }
}
