import Foundation

// MARK: - The teaching answers in 简体中文 (mainland usage)

extension Teaching {
    /// The message in 简体中文, mainland usage (服务器, 连接, 请求, 字段, 文件, 默认), written as a mainland
    /// developer writes it: `。` ends a sentence, a half-width space between Chinese and Latin letters or digits,
    /// quoted words in “”, 您 for the reader.
    var simplifiedChinese: String {
        switch self {
        case .notFound: "未找到"
        case .notFoundWithoutAPI(let sent, let command):
            "未找到：没有路由与 \(sent) 匹配。此服务器只响应内置的 API（见 / 和 /docs）：要提供您自己的 API，"
                + "请用 --api FOLDER 启动它，例如 \(command)。"
        case .didYouMean(let sent, let meant, let methods):
            "未找到：没有路由与 \(sent) 匹配。您是不是要访问 \(meant)？该路由支持 \(methods)。"
        case .dropRoot(let sent, let meant, let dropped, let start, let methods):
            "未找到：没有路由与 \(sent) 匹配。您是不是要访问 \(meant)？请去掉开头的 \(dropped)：该路由从 \(start) 开始。"
                + "它支持 \(methods)。"
        case .addRoot(let sent, let meant, let prefix, let methods):
            "未找到：没有路由与 \(sent) 匹配。您是不是要访问 \(meant)？该路由在 \(prefix)/ 下：请在前面加上 \(prefix)。"
                + "它支持 \(methods)。"
        case .methodNotAllowed(let method, let path, let allowed):
            "不支持该请求方法：\(method) \(path)。此路径支持 \(allowed)（见响应头 Allow）。"
        case .wrongFieldType(let field, let sent, let collection, let expected, let example):
            "字段 \(field) 是\(Self.simplifiedChinese(sent))，但 \(collection) 中其他条目的这个字段是"
                + "\(Self.simplifiedChinese(expected))（例如 \(example)）。请发送\(Self.simplifiedChinese(expected))"
                + "或 null。"
        case .orderNeedsSort: "_order 必须和 _sort 一起使用，例如 _sort=year&_order=desc。"
        case .unknownOperator(let word, let parameter, let known):
            "\(parameter) 中的运算符 \(word) 无法识别；请使用以下之一：\(known)。"

        case .methodNotImplemented: "服务器未实现该请求方法。"
        case .readOnly(let method, let path, let allowed):
            "\(method) \(path) 会修改数据，但当前服务器以 --read-only（FixtureServer.Options.readOnly）模式运行："
                + "它只支持 \(allowed)。如需写入，请去掉 --read-only 后重启服务器。"
        case .staticFileMethod(let method, let path):
            "\(method) \(path) 是静态文件（--static）：只支持 GET 和 HEAD。"
        case .preconditionExists: "前置条件不满足：资源已存在（If-None-Match: *）。"
        case .preconditionChanged: "前置条件不满足：资源已被修改。"

        case .bodyNotJSON(let line, let problem):
            "请求体不是合法的 JSON（第 \(line) 行：\(Self.simplifiedChinese(problem))）；请发送一个 JSON 对象，例如 "
                + "{\"title\": \"New\"}。"
        case .bodyNotObject(let kind):
            "请求体必须是 JSON 对象，而不是\(Self.simplifiedChinese(kind))，例如 {\"title\": \"New\"}。"
        case .invalidID: "id 必须是整数，或长度为 1 到 200 个字符、不含 / 和控制字符的字符串。"
        case .alreadyExists(let collection, let id):
            "\(collection)/\(id) 已存在；用 PUT /\(collection)/\(id) 可以替换它。"
        case .noNextID(let collection, let largest):
            "\(collection) 的 id 已达到最大值（\(largest)），无法生成下一个 id；请在请求体中指定 id。"
        case .idMismatch(let sent, let id):
            "请求体中的 id（\(sent ?? "既不是整数也不是普通字符串")）与 \(id) 不一致；请省略 id，或者发送 \(id)。"
        case .deleteReadsOnlyDependent(let collection, let parameter):
            "DELETE /\(collection)/:id 只接受 _dependent 参数（例如 _dependent=reviews），不接受 \(parameter)。"
        case .noDependentCollection(let name, let suggestion):
            "_dependent=\(name)：不存在名为 \(name) 的集合。\(Self.simplifiedChineseHint(suggestion))"
        case .itemReadsOnlyLinks(let collection, let parameter):
            "GET /\(collection)/:id 只接受 _embed 和 _expand，不接受 \(parameter)；过滤条件请用在 "
                + "GET /\(collection) 上。"
        case .itemNotFound(let collection, let id):
            "未找到 \(collection)/\(id)。GET /\(collection) 会列出所有现有的 id。"

        case .noLink(let parameter, let name, let collection, let suggestion, let options):
            "\(parameter)=\(name)：没有集合 \(name) 指向 \(collection)，\(collection) 的条目也没有指向 \(name)"
                + "（json-server 的规则：review 通过 movieId 指向 movie）。\(Self.simplifiedChineseHint(suggestion))"
                + "此处可用：\(options.isEmpty ? "无" : options.joined(separator: ", "))。"

        case .searchLength: "q（全文搜索）的长度必须为 1 到 200 个字符，例如 q=island。"
        case .unknownParameter(let name, let suggestion, let reserved):
            "未知参数 \(name)。\(Self.simplifiedChineseHint(suggestion))支持的参数：q, "
                + "\(reserved.joined(separator: ", "))，以及 field=value, field_gte=, field:lt=, field_like= "
                + "等过滤条件。"
        case .dependentOnGet(let collection): "_dependent 只能用于 DELETE /\(collection)/:id，不能用在 GET 上。"
        case .perPageWithLimit: "_per_page（v1 分页）和 _limit（v0.17 分页）不能同时使用；请二选一。"
        case .pageWithSlice: "_page 不能与 _start 或 _end 同时使用；请用 _page 配合 _limit，或者只用 _start 和 _end 截取一段。"
        case .endBeforeStart(let end, let start): "_end（\(end)）小于 _start（\(start)）。"
        case .notWholeNumber(let parameter, let lowest, let highest, let value):
            "\(parameter) 必须是 \(lowest) 到 \(highest) 之间的整数，而不是“\(value)”。"
        case .namesCount(let parameter):
            "\(parameter) 需要 1 到 10 个名称，例如 \(parameter)=reviews 或 \(parameter)=movie。"
        case .sortFieldCount: "_sort 支持 1 到 8 个字段，例如 _sort=year,-rating。"
        case .orderWords: "_order 必须是 asc 或 desc，每个 _sort 字段对应一个，例如 _sort=year,title&_order=desc,asc。"
        case .sortFieldNotPath(let field): "_sort 的字段“\(field)”不是合法的字段路径。"
        case .filterNotPath(let parameter): "\(parameter) 不是合法的字段路径（应写成 field、field.sub 或 field[0]）。"
        case .valueTooLong(let parameter): "\(parameter)：有一个值超过了 1000 个字符。"
        case .unsupportedPattern(let parameter, let problem):
            "\(parameter)：该模式\(Self.simplifiedChinese(problem))；请参阅 README 中 _like 支持的子集。"
        case .comparisonNeedsValue(let parameter): "\(parameter) 需要一个值，例如 \(parameter)=10。"
        case .comparisonNeedsNumber(let parameter, let value, let path):
            "\(parameter)=\(value)：这里的 \(path) 是数字；请发送数字，例如 \(parameter)=7。"
        case .noSuchField(let parameter, let path, let suggestion, let fields):
            "\(parameter)：没有任何条目包含字段 \(path)。\(Self.simplifiedChineseHint(suggestion))现有字段："
                + "\(fields.joined(separator: ", "))。"

        case .mockCodeInvalid: "X-Mock-Response-Code 必须是 100 到 599 之间的状态码，例如 404。"
        case .noMockExample(let name, let status, let method, let pattern, let examples):
            "\(method) \(pattern) 没有"
                + [name.map { "名为“\($0)”" }, status.map { "状态码为 \($0) " }].compactMap { $0 }
                .joined(separator: "且")
                + "的示例；现有示例：" + Self.examples(examples, quote: ("“", "”")) + "。"
        case .noMockMatch(let method, let pattern): "\(method) \(pattern) 没有与该请求匹配的示例。"

        case .cannotForward(let path, let upstream): "无法将 \(path) 转发到 \(upstream)：不是有效的 URL。"
        case .recordingFailed(let method, let place, let reason):
            "录制：\(method) \(place) 失败（\(reason ?? "没有响应")）。请检查 --record 的 URL 是否正确、能否访问；"
                + "未保存任何内容。"

        case .unsafeResponseHead: "服务器内部错误：响应中有无法安全写出的响应头字段。"
        case .tooManyConnections: "连接数过多。"
        case .unreadableRequest(let error):
            switch error {
            case .badRequest(let problem): "错误的请求：\(Self.simplifiedChinese(problem))。"
            case .headerTooLarge: "请求头字段过大。"
            case .notImplemented(let coding): "未实现该传输编码：\(coding)。"
            case .payloadTooLarge: "请求体过大。"
            case .versionNotSupported: "不支持该 HTTP 版本。"
            }

        case .inspectorAllowed(let methods): "允许的方法：\(methods)。"
        case .inspectorChallenge(let challenge): "服务器要求的认证方式：\(challenge)。"
        case .inspectorNoReason(let status, let phrase): "\(status) \(phrase)，响应体中没有说明原因。"
        }
    }

    /// “您是不是要找 X？” after a sentence, or nothing.
    private static func simplifiedChineseHint(_ suggestion: String?) -> String {
        suggestion.map { "您是不是要找 \($0)？" } ?? ""
    }

    /// What a `_like` pattern does outside the subset, after “该模式”.
    static func simplifiedChinese(_ problem: PatternProblem) -> String {
        switch problem {
        case .tooLong(let limit): "超过了 \(limit) 个字符"
        case .unmatchedClose: "中有一个不匹配的 )"
        case .nestedTooDeep(let limit): "的分组嵌套超过了 \(limit) 层"
        case .lazyQuantifier: "使用了不支持的非贪婪量词（??, *?, +?）"
        case .countedRepetition: "使用了不支持的 {m,n} 重复（请改用 * + ?）"
        case .nothingToRepeat(let mark): "中的 \(mark) 前面没有可重复的内容"
        case .lookaround: "使用了不支持的零宽断言或命名分组"
        case .unclosedGroup: "中有一个未闭合的 ("
        case .loneBackslash: "以单独的 \\ 结尾"
        case .unsupportedEscape(let letter): "使用了不支持的 \\\(letter)（支持 \\d \\w \\s 以及标点符号前的 \\）"
        case .namedClassInClass(let letter): "在 [ ] 中使用了不支持的 \\\(letter)"
        case .rangeEndsInNamedClass(let letter): "在 [ ] 中有一个以 \\\(letter) 结尾的范围，这不受支持"
        case .rangeOutOfOrder(let low, let high): "中的范围 [\(low)-\(high)] 顺序颠倒"
        case .unclosedClass: "中有一个未闭合的 ["
        }
    }

    /// What the JSON reader found wrong, after “第 N 行：”.
    static func simplifiedChinese(_ problem: JSONSyntaxError.Problem) -> String {
        switch problem {
        case .textAfterValue: "JSON 值后面还有多余的内容"
        case .unexpectedEnd: "内容意外结束"
        case .unexpectedEndInObject: "对象还没结束，内容就结束了"
        case .unexpectedEndInArray: "数组还没结束，内容就结束了"
        case .unexpectedCharacter: "意外的字符"
        case .invalidLiteral(let expected): "无效的字面量（应为 \(expected)）"
        case .nestedTooDeep(let limit): "嵌套超过了 \(limit) 层"
        case .expectedMemberName: "此处应为成员名"
        case .expectedColon: "此处应为 ':'"
        case .expectedCommaOrBrace: "此处应为 ',' 或 '}'"
        case .expectedCommaOrBracket: "此处应为 ',' 或 ']'"
        case .duplicateMember(let name): "成员“\(name)”重复"
        case .invalidSurrogatePair: "无效的代理对（surrogate pair）"
        case .invalidUnicodeEscape: "无效的 \\u 转义"
        case .invalidEscape: "字符串中有无效的转义"
        case .controlCharacterInString: "字符串中有控制字符（请使用 \\n）"
        case .unterminatedString: "字符串缺少结束引号"
        case .leadingZero: "数字有多余的前导零"
        case .digitsAfterPoint: "'.' 后面应为数字"
        case .digitsInExponent: "指数部分应为数字"
        case .invalidNumber: "无效的数字"
        case .numberOutOfRange(let text): "数字超出范围（\(text)）：超过了 ±1.8e308，这里的 JSON 数字无法表示"
        }
    }

    /// What is malformed in a request the parser refused, after “错误的请求：”.
    static func simplifiedChinese(_ problem: HTTPParseError.Problem) -> String {
        switch problem {
        case .emptyRequest: "空请求"
        case .malformedRequestLine: "请求行格式错误"
        case .invalidMethod: "无效的请求方法"
        case .invalidTarget: "无效的 request-target"
        case .invalidVersion: "无效的 HTTP 版本"
        case .asteriskNotOptions: "* 只能用作 OPTIONS 的 request-target"
        case .targetNotAbsolutePath: "request-target 必须以 / 开头"
        case .invalidPercentEncoding: "路径中有无效的百分号编码"
        case .headerWithoutColon: "请求头行缺少冒号"
        case .invalidHeaderName: "无效的请求头名称"
        case .invalidHeaderValue: "无效的请求头值"
        case .invalidContentLength: "无效的 Content-Length"
        case .duplicateHost: "有多个 Host 请求头"
        case .missingHost: "缺少 Host 请求头"
        case .invalidHost: "无效的 Host 请求头"
        case .lengthAndChunked: "同时带有 Transfer-Encoding 和 Content-Length"
        case .chunkedInHTTP10: "HTTP/1.0 请求中带有 Transfer-Encoding"
        case .chunkedNotLast: "Transfer-Encoding 必须以 chunked 结尾，且只能出现一次"
        case .malformedChunkSize: "分块大小格式错误"
        case .chunkSizeBareLF: "分块大小行以单独的 LF 结尾（必须是 CRLF）"
        case .chunkSizeLoneCR: "分块大小行中的 CR 后面不是 LF"
        case .chunkDataWithoutCRLF: "分块数据后面不是 CRLF"
        case .trailerLoneCR: "trailer 行中的 CR 后面不是 LF"
        case .trailerBareLF: "trailer 行以单独的 LF 结尾（必须是 CRLF）"
        case .chunkExtensionControl: "分块扩展中有控制字符"
        case .chunkFramingTooLong(let limit): "分块帧总长超过 \(limit) 字节（分块太小）"
        case .chunkExtensionTooLong(let limit): "分块扩展超过 \(limit) 字节"
        }
    }

    /// A JSON kind in 简体中文: 数字, 字符串, 数组, 对象.
    static func simplifiedChinese(_ kind: JSONKind) -> String {
        switch kind {
        case .null: "空值（null）"
        case .boolean: "布尔值"
        case .number: "数字"
        case .string: "字符串"
        case .array: "数组"
        case .object: "对象"
        }
    }
}
