import Foundation

// MARK: - The teaching answers in 繁體中文 (Taiwan usage)

extension Teaching {
    /// The message in 繁體中文, Taiwan usage (伺服器, 連線, 要求, 欄位, 檔案): `。` ends a sentence, a half-width
    /// space between Chinese and Latin letters or digits, quoted words in 「」, 您 for the reader.
    var traditionalChinese: String {
        switch self {
        case .notFound: "找不到"
        case .notFoundWithoutAPI(let sent, let command):
            "找不到：沒有路由符合 \(sent)。這個伺服器只回應內建的 API（請見 / 與 /docs）：要提供您自己的 API，"
                + "請用 --api FOLDER 啟動它，例如 \(command)。"
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
            "欄位 \(field) 是\(Self.traditionalChinese(sent))，但 \(collection) 的其他項目在這裡是"
                + "\(Self.traditionalChinese(expected))（例如 \(example)）。請傳送\(Self.traditionalChinese(expected))"
                + "或 null。"
        case .orderNeedsSort: "_order 需要搭配 _sort，例如 _sort=year&_order=desc。"
        case .unknownOperator(let word, let parameter, let known):
            "\(parameter) 中有未知的運算子 \(word)；請使用其中之一：\(known)。"

        case .methodNotImplemented: "伺服器未實作此方法。"
        case .readOnly(let method, let path, let allowed):
            "\(method) \(path) 會變更資料，但這個伺服器以 --read-only（FixtureServer.Options.readOnly）執行："
                + "它只接受 \(allowed)。若要寫入，請拿掉 --read-only 重新啟動伺服器。"
        case .staticFileMethod(let method, let path):
            "\(method) \(path) 是靜態檔案（--static）：只接受 GET 和 HEAD。"
        case .preconditionExists: "前置條件不成立：資源已經存在（If-None-Match: *）。"
        case .preconditionChanged: "前置條件不成立：資源已經變更。"

        case .bodyNotJSON(let line, let problem):
            "要求本文不是 JSON（第 \(line) 行：\(Self.traditionalChinese(problem))）；請傳送 JSON 物件，例如 "
                + "{\"title\": \"New\"}。"
        case .bodyNotObject(let kind):
            "要求本文必須是 JSON 物件，而不是\(Self.traditionalChinese(kind))，例如 {\"title\": \"New\"}。"
        case .invalidID: "id 必須是整數，或是 1 到 200 個字元、不含 / 和控制字元的字串。"
        case .alreadyExists(let collection, let id):
            "\(collection)/\(id) 已經存在；PUT /\(collection)/\(id) 會取代它。"
        case .noNextID(let collection, let largest):
            "\(collection) 已經用到最大的 id（\(largest)），無法產生下一個 id；請在要求本文中傳送 id。"
        case .idMismatch(let sent, let id):
            "要求本文中的 id（\(sent ?? "不是整數，也不是一般字串")）不是 \(id)；請省略 id，或傳送 \(id)。"
        case .deleteReadsOnlyDependent(let collection, let parameter):
            "DELETE /\(collection)/:id 只讀取 _dependent（例如 _dependent=reviews），不讀取 \(parameter)。"
        case .noDependentCollection(let name, let suggestion):
            "_dependent=\(name)：沒有名為 \(name) 的集合。\(Self.traditionalChineseHint(suggestion))"
        case .itemReadsOnlyLinks(let collection, let parameter):
            "GET /\(collection)/:id 只讀取 _embed 和 _expand，不讀取 \(parameter)；篩選條件請加在 "
                + "GET /\(collection) 上。"
        case .itemNotFound(let collection, let id):
            "找不到 \(collection)/\(id)。GET /\(collection) 會列出現有的 id。"

        case .noLink(let parameter, let name, let collection, let suggestion, let options):
            "\(parameter)=\(name)：沒有集合 \(name) 指向 \(collection)，\(collection) 的項目也沒有指向 \(name)"
                + "（json-server 的規則：review 以 movieId 指向 movie）。\(Self.traditionalChineseHint(suggestion))"
                + "這裡可用的有：\(options.isEmpty ? "無" : options.joined(separator: ", "))。"

        case .searchLength: "q（全文搜尋）必須是 1 到 200 個字元，例如 q=island。"
        case .unknownParameter(let name, let suggestion, let reserved):
            "未知的參數 \(name)。\(Self.traditionalChineseHint(suggestion))已知的參數：q, "
                + "\(reserved.joined(separator: ", "))，以及 field=value, field_gte=, field:lt=, field_like= "
                + "這類篩選條件。"
        case .dependentOnGet(let collection): "_dependent 屬於 DELETE /\(collection)/:id，不能用在 GET 上。"
        case .perPageWithLimit: "_per_page（v1 的分頁）和 _limit（v0.17 的分頁）不能同時使用；請擇一。"
        case .pageWithSlice: "_page 不能和 _start 或 _end 同時使用；請用 _page 搭配 _limit，或只用 _start 和 _end 取一段。"
        case .endBeforeStart(let end, let start): "_end（\(end)）在 _start（\(start)）之前。"
        case .notWholeNumber(let parameter, let lowest, let highest, let value):
            "\(parameter) 必須是 \(lowest) 到 \(highest) 的整數，而不是「\(value)」。"
        case .namesCount(let parameter):
            "\(parameter) 需要 1 到 10 個名稱，例如 \(parameter)=reviews 或 \(parameter)=movie。"
        case .sortFieldCount: "_sort 接受 1 到 8 個欄位，例如 _sort=year,-rating。"
        case .orderWords: "_order 必須是 asc 或 desc，每個 _sort 欄位一個，例如 _sort=year,title&_order=desc,asc。"
        case .sortFieldNotPath(let field): "_sort 的欄位「\(field)」不是欄位路徑。"
        case .filterNotPath(let parameter): "\(parameter) 不是欄位路徑（請寫成 field、field.sub 或 field[0]）。"
        case .valueTooLong(let parameter): "\(parameter)：有個值超過 1000 個字元。"
        case .unsupportedPattern(let parameter, let problem):
            "\(parameter)：這個模式\(Self.traditionalChinese(problem))；請見 README 中 _like 支援的子集。"
        case .comparisonNeedsValue(let parameter): "\(parameter) 需要一個值，例如 \(parameter)=10。"
        case .comparisonNeedsNumber(let parameter, let value, let path):
            "\(parameter)=\(value)：這裡的 \(path) 是數字；請傳送數字，例如 \(parameter)=7。"
        case .noSuchField(let parameter, let path, let suggestion, let fields):
            "\(parameter)：沒有任何項目有欄位 \(path)。\(Self.traditionalChineseHint(suggestion))現有的欄位："
                + "\(fields.joined(separator: ", "))。"

        case .mockCodeInvalid: "X-Mock-Response-Code 必須是 100 到 599 的狀態碼，例如 404。"
        case .noMockExample(let name, let status, let method, let pattern, let examples):
            "\(method) \(pattern) 沒有"
                + [name.map { "名為「\($0)」" }, status.map { "狀態碼為 \($0) " }].compactMap { $0 }
                .joined(separator: "且")
                + "的範例；現有的範例：" + Self.examples(examples, quote: ("「", "」")) + "。"
        case .noMockMatch(let method, let pattern): "\(method) \(pattern) 沒有符合這個要求的範例。"

        case .cannotForward(let path, let upstream): "無法將 \(path) 轉送到 \(upstream)：不是有效的 URL。"
        case .recordingFailed(let method, let place, let reason):
            "錄製：\(method) \(place) 失敗（\(reason ?? "沒有回應")）。請確認 --record 的 URL 正確且連得上；"
                + "沒有儲存任何內容。"

        case .unsafeResponseHead: "伺服器內部錯誤：回應中有無法安全寫出的標頭欄位。"
        case .tooManyConnections: "連線數過多。"
        case .unreadableRequest(let error):
            switch error {
            case .badRequest(let problem): "錯誤的要求：\(Self.traditionalChinese(problem))。"
            case .headerTooLarge: "要求的標頭欄位過大。"
            case .notImplemented(let coding): "未實作此傳輸編碼：\(coding)。"
            case .payloadTooLarge: "要求本文過大。"
            case .versionNotSupported: "不支援此 HTTP 版本。"
            }

        case .inspectorAllowed(let methods): "允許的方法：\(methods)。"
        case .inspectorChallenge(let challenge): "伺服器要求的驗證方式：\(challenge)。"
        case .inspectorNoReason(let status, let phrase): "\(status) \(phrase)，回應本文沒有說明原因。"
        }
    }

    /// 「您是要找 X 嗎？」 after a sentence, or nothing.
    private static func traditionalChineseHint(_ suggestion: String?) -> String {
        suggestion.map { "您是要找 \($0) 嗎？" } ?? ""
    }

    /// What a `_like` pattern does outside the subset, after 「這個模式」.
    static func traditionalChinese(_ problem: PatternProblem) -> String {
        switch problem {
        case .tooLong(let limit): "超過 \(limit) 個字元"
        case .unmatchedClose: "有一個沒有對應的 )"
        case .nestedTooDeep(let limit): "的群組巢狀超過 \(limit) 層"
        case .lazyQuantifier: "使用了不支援的惰性量詞（??, *?, +?）"
        case .countedRepetition: "使用了不支援的 {m,n} 重複（請改用 * + ?）"
        case .nothingToRepeat(let mark): "中的 \(mark) 前面沒有可以重複的內容"
        case .lookaround: "使用了不支援的環顧（lookaround）或具名群組"
        case .unclosedGroup: "有一個沒有關閉的 ("
        case .loneBackslash: "以單獨的 \\ 結尾"
        case .unsupportedEscape(let letter): "使用了不支援的 \\\(letter)（支援 \\d \\w \\s，以及標點符號前的 \\）"
        case .namedClassInClass(let letter): "在 [ ] 中使用了不支援的 \\\(letter)"
        case .rangeEndsInNamedClass(let letter): "在 [ ] 中有以 \\\(letter) 結尾的範圍，這不受支援"
        case .rangeOutOfOrder(let low, let high): "中的範圍 [\(low)-\(high)] 順序顛倒"
        case .unclosedClass: "有一個沒有關閉的 ["
        }
    }

    /// What the JSON reader found wrong, after 「第 N 行：」.
    static func traditionalChinese(_ problem: JSONSyntaxError.Problem) -> String {
        switch problem {
        case .textAfterValue: "JSON 值之後還有其他文字"
        case .unexpectedEnd: "內容意外結束"
        case .unexpectedEndInObject: "物件還沒結束，內容就結束了"
        case .unexpectedEndInArray: "陣列還沒結束，內容就結束了"
        case .unexpectedCharacter: "非預期的字元"
        case .invalidLiteral(let expected): "無效的常值（應該是 \(expected)）"
        case .nestedTooDeep(let limit): "巢狀超過 \(limit) 層"
        case .expectedMemberName: "這裡應該是成員名稱"
        case .expectedColon: "這裡應該是 ':'"
        case .expectedCommaOrBrace: "這裡應該是 ',' 或 '}'"
        case .expectedCommaOrBracket: "這裡應該是 ',' 或 ']'"
        case .duplicateMember(let name): "成員「\(name)」重複"
        case .invalidSurrogatePair: "無效的代理字組（surrogate pair）"
        case .invalidUnicodeEscape: "無效的 \\u 跳脫序列"
        case .invalidEscape: "字串中有無效的跳脫序列"
        case .controlCharacterInString: "字串中有控制字元（請用 \\n）"
        case .unterminatedString: "字串少了結尾的引號"
        case .leadingZero: "數字開頭多了 0"
        case .digitsAfterPoint: "'.' 之後應該是數字"
        case .digitsInExponent: "指數部分應該是數字"
        case .invalidNumber: "無效的數字"
        case .numberOutOfRange(let text): "數字超出範圍（\(text)）：超過 ±1.8e308，這裡的 JSON 數字存不下"
        }
    }

    /// What is malformed in a request the parser refused, after 「錯誤的要求：」.
    static func traditionalChinese(_ problem: HTTPParseError.Problem) -> String {
        switch problem {
        case .emptyRequest: "空的要求"
        case .malformedRequestLine: "要求行的格式錯誤"
        case .invalidMethod: "無效的方法"
        case .invalidTarget: "無效的 request-target"
        case .invalidVersion: "無效的 HTTP 版本"
        case .asteriskNotOptions: "* 只能當作 OPTIONS 的 request-target"
        case .targetNotAbsolutePath: "request-target 必須以 / 開頭"
        case .invalidPercentEncoding: "路徑中有無效的百分比編碼"
        case .headerWithoutColon: "標頭行沒有冒號"
        case .invalidHeaderName: "無效的標頭名稱"
        case .invalidHeaderValue: "無效的標頭值"
        case .invalidContentLength: "無效的 Content-Length"
        case .duplicateHost: "Host 標頭不只一個"
        case .missingHost: "缺少 Host 標頭"
        case .invalidHost: "無效的 Host 標頭"
        case .lengthAndChunked: "同時有 Transfer-Encoding 和 Content-Length"
        case .chunkedInHTTP10: "HTTP/1.0 要求中有 Transfer-Encoding"
        case .chunkedNotLast: "Transfer-Encoding 必須以 chunked 結尾，而且只能出現一次"
        case .malformedChunkSize: "區塊大小的格式錯誤"
        case .chunkSizeBareLF: "區塊大小行以單獨的 LF 結尾（必須是 CRLF）"
        case .chunkSizeLoneCR: "區塊大小行中的 CR 後面不是 LF"
        case .chunkDataWithoutCRLF: "區塊資料後面不是 CRLF"
        case .trailerLoneCR: "trailer 行中的 CR 後面不是 LF"
        case .trailerBareLF: "trailer 行以單獨的 LF 結尾（必須是 CRLF）"
        case .chunkExtensionControl: "區塊擴充中有控制字元"
        case .chunkFramingTooLong(let limit): "區塊框架總共超過 \(limit) 位元組（區塊太小）"
        case .chunkExtensionTooLong(let limit): "區塊擴充超過 \(limit) 位元組"
        }
    }

    /// A JSON kind in 繁體中文: 數字, 字串, 陣列, 物件.
    static func traditionalChinese(_ kind: JSONKind) -> String {
        switch kind {
        case .null: "空值（null）"
        case .boolean: "布林值"
        case .number: "數字"
        case .string: "字串"
        case .array: "陣列"
        case .object: "物件"
        }
    }
}
