import Foundation

// How Swedish joins facts into sentences: a URL after "till" or "från", a number of seconds with a decimal
// comma, a coding path, a JSON kind with its article. Grammar only: which sentence to say was decided by the
// engine.

extension APIError.Explanation {
    /// A Swedish explanation: each part ends in exactly one period (or `?`, `!`, `…`), and the parts are
    /// joined with a space.
    init(sv what: String, why: String, fix: String) {
        let end = { (text: String) in Self.sentence(text, period: ".", endings: ".?!…") }
        self.init(sentences: end(what), end(why), end(fix))
    }
}

enum SwedishGrammar {
    /// ` till <url>`, or nothing.
    static func to(_ url: String?) -> String { if let url { " till \(url)" } else { "" } }
    /// ` från <url>`, or nothing.
    static func from(_ url: String?) -> String { if let url { " från \(url)" } else { "" } }
    /// ` på <url>`, or nothing.
    static func at(_ url: String?) -> String { if let url { " på \(url)" } else { "" } }
    /// ` i <url>`, or nothing.
    static func `in`(_ url: String?) -> String { if let url { " i \(url)" } else { "" } }
    /// ` för <url>`, or nothing.
    static func `for`(_ url: String?) -> String { if let url { " för \(url)" } else { "" } }
    /// ` <url>`, or nothing.
    static func plain(_ url: String?) -> String { if let url { " \(url)" } else { "" } }
    /// ` på begäran till <url>`, or nothing: what an HTTP status answered.
    static func answeredTo(_ url: String?) -> String { if let url { " på begäran till \(url)" } else { "" } }

    /// `2 s`, `0,5 s`: a decimal comma.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e9
            ? "\(Int(value)) s" : "\(value) s".replacingOccurrences(of: ".", with: ",")
    }

    /// ` på 2 s`, or nothing.
    static func limit(_ seconds: TimeInterval?) -> String {
        if let seconds { " på \(Self.seconds(seconds))" } else { "" }
    }

    /// `servern på host:port`, or `servern`.
    static func server(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { "servern på \(hostPort)" } else { "servern" }
    }
    /// `Servern på host:port`, or `Servern`.
    static func theServer(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { "Servern på \(hostPort)" } else { "Servern" }
    }
    /// ` på host:port`, or nothing.
    static func atHostPort(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { " på \(hostPort)" } else { "" }
    }
    /// ` host:port`, or ` värden`.
    static func host(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { " \(hostPort)" } else { " värden" }
    }
    /// `, 40 byte mindre än vad `Content-Length` anger`, or nothing.
    static func shortBy(_ missing: Int?) -> String {
        if let missing { ", \(missing) byte mindre än vad `Content-Length` anger" } else { "" }
    }

    /// ` vid `items[0].price``, or nothing.
    static func atPath(_ path: String?) -> String { if let path { " vid `\(path)`" } else { "" } }

    /// `vid `items[0].price``, `på översta nivån`, or what Foundation did not give.
    static func place(_ place: CodingPlace) -> String {
        switch place {
        case .unknown: return "(kodningssökvägen är okänd: Foundation angav ingen)"
        case .root: return "på översta nivån"
        case .path(let path): return "vid `\(path)`"
        }
    }

    /// `i objektet vid `results[0]``, `i objektet på översta nivån`, or what Foundation did not give.
    static func container(_ place: CodingPlace) -> String {
        switch place {
        case .unknown: return "(kodningssökvägen är okänd: Foundation angav ingen)"
        case .root: return "i objektet på översta nivån"
        case .path(let path): return "i objektet vid `\(path)`"
        }
    }

    /// `Svaret från <url> (200)`, or `JSON-dokumentet` for a file the app reads (both neuter, so the
    /// sentences' `tomt` and `det` agree with either).
    static func source(_ source: DecodingSource) -> String {
        switch source {
        case .file: return "JSON-dokumentet"
        case .answer(let url, let status): return "Svaret" + from(url) + (status.map { " (\($0))" } ?? "")
        }
    }

    /// `en sträng`, `en lista`, `null`: a JSON array is a list in Swedish prose.
    static func kind(_ kind: DecodingFailure.JSONKind) -> String {
        switch kind {
        case .string: return "en sträng"
        case .number: return "ett tal"
        case .bool: return "ett booleskt värde"
        case .null: return "null"
        case .array: return "en lista"
        case .object: return "ett objekt"
        }
    }

    /// `Double` as Foundation named it, in code voice (a Swift type, never a Swedish word), or `en lista`.
    static func expected(_ value: ExpectedValue) -> String {
        switch value {
        case .type(let name): return "`\(name)`"
        case .kind(let kind): return Self.kind(kind)
        }
    }

    /// `, hittade en sträng "12.5"`, or nothing.
    static func found(_ value: DecodingFailure.FoundValue?) -> String {
        if let value { ", hittade \(kind(value.kind)) \(value.text)" } else { "" }
    }

    /// ` (hittade "2024-05-01")`, or nothing.
    static func foundValue(_ text: String?) -> String { if let text { " (hittade \(text))" } else { "" } }

    /// `med titeln "Title", som börjar "first words"`.
    static func page(title: String?, words: String) -> String {
        let titled = if let title { "med titeln \"\(title)\"" } else { "utan titel" }
        return words.isEmpty ? titled : "\(titled), som börjar \"\(words)\""
    }

    /// How a date is written: `i formatet ISO-8601`, `angivet i sekunder sedan 1970`.
    static func dateFormat(_ format: DecodingFailure.DateFormat) -> String {
        switch format {
        case .iso8601: return "i formatet ISO-8601"
        case .yearMonthDay: return "i formatet yyyy-MM-dd"
        case .secondsSince1970: return "angivet i sekunder sedan 1970"
        case .millisecondsSince1970: return "angivet i millisekunder sedan 1970"
        }
    }

    /// `1 anrop`, `3 anrop` (the same word in the plural).
    static func calls(_ count: Int) -> String { "\(count) anrop" }

    /// `10 byte, sedan 20 byte`: the sizes of a file that changed.
    static func sizes(_ before: Int64, _ after: Int64) -> String { "\(before) byte, sedan \(after) byte" }

    /// `120 sekunder`, `1 sekund`, `till Wed, 21 Oct 2026 07:28:00 GMT` (the header's date, as sent).
    static func wait(_ wait: RetryWait) -> String {
        switch wait {
        case .seconds(let seconds): return seconds == 1 ? "1 sekund" : "\(seconds) sekunder"
        case .until(let date): return "till \(date)"
        }
    }

    /// `` `application/json` ``, or `utan `Content-Type``.
    static func contentType(_ type: String?) -> String { if let type { "`\(type)`" } else { "utan `Content-Type`" } }

    /// `1 hel händelse`, `3 hela händelser`, `ingen hel händelse`.
    static func wholeEvents(_ count: Int) -> String {
        switch count {
        case 0: return "ingen hel händelse"
        case 1: return "1 hel händelse"
        default: return "\(count) hela händelser"
        }
    }
}
