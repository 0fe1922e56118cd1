import Foundation

// How 繁體中文 (Taiwan) joins facts into sentences: a URL before 的, seconds, a coding place, a JSON kind word,
// a date format's name. Grammar only: which sentence to say was decided by the engine.
//
// Spacing: a half-width space between Chinese and Latin letters, digits, code spans or URLs, none next to
// full-width punctuation (`，`, `：`, `（`, `「`...). A phrase that may start a sentence may begin with a space:
// each part is trimmed before its `。` is added.

extension APIError.Explanation {
    /// A 繁體中文 explanation: each part ends in `。` (unless it already ends in `。`, `？`, `！` or `…`),
    /// and the parts are joined without spaces.
    init(zhHant what: String, why: String, fix: String) {
        self.init(
            sentences: Self.zhHantSentence(what), Self.zhHantSentence(why), Self.zhHantSentence(fix), joiner: "")
    }

    /// `text` as a Chinese sentence: trimmed, ending in exactly one `。` unless it ends in `？`, `！` or `…`.
    static func zhHantSentence(_ text: String) -> String {
        var text = sentence(text, period: "。", endings: "。？！…")
        while text.hasSuffix("。。") { text.removeLast() }
        return text
    }
}

enum TraditionalChineseGrammar {
    // MARK: Spacing

    /// Whether `character` is a Chinese character (not full-width punctuation).
    private static func isHan(_ character: Character?) -> Bool {
        guard let scalar = character?.unicodeScalars.first else { return false }
        return (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
            || (0xF900...0xFAFF).contains(scalar.value)
    }

    /// Whether `character` is a Latin letter, a digit, or what opens or closes code or a quoted literal.
    private static func isLatin(_ character: Character?) -> Bool {
        guard let character, character.isASCII else { return false }
        return character.isLetter || character.isNumber || "`\"'_%<>/]".contains(character)
    }

    /// `parts` joined, with a space where Chinese meets Latin (`JSON` + `在` → `JSON 在`).
    static func join(_ parts: String...) -> String {
        parts.reduce("") { text, part in
            guard !text.isEmpty, !part.isEmpty else { return text + part }
            let needsSpace =
                (isLatin(text.last) && isHan(part.first)) || (isHan(text.last) && isLatin(part.first))
            return text + (needsSpace ? " " : "") + part
        }
    }

    // MARK: URLs

    /// `送往 <url> 的要求`, or `這個要求`.
    static func request(_ url: String?) -> String { if let url { "送往 \(url) 的要求" } else { "這個要求" } }
    /// `送往 <url> 的`, or nothing.
    static func to(_ url: String?) -> String { if let url { "送往 \(url) 的" } else { "" } }
    /// `來自 <url> 的`, or nothing.
    static func from(_ url: String?) -> String { if let url { "來自 \(url) 的" } else { "" } }
    /// `與 <url> 的`, or nothing.
    static func with(_ url: String?) -> String { if let url { "與 \(url) 的" } else { "" } }
    /// `對 <url> 的要求`, or `這個要求`.
    static func requestFor(_ url: String?) -> String { if let url { "對 \(url) 的要求" } else { "這個要求" } }
    /// `位於 <url> 的伺服器`, or `伺服器`.
    static func serverAt(_ url: String?) -> String { if let url { "位於 \(url) 的伺服器" } else { "伺服器" } }
    /// `位於 <url> 的資源`, or `資源`.
    static func resourceAt(_ url: String?) -> String { if let url { "位於 \(url) 的資源" } else { "資源" } }
    /// `到 <url>` (after 連線), or nothing.
    static func connectTo(_ url: String?) -> String { if let url { "到 \(url)" } else { "" } }
    /// `連線到 <url> 時，`, or nothing.
    static func whenConnectingTo(_ url: String?) -> String { if let url { "連線到 \(url) 時，" } else { "" } }
    /// ` <url> 中的`, or nothing.
    static func `in`(_ url: String?) -> String { if let url { " \(url) 中的" } else { "" } }
    /// ` <url> 的`, or nothing.
    static func of(_ url: String?) -> String { if let url { " \(url) 的" } else { "" } }
    /// ` <url> ` (between two Chinese words), or nothing.
    static func plain(_ url: String?) -> String { if let url { " \(url) " } else { "" } }
    /// `（<url>）`, or nothing.
    static func parenthesized(_ url: String?) -> String { if let url { "（\(url)）" } else { "" } }
    /// `傳送到 <url> 的過程中`, or `傳送過程中`.
    static func whileSending(to url: String?) -> String { if let url { "傳送到 \(url) 的過程中" } else { "傳送過程中" } }

    // MARK: Transport places

    /// `，比它的 `Content-Length` 少了 40 位元組`, or nothing.
    static func shortBy(_ missing: Int?) -> String {
        if let missing { "，比它的 `Content-Length` 少了 \(missing) 位元組" } else { "" }
    }

    /// `位於 host:port 的伺服器`, or `伺服器`.
    static func server(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { "位於 \(hostPort) 的伺服器" } else { "伺服器" }
    }
    /// `在 host:port `, or nothing.
    static func atHostPort(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { "在 \(hostPort) " } else { "" }
    }
    /// ` host:port` (after 連到), or `主機`.
    static func host(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { " \(hostPort)" } else { "主機" }
    }

    // MARK: Numbers

    /// `2 秒`, `0.5 秒`.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) 秒" : "\(value) 秒"
    }

    /// `（2 秒）`, or nothing.
    static func limit(_ seconds: TimeInterval?) -> String {
        if let seconds { "（\(Self.seconds(seconds))）" } else { "" }
    }

    /// `3 個呼叫`.
    static func calls(_ count: Int) -> String { "\(count) 個呼叫" }

    /// `先是 1000 位元組，之後是 20 位元組`: the sizes of a file that changed.
    static func sizes(_ before: Int64, _ after: Int64) -> String { "先是 \(before) 位元組，之後是 \(after) 位元組" }

    // MARK: Bodies and coding places

    /// `在 `items[0].price` ` (before a verb), or nothing.
    static func atPath(_ path: String?) -> String { if let path { "在 `\(path)` " } else { "" } }

    /// `JSON` for a file the app reads, or `來自 <url> 的回應（200）`.
    static func source(_ source: DecodingSource) -> String {
        switch source {
        case .file: return "JSON"
        case .answer(let url, let status): return from(url) + "回應" + (status.map { "（\($0)）" } ?? "")
        }
    }

    /// The source, then `text`: `JSON 是空的`, `回應（200）是空的`.
    static func source(_ source: DecodingSource, _ text: String) -> String { join(Self.source(source), text) }

    /// `JSON 無法解碼`, `來自 <url> 的回應（200）無法解碼`.
    static func didNotDecode(_ source: DecodingSource) -> String { join(Self.source(source), "無法解碼") }

    /// `JSON 在 `items[0].price` 無法解碼`, `回應在最上層無法解碼`, or what Foundation did not give.
    static func didNotDecode(_ source: DecodingSource, _ place: CodingPlace) -> String {
        switch place {
        case .unknown: return join(Self.source(source), "無法解碼（編碼路徑不明：Foundation 沒有提供）")
        case .root: return join(Self.source(source), "在最上層無法解碼")
        case .path(let path): return join(Self.source(source), "在 `\(path)` 無法解碼")
        }
    }

    /// ``items[0]` 的物件中`, `最上層的物件中`, or what Foundation did not give.
    static func container(_ place: CodingPlace) -> String {
        switch place {
        case .unknown: return "某個物件中（編碼路徑不明：Foundation 沒有提供）"
        case .root: return "最上層的物件中"
        case .path(let path): return "`\(path)` 的物件中"
        }
    }

    // MARK: JSON kinds and values

    /// `字串`, `陣列`, `null`.
    static func kind(_ kind: DecodingFailure.JSONKind) -> String {
        switch kind {
        case .string: return "字串"
        case .number: return "數字"
        case .bool: return "布林值"
        case .null: return "null"
        case .array: return "陣列"
        case .object: return "物件"
        }
    }

    /// `預期是 `Double`` (the type as Foundation named it, in code voice: a bare `String` would read as an
    /// English word), `預期是陣列`.
    static func expected(_ value: ExpectedValue) -> String {
        switch value {
        case .type(let name): return "預期是 `\(name)`"
        case .kind(let kind): return join("預期是", Self.kind(kind))
        }
    }

    /// `，卻找到字串 "12.5"`, `，卻找到 null`, or nothing.
    static func found(_ value: DecodingFailure.FoundValue?) -> String {
        guard let value else { return "" }
        if value.kind == .null { return "，卻找到 null" }
        return "，卻找到" + kind(value.kind) + " " + value.text
    }

    /// `（伺服器送出的是字串）`.
    static func serverSends(_ kind: DecodingFailure.JSONKind) -> String {
        "（" + join("伺服器送出的是", Self.kind(kind)) + "）"
    }

    /// `（找到 "2024-05-01"）`, or nothing.
    static func foundValue(_ text: String?) -> String { if let text { "（找到 \(text)）" } else { "" } }

    /// `它是 ISO-8601 格式的日期`, `它是以 1970 年起的秒數表示的日期`.
    static func date(_ format: DecodingFailure.DateFormat) -> String {
        switch format {
        case .iso8601: return "它是 ISO-8601 格式的日期"
        case .yearMonthDay: return "它是 yyyy-MM-dd 格式的日期"
        case .secondsSince1970: return "它是以 1970 年起的秒數表示的日期"
        case .millisecondsSince1970: return "它是以 1970 年起的毫秒數表示的日期"
        }
    }

    /// `標題為「Title」，開頭是「first words」`.
    static func page(title: String?, words: String) -> String {
        let titled = if let title { "標題為「\(title)」" } else { "沒有標題" }
        return words.isEmpty ? titled : "\(titled)，開頭是「\(words)」"
    }

    /// ` 120 秒`, or `到 Wed, 21 Oct 2026 07:28:00 GMT 為止` (the header's date, as sent).
    static func wait(_ wait: RetryWait) -> String {
        switch wait {
        case .seconds(let seconds): return " \(seconds) 秒"
        case .until(let date): return "到 \(date) 為止"
        }
    }

    /// ` `application/json``, or `未標明（沒有 `Content-Type`）`.
    static func contentType(_ type: String?) -> String {
        if let type { " `\(type)`" } else { "未標明（沒有 `Content-Type`）" }
    }

    /// `3 個完整事件`.
    static func wholeEvents(_ count: Int) -> String { "\(count) 個完整事件" }
}
