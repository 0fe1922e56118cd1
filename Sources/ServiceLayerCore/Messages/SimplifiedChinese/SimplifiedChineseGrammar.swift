import Foundation

// How 简体中文 (mainland China) joins facts into sentences: a URL before 的, a number of seconds, a coding
// place, a JSON kind word, a date format's name. Grammar only: which sentence to say was decided by the engine.
//
// Term choices (mainland usage, not converted from the 繁體中文 table):
//   server 服务器 · client 客户端 · request 请求 · answer 响应 · body 请求体 / 响应体 · endpoint 端点 ·
//   base URL 基础 URL · scheme 协议 · host 主机 · port 端口 · network 网络 · connection 连接 ·
//   timeout 超时时间 · default 默认 · file 文件 · folder 目录 · data 数据 · cache 缓存 · cache policy 缓存策略 ·
//   field 字段 · key 键 · property 属性 · optional 可选类型 · string 字符串 · number 数字 · array 数组 ·
//   object 对象 · Boolean 布尔值 · process 进程 · certificate 证书 · certificate authority 证书颁发机构 ·
//   redirect 重定向 · token 令牌 · credential 凭据 · API key API 密钥 · header 请求头 · query item 查询参数 ·
//   request hook 请求钩子 · session 会话 · completion 完成回调 · main queue 主队列 · main thread 主线程 ·
//   main actor 主 actor · handle 句柄 · log 日志 · proxy 代理 · challenge 质询 · cellular data 蜂窝数据.
// Typography: a space between Chinese and Latin text, a number, a code span or a URL; “” around literals and the
// server's own words (straight quotes stay inside code spans); parts joined without spaces, each ending in 。.

extension APIError.Explanation {
    /// A 简体中文 explanation: each part ends in `。` (unless it already ends in `。`, `？`, `！` or `…`), and
    /// the parts are joined without spaces.
    init(zhHans what: String, why: String, fix: String) {
        self.init(
            sentences: Self.zhHansSentence(what), Self.zhHansSentence(why), Self.zhHansSentence(fix), joiner: "")
    }

    /// `text` as a 简体中文 sentence: a fact filled in at its end that ends in one `.` (Foundation's text,
    /// an app's reason) gives that period up for the `。`, so the next part never starts right after a `.`.
    static func zhHansSentence(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasSuffix(".") && !text.hasSuffix("..") { text.removeLast() }
        return sentence(text, period: "。", endings: "。？！…")
    }
}

enum SimplifiedChineseGrammar {
    /// `发往 <url> 的`, or nothing.
    static func to(_ url: String?) -> String { if let url { "发往 \(url) 的" } else { "" } }
    /// `来自 <url> 的`, or nothing.
    static func from(_ url: String?) -> String { if let url { "来自 \(url) 的" } else { "" } }
    /// `位于 <url> 的`, or nothing.
    static func at(_ url: String?) -> String { if let url { "位于 \(url) 的" } else { "" } }
    /// `与 <url> 的`, or nothing.
    static func with(_ url: String?) -> String { if let url { "与 \(url) 的" } else { "" } }
    /// `到 <url>`, or nothing.
    static func connectTo(_ url: String?) -> String { if let url { "到 \(url)" } else { "" } }
    /// `到 <url> 的`, or nothing.
    static func toward(_ url: String?) -> String { if let url { "到 \(url) 的" } else { "" } }
    /// `（<url>）`, or nothing.
    static func paren(_ url: String?) -> String { if let url { "（\(url)）" } else { "" } }
    /// ` <url> 中的`, or nothing (after a Chinese word).
    static func `in`(_ url: String?) -> String { if let url { " \(url) 中的" } else { "" } }
    /// `<url> 的`, or nothing (at the start of a sentence).
    static func `for`(_ url: String?) -> String { if let url { "\(url) 的" } else { "" } }
    /// ` <url> `, or nothing (between two Chinese words).
    static func plain(_ url: String?) -> String { if let url { " \(url) " } else { "" } }
    /// ` <url> `, or one space (after a Latin word such as URL, before a Chinese one).
    static func afterWord(_ url: String?) -> String { if let url { " \(url) " } else { " " } }

    /// `2 秒`, `0.5 秒`.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) 秒" : "\(value) 秒"
    }

    /// `（2 秒）`, or nothing.
    static func limit(_ seconds: TimeInterval?) -> String {
        if let seconds { "（\(Self.seconds(seconds))）" } else { "" }
    }

    /// `位于 host:port 的服务器`, or `服务器`.
    static func server(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { "位于 \(hostPort) 的服务器" } else { "服务器" }
    }
    /// `host:port 上`, or nothing.
    static func onHostPort(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { "\(hostPort) 上" } else { "" }
    }
    /// `位于 host:port 的`, or nothing.
    static func hostPortOf(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { "位于 \(hostPort) 的" } else { "" }
    }
    /// ` host:port`, or `该主机`.
    static func host(_ place: TransportPlace) -> String {
        if let hostPort = place.hostPort { " \(hostPort)" } else { "该主机" }
    }
    /// `，比它的 `Content-Length` 少了 40 字节`, or nothing.
    static func shortBy(_ missing: Int?) -> String {
        if let missing { "，比它的 `Content-Length` 少了 \(missing) 字节" } else { "" }
    }

    /// `在 `items[0].price` 处`, or nothing.
    static func atPath(_ path: String?) -> String { if let path { "在 `\(path)` 处" } else { "" } }

    /// `（位置：`items[0].price`）`, `（位置：顶层）`, or what Foundation did not give.
    static func place(_ place: CodingPlace) -> String {
        switch place {
        case .unknown: return "（位置未知：Foundation 没有给出编码路径）"
        case .root: return "（位置：顶层）"
        case .path(let path): return "（位置：`\(path)`）"
        }
    }

    /// `` `results[0]` 处的对象中``, `顶层对象中`, or what Foundation did not give.
    static func container(_ place: CodingPlace) -> String {
        switch place {
        case .unknown: return "对象中（位置未知：Foundation 没有给出编码路径）"
        case .root: return "顶层对象中"
        case .path(let path): return "`\(path)` 处的对象中"
        }
    }

    /// `来自 <url> 的响应（200）`, or `JSON 数据` for a file the app reads.
    static func source(_ source: DecodingSource) -> String {
        switch source {
        case .file: return "JSON 数据"
        case .answer(let url, let status): return from(url) + "响应" + (status.map { "（\($0)）" } ?? "")
        }
    }

    /// `字符串`, `数组`, `null`.
    static func kind(_ kind: DecodingFailure.JSONKind) -> String {
        switch kind {
        case .string: return "字符串"
        case .number: return "数字"
        case .bool: return "布尔值"
        case .null: return "null"
        case .array: return "数组"
        case .object: return "对象"
        }
    }

    /// `` `Double` `` (as Foundation named it) in code voice after a space, or `数组`: after a Chinese word.
    static func expected(_ value: ExpectedValue) -> String {
        switch value {
        case .type(let name): return " `\(name)`"
        case .kind(let kind): return Self.kind(kind)
        }
    }

    /// `，实际是字符串 "12.5"`, `，实际是 null`, or nothing.
    static func found(_ value: DecodingFailure.FoundValue?) -> String {
        switch value {
        case nil: return ""
        case let value? where value.kind == .null: return "，实际是 null"
        case let value?: return "，实际是\(kind(value.kind)) \(value.text)"
        }
    }

    /// A kind word after a Chinese one: ` null` takes a space, `字符串` none.
    static func kindAfterWord(_ kind: DecodingFailure.JSONKind) -> String {
        kind == .null ? " null" : Self.kind(kind)
    }

    /// `（实际是 "2024-05-01"）`, or nothing.
    static func foundValue(_ text: String?) -> String { if let text { "（实际是 \(text)）" } else { "" } }

    /// `标题为“Title”，开头是“first words”`.
    static func page(title: String?, words: String) -> String {
        let titled = if let title { "标题为“\(title)”" } else { "没有标题" }
        return words.isEmpty ? titled : "\(titled)，开头是“\(words)”"
    }

    /// ` ISO-8601 格式的日期`, `以自 1970 年起的秒数表示的日期`: a date in that format, after a Chinese word.
    static func date(_ format: DecodingFailure.DateFormat) -> String {
        switch format {
        case .iso8601: return " ISO-8601 格式的日期"
        case .yearMonthDay: return " yyyy-MM-dd 格式的日期"
        case .secondsSince1970: return "以自 1970 年起的秒数表示的日期"
        case .millisecondsSince1970: return "以自 1970 年起的毫秒数表示的日期"
        }
    }

    /// `1 个调用`, `3 个调用` (Chinese has no plural).
    static func calls(_ count: Int) -> String { "\(count) 个调用" }

    /// `100 字节，后来变为 120 字节`: sizes of a file that changed.
    static func sizes(_ before: Int64, _ after: Int64) -> String { "原为 \(before) 字节，后来变为 \(after) 字节" }

    /// ` 120 秒`, or `到 Wed, 21 Oct 2026 07:28:00 GMT 为止` (the header's date, as sent).
    static func wait(_ wait: RetryWait) -> String {
        switch wait {
        case .seconds(let seconds): return " \(seconds) 秒"
        case .until(let date): return "到 \(date) 为止"
        }
    }

    /// ` `application/json``, or `未指明（没有 `Content-Type` 响应头）`.
    static func contentType(_ type: String?) -> String {
        if let type { " `\(type)`" } else { "未指明（没有 `Content-Type` 响应头）" }
    }

    /// `3 个完整事件`.
    static func wholeEvents(_ count: Int) -> String { "\(count) 个完整事件" }
}
