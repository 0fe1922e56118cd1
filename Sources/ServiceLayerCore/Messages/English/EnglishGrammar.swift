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
    static func to(_ url: String?) -> String { if let url { " to \(url)" } else { "" } }
    /// ` from <url>`, or nothing.
    static func from(_ url: String?) -> String { if let url { " from \(url)" } else { "" } }
    /// ` at <url>`, or nothing.
    static func at(_ url: String?) -> String { if let url { " at \(url)" } else { "" } }
    /// ` in <url>`, or nothing.
    static func `in`(_ url: String?) -> String { if let url { " in \(url)" } else { "" } }
    /// ` for <url>`, or nothing.
    static func `for`(_ url: String?) -> String { if let url { " for \(url)" } else { "" } }
    /// ` <url>`, or nothing.
    static func plain(_ url: String?) -> String { if let url { " \(url)" } else { "" } }

    /// `2 s`, `0.5 s`.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// ` of 2 s`, or nothing.
    static func limit(_ seconds: TimeInterval?) -> String {
        if let seconds { " of \(Self.seconds(seconds))" } else { "" }
    }

    /// `the server at host:port`, or `the server`.
    static func server(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { "the server at \(hostPort)" } else { "the server" }
    }
    /// `The server at host:port`, or `The server`.
    static func theServer(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { "The server at \(hostPort)" } else { "The server" }
    }
    /// ` at host:port`, or nothing.
    static func atHostPort(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { " at \(hostPort)" } else { "" }
    }
    /// ` host:port`, or ` the host`.
    static func host(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { " \(hostPort)" } else { " the host" }
    }
    /// `, 40 bytes short of its `Content-Length``, or nothing.
    static func shortBy(_ missing: Int?) -> String {
        if let missing { ", \(missing) bytes short of its `Content-Length`" } else { "" }
    }

    /// ` at `items[0].price``, or nothing.
    static func atPath(_ path: String?) -> String { if let path { " at `\(path)`" } else { "" } }

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
        if let value { ", found \(kind(value.kind)) \(value.text)" } else { "" }
    }

    /// ` (found "2024-05-01")`, or nothing.
    static func foundValue(_ text: String?) -> String { if let text { " (found \(text))" } else { "" } }

    /// `titled "Title", beginning "first words"`.
    static func page(title: String?, words: String) -> String {
        let titled = if let title { "titled \"\(title)\"" } else { "with no title" }
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
    static func contentType(_ type: String?) -> String { if let type { "`\(type)`" } else { "no `Content-Type`" } }

    /// `1 whole event`, `3 whole events`, `no whole event`.
    static func wholeEvents(_ count: Int) -> String {
        switch count {
        case 0: return "no whole event"
        case 1: return "1 whole event"
        default: return "\(count) whole events"
        }
    }
}
