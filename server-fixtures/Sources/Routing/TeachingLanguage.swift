import Foundation

// MARK: - The language of a teaching answer

/// The language of the server's teaching 4xx bodies, chosen from the request's `Accept-Language`
/// (RFC 9110 §12.5.4), so that a learner whose client speaks 繁體中文 or Svenska reads the server in it too.
/// Paths, route names, field names, methods, numbers and code stay verbatim in every language.
enum TeachingLanguage: Sendable, Equatable {
    /// English: the default, and the answer to any language the server does not speak.
    case english
    /// 繁體中文 (Taiwan usage): `zh-TW`, `zh-HK`, `zh-MO` and `zh-Hant*`.
    case traditionalChinese
    /// Svenska: `sv` and `sv-*`.
    case swedish

    /// The language of `request`'s `Accept-Language`; English when it has none.
    init(for request: HTTPRequest) {
        self = Self.parse(request.headers["accept-language"])
    }

    /// The language an `Accept-Language` value asks for: a comma list of ranges with optional `;q=` weights;
    /// the highest weight the server speaks wins, ties by order; `q=0` excludes a range, and `*` stands for
    /// any language not named (English here). Malformed members are skipped; nil, empty or all-malformed
    /// values give English. Never traps: the header is cut to 1,000 characters and 50 members.
    static func parse(_ header: String?) -> TeachingLanguage {
        guard let header else { return .english }
        var best: (language: TeachingLanguage, weight: Double)?
        for member in header.prefix(1000).split(separator: ",").prefix(50) {
            let parts = member.split(separator: ";", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let range = parts.first, !range.isEmpty, let weight = Self.weight(parts.dropFirst()),
                weight > 0, let language = Self.language(ofRange: range)
            else { continue }
            if let best, best.weight >= weight { continue }
            best = (language, weight)
        }
        return best?.language ?? .english
    }

    /// The `q` of a member's parameters (1 when absent); nil when a parameter is malformed or `q` is not a
    /// number from 0 to 1 with at most three decimals.
    private static func weight(_ parameters: ArraySlice<String>) -> Double? {
        var weight = 1.0
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard pair.count == 2, pair[0].lowercased() == "q" else { return nil }
            let text = pair[1]
            guard text.count <= 5, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(text), (0...1).contains(value)
            else { return nil }
            weight = value
        }
        return weight
    }

    /// The language a language range names: `*` and any tag the server does not speak are English; nil when
    /// the range is not a valid one (letters, digits and `-`, subtags of 1 to 8 characters).
    private static func language(ofRange range: String) -> TeachingLanguage? {
        if range == "*" { return .english }
        let subtags = range.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard
            subtags.allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        switch subtags[0] {
        case "sv": return .swedish
        case "zh":
            let rest = subtags.dropFirst()
            if rest.contains("hant") || rest.contains("tw") || rest.contains("hk") || rest.contains("mo") {
                return .traditionalChinese
            }
            return .english
        default: return .english
        }
    }
}

/// One teaching message of the server, in each ``TeachingLanguage``.
enum Teaching: Sendable, Equatable {
    /// The plain 404: no route is near the path.
    case notFound
    /// A 404 with a route a few edits away: the path sent, the pattern meant, its methods.
    case didYouMean(sent: String, meant: String, methods: String)
    /// A 404 whose path has leading segments too many: the path sent, the path meant, what to drop, where the
    /// route starts, its methods.
    case dropRoot(sent: String, meant: String, dropped: String, start: String, methods: String)
    /// A 404 whose path lacks a route's leading segments: the path sent, the path meant, the prefix to add,
    /// its methods.
    case addRoot(sent: String, meant: String, prefix: String, methods: String)
    /// The 405: the method and path sent, the methods the path answers.
    case methodNotAllowed(method: String, path: String, allowed: String)
    /// A body field of another JSON kind than the other items': the field, the kind sent, the collection, the
    /// kind expected, an example value.
    case wrongFieldType(field: String, sent: String, collection: String, expected: String, example: String)
    /// `_order` without `_sort`.
    case orderNeedsSort
    /// An unknown operator (`:word` or `_word`) in a query parameter, and the operators there are.
    case unknownOperator(operator: String, parameter: String, known: String)

    /// The message in `language`.
    func text(_ language: TeachingLanguage) -> String {
        switch language {
        case .english: english
        case .traditionalChinese: traditionalChinese
        case .swedish: swedish
        }
    }

    private var english: String {
        switch self {
        case .notFound: "Not found"
        case .didYouMean(let sent, let meant, let methods):
            "Not found: no route matches \(sent). Did you mean \(meant)? It answers \(methods)."
        case .dropRoot(let sent, let meant, let dropped, let start, let methods):
            "Not found: no route matches \(sent). Did you mean \(meant)? Drop \(dropped) from the front: the route "
                + "starts at \(start). It answers \(methods)."
        case .addRoot(let sent, let meant, let prefix, let methods):
            "Not found: no route matches \(sent). Did you mean \(meant)? The route is under \(prefix)/: add "
                + "\(prefix) in front. It answers \(methods)."
        case .methodNotAllowed(let method, let path, let allowed):
            "Method not allowed: \(method) \(path). This path answers \(allowed) (see the Allow header)."
        case .wrongFieldType(let field, let sent, let collection, let expected, let example):
            "Field \(field) is \(sent), but the other items of \(collection) have \(expected) there (e.g. "
                + "\(example)). Send \(expected), or null."
        case .orderNeedsSort: "_order needs _sort, e.g. _sort=year&_order=desc"
        case .unknownOperator(let word, let parameter, let known):
            "Unknown operator \(word) in \(parameter); use one of \(known)"
        }
    }

    private var traditionalChinese: String {
        switch self {
        case .notFound: "找不到"
        case .didYouMean(let sent, let meant, let methods):
            "找不到：沒有路由符合 \(sent)。您是要找 \(meant) 嗎？它接受 \(methods)。"
        case .dropRoot(let sent, let meant, let dropped, let start, let methods):
            "找不到：沒有路由符合 \(sent)。您是要找 \(meant) 嗎？請去掉開頭的 \(dropped)：路由從 \(start) 開始。"
                + "它接受 \(methods)。"
        case .addRoot(let sent, let meant, let prefix, let methods):
            "找不到：沒有路由符合 \(sent)。您是要找 \(meant) 嗎？路由位於 \(prefix)/ 之下：請在前面加上 \(prefix)。"
                + "它接受 \(methods)。"
        case .methodNotAllowed(let method, let path, let allowed):
            "不允許此方法：\(method) \(path)。這個路徑接受 \(allowed)（請見 Allow 標頭）。"
        case .wrongFieldType(let field, let sent, let collection, let expected, let example):
            "欄位 \(field) 是 \(sent)，但 \(collection) 的其他項目在這裡是 \(expected)（例如 \(example)）。"
                + "請傳送 \(expected) 或 null。"
        case .orderNeedsSort: "_order 需要搭配 _sort，例如 _sort=year&_order=desc"
        case .unknownOperator(let word, let parameter, let known):
            "\(parameter) 中有未知的運算子 \(word)；請使用其中之一：\(known)"
        }
    }

    private var swedish: String {
        switch self {
        case .notFound: "Hittades inte"
        case .didYouMean(let sent, let meant, let methods):
            "Hittades inte: ingen rutt matchar \(sent). Menade du \(meant)? Den svarar på \(methods)."
        case .dropRoot(let sent, let meant, let dropped, let start, let methods):
            "Hittades inte: ingen rutt matchar \(sent). Menade du \(meant)? Ta bort \(dropped) i början: rutten "
                + "börjar vid \(start). Den svarar på \(methods)."
        case .addRoot(let sent, let meant, let prefix, let methods):
            "Hittades inte: ingen rutt matchar \(sent). Menade du \(meant)? Rutten ligger under \(prefix)/: lägg "
                + "till \(prefix) först. Den svarar på \(methods)."
        case .methodNotAllowed(let method, let path, let allowed):
            "Metoden är inte tillåten: \(method) \(path). Den här sökvägen svarar på \(allowed) (se huvudet Allow)."
        case .wrongFieldType(let field, let sent, let collection, let expected, let example):
            "Fältet \(field) är \(sent), men de andra objekten i \(collection) har \(expected) där (t.ex. "
                + "\(example)). Skicka \(expected) eller null."
        case .orderNeedsSort: "_order kräver _sort, t.ex. _sort=year&_order=desc"
        case .unknownOperator(let word, let parameter, let known):
            "Okänd operator \(word) i \(parameter); använd en av \(known)"
        }
    }
}

extension HTTPResponse {
    /// `{"error": ...}` with `status`, the message in the language of `request`'s `Accept-Language`, and
    /// `Vary: Accept-Language` (the body depends on it).
    static func teaching(_ status: Int, _ message: Teaching, for request: HTTPRequest) -> HTTPResponse {
        var response = error(status, message.text(TeachingLanguage(for: request)))
        response.fields.append(Field(name: "Vary", value: "Accept-Language"))
        return response
    }
}
