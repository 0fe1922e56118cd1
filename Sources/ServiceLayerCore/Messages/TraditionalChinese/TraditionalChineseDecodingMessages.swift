import Foundation

/// The 繁體中文 messages of a body that did not decode (``DecodingFacts``).
enum TraditionalChineseDecodingMessages {
    static func explain(_ facts: DecodingFacts) -> APIError.Explanation {
        .init(zh: what(facts), why: why(facts), fix: fix(facts))
    }

    /// `在 results[0].title`, `在最上層`, or `（編碼路徑不明）`.
    private static func place(_ facts: DecodingFacts) -> String {
        switch facts.path {
        case nil: return "（編碼路徑不明：Foundation 沒有提供）"
        case ""?: return "在最上層"
        case let path?: return "在 `\(path)`"
        }
    }

    private static func what(_ facts: DecodingFacts) -> String {
        let source = facts.url == nil && facts.status == nil ? "JSON" : "回應"
        let answer =
            (facts.url.map { "來自 \($0) 的" } ?? "") + source + (facts.status.map { "（\($0)）" } ?? "")
        let found = facts.foundKind.map { kind in "，卻找到\(name(kind))" + (facts.foundText.map { " \($0)" } ?? "") } ?? ""
        switch facts.problem {
        case .emptyBody: return "\(answer)是空的，但預期應該有 JSON 本文"
        case .html:
            let page = TraditionalChineseHTTPMessages.describe(title: facts.htmlTitle, words: facts.htmlWords ?? "")
            return "\(answer)是 HTML 網頁，不是 JSON：\(page)"
        case .notJSON: return "\(answer)不是 JSON：它的開頭是 \(facts.foundText ?? "")"
        case .typeMismatch:
            return "\(answer)\(place(facts))無法解碼：預期是 \(facts.expected ?? "另一種型別")\(found)"
        case .valueNotFound:
            return "\(answer)\(place(facts))無法解碼：預期是 \(facts.expected ?? "一個值")，卻找到 null"
        case .keyNotFound:
            let container: String
            switch facts.path {
            case nil: container = "（編碼路徑不明：Foundation 沒有提供）"
            case ""?: container = "最上層的物件中"
            case let path?: container = "`\(path)` 的物件中"
            }
            return "\(answer)無法解碼：\(container)缺少鍵 \"\(facts.key ?? "?")\""
        case .dataCorrupted:
            var text = "\(answer)\(place(facts))無法解碼：\(facts.detail ?? "資料無效")"
            if facts.path == nil, let key = facts.fixKey, let value = facts.foundText {
                text += "；本文的 \"\(key)\" 是 \(value)"
            } else if let value = facts.foundText {
                text += "（找到 \(value)）"
            }
            return text
        case .other:
            return "\(answer)無法解碼：\(facts.raw ?? facts.detail ?? "本文不是預期的格式")"
        }
    }

    private static func why(_ facts: DecodingFacts) -> String {
        switch facts.fix {
        case .convertFromSnakeCase?:
            return "JSON 把它命名為 \"\(facts.fixKey ?? "")\"（snake_case），而模型的屬性是 `\(facts.key ?? "")`（camelCase）"
        case .codingKeys?:
            return "JSON 把它拼成 \"\(facts.fixKey ?? "")\"，模型則是 `\(facts.key ?? "")`"
        case .snakeCaseTwice?:
            return "本文中有 \"\(facts.key ?? "")\"，但解碼器的 `.convertFromSnakeCase` 會在比對 `CodingKeys` 之前，"
                + "先把 JSON 的鍵改成 camelCase（\"\(facts.fixKey ?? "")\"），所以拼成 \"\(facts.key ?? "")\" 的 "
                + "`CodingKeys` case 永遠比對不到"
        case .wrapper?:
            return "回應是一個物件，陣列放在它的 \"\(facts.fixKey ?? "")\" 欄位裡"
        case .decodeArray?: return "回應是一個陣列，而模型預期的是單一物件"
        case .optional?:
            return facts.problem == .valueNotFound
                ? "伺服器送來 null，而模型的屬性不是選用型別"
                : "伺服器沒有送出這個鍵，而模型要求它"
        case .numberInString?: return "伺服器把這個數字以字串送出"
        case .dateStrategy?:
            return "它是 \(facts.dateFormat ?? "") 格式的日期，而解碼器的 `dateDecodingStrategy` 讀不懂這種格式"
                + "（預設讀取自 2001 年起的秒數）"
        case .changeType?: return "模型中這個值的型別與伺服器送出的不同"
        case .checkURL?:
            switch facts.problem {
            case .html: return "傳回的是網頁：這個網址指向網站或錯誤頁面，而不是 API"
            case .emptyBody: return "伺服器沒有送出本文（例如 204，或錯誤路由回應的 200）"
            default: return "本文不是 JSON：這個網址指向的不是這個 API"
            }
        case nil:
            return facts.problem == .other
                ? "本文與模型不符"
                : "模型與伺服器送出的 JSON 在這個位置不一致"
        }
    }

    private static func fix(_ facts: DecodingFacts) -> String {
        let key = facts.key ?? "property"
        switch facts.fix {
        case .convertFromSnakeCase?:
            return "在您傳給 `APIClient.Options(decoder:)` 的 `JSONDecoder` 上設定 "
                + "`decoder.keyDecodingStrategy = .convertFromSnakeCase`，或加上 `CodingKeys`，寫 "
                + "`case \(key) = \"\(facts.fixKey ?? "")\"`"
        case .codingKeys?:
            return "在模型中加上 `CodingKeys`，寫 `case \(key) = \"\(facts.fixKey ?? "")\"`"
        case .snakeCaseTwice?:
            return "在 `CodingKeys` 中寫 `case \(facts.fixKey ?? key)`，不要加 `= \"\(key)\"`"
                + "（或拿掉 `.convertFromSnakeCase`，保留 `CodingKeys`）"
        case .wrapper?:
            let field = facts.fixKey ?? "results"
            return "解碼一個以該欄位命名的包裝型別 `struct \(typeName(field))Response: Decodable { let "
                + "\(field): [YourModel] }`，再使用它的 `\(field)`"
        case .decodeArray?: return "解碼成陣列：`Endpoint<[YourModel]>`"
        case .optional?:
            return "如果伺服器可能省略它，請宣告為選用型別（`let \(key): \(facts.expected ?? "Type")?`），"
                + "或在 `init(from:)` 中給它預設值；如果它一定會有，請檢查拼字"
        case .numberInString?:
            return "把 `\(key)` 宣告為 `String`，再用 `Double(_:)` 轉換，或在自訂的 `init(from:)` 中解碼"
        case .dateStrategy?:
            let strategy: String
            switch facts.dateFormat {
            case "ISO-8601"?: strategy = "`decoder.dateDecodingStrategy = .iso8601`"
            case "yyyy-MM-dd"?:
                strategy =
                    "`decoder.dateDecodingStrategy = .formatted(formatter)`，其中 `DateFormatter` 的 "
                    + "`dateFormat` 是 \"yyyy-MM-dd\"、`locale` 是 `en_US_POSIX`"
            case "milliseconds since 1970"?: strategy = "`decoder.dateDecodingStrategy = .millisecondsSince1970`"
            default: strategy = "`decoder.dateDecodingStrategy = .secondsSince1970`"
            }
            return "在您傳給 `APIClient.Options(decoder:)` 的 `JSONDecoder` 上設定 \(strategy)"
        case .changeType?:
            let found = facts.foundKind.map { "（伺服器送出的是\(name($0))）" } ?? ""
            return "把 `\(key)` 的型別改成伺服器送出的型別\(found)，或在 `init(from:)` 中轉換"
        case .checkURL?:
            return facts.problem == .emptyBody
                ? "如果這個端點回應時沒有本文，請用 `Endpoint<Void>`；否則請檢查網址"
                : "檢查基底網址和端點的路徑（用瀏覽器開啟網址，或用 curl 試試）"
        case nil:
            return "在那個位置比較模型和本文（`APIError.responseBody`），並修改模型"
                + "（型別、選用型別、`CodingKeys`）使它們一致"
        }
    }

    /// The kind of a JSON value, in Chinese.
    private static func name(_ kind: String) -> String {
        switch kind {
        case "null": return " null"
        case "array": return "陣列"
        case "object": return "物件"
        case "string": return "字串"
        case "number": return "數字"
        case "boolean", "bool": return "布林值"
        default: return " \(kind)"
        }
    }

    /// `results` → `Results`, `movie_list` → `MovieList`.
    private static func typeName(_ field: String) -> String {
        field.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }
}
