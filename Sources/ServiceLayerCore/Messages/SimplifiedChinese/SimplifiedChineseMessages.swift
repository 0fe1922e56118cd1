import Foundation

/// The 简体中文 (mainland China) table: every decided ``Message`` written out. It decides nothing: each
/// case's sentences are fixed, and ``SimplifiedChineseGrammar`` joins the facts into them. Code, URLs,
/// numbers and the server's own words stay as they are.
struct SimplifiedChineseMessages: MessageTable {
    private typealias G = SimplifiedChineseGrammar

    func explain(_ message: Message) -> APIError.Explanation {
        switch message {
        case .appReason(let reason):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：\(reason)",
                why: "端点的 URL 或请求体写法无效",
                fix: "在调用代码中修正端点：它的路径、查询值或请求体")
        case .baseURLWithoutScheme(let base):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：基础 URL “\(base)” 没有协议",
                why: """
                    基础 URL 必须以 `http://` 或 `https://` 开头；缺少协议时，“\(base)” 不会被当作主机和端口\
                    （`localhost:8090/` 会被读成协议 `localhost`）
                    """,
                fix: "在基础 URL 中写上协议，例如 `URL(string: \"http://\(base)\")`")
        case .baseURLScheme(let base, let scheme):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：基础 URL “\(base)” 的协议是 “\(scheme)”",
                why: "本客户端只发送 `http://` 和 `https://` URL",
                fix: "把基础 URL 的协议改为 `http`（本地开发服务器）或 `https`")
        case .baseURLHostSpace(let base, let host):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：基础 URL “\(base)” 的主机 “\(host)” 包含空格",
                why: "主机名不能包含空格",
                fix: "删除基础 URL 中主机里的空格")
        case .noURLForPath(let path):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：无法为路径 “\(path)” 构成有效的 http(s) URL",
                why: "端点的路径写法无效",
                fix: "在调用代码中修正端点的路径")
        case .noURLForURL(let url):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：无法为 \(url) 构成有效的 http(s) URL",
                why: "端点的 URL 写法无效",
                fix: "在调用代码中修正端点的 URL（绝对 URL 必须以 `http://` 或 `https://` 开头）")
        case .fragmentInPath(let shown):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：端点路径 “\(shown)” 包含 “#”，而 “#” 会开始一个 URL 片段",
                why: "片段永远不会发送给服务器，因此从 “#” 开始的所有内容都会丢失",
                fix: """
                    如果 “#” 是某个值的一部分，请把该值作为查询参数传递\
                    （`query: [URLQueryItem(name: "q", value: "c#")]` 会把它发送为 %23），或在路径中写 %23；\
                    如果它是片段，请删除它
                    """)
        case .bodyNeedsMainActor:
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：它的请求体没有被编码",
                why: "请求体的模型隔离在主 actor 上，而这次调用不是在主 actor 上发起的",
                fix: "在主 actor 上发送请求，或者把请求体的模型声明为 `nonisolated` 且 `Sendable`")
        case .tokenOffOrigin(let host):
            return .init(
                zhHans: "请求未发送：它的令牌只会发送给 \(host)",
                why: "端点的 URL 与基础 URL 不在同一个主机上，而令牌绝不会离开它的源",
                fix: "需要授权的端点请使用基础 URL 下的路径，或者使用基础 URL 就是该主机的客户端")
        case .tokenOffOriginUnknownHost:
            return .init(
                zhHans: "请求未发送：它的令牌只会发送给 API 自己的主机",
                why: "端点的 URL 与基础 URL 不在同一个主机上，而令牌绝不会离开它的源",
                fix: "需要授权的端点请使用基础 URL 下的路径，或者使用基础 URL 就是该主机的客户端")
        case .multipartBoundary(let boundary):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：multipart 表单的某个部分包含了它的边界字符串 “\(boundary)”",
                why: "边界字符串绝不能出现在任何部分的内容中",
                fix: "换用另一个边界字符串（默认的随机边界字符串不会碰巧出现在内容中）")
        case .hookFailed(let detail):
            return .init(
                zhHans: "请求未发送：请求钩子执行失败（\(detail)）",
                why: "请求钩子抛出了错误，这会在发送任何内容之前结束这次调用",
                fix: "修正请求钩子，或者从中抛出 `APIError` 来说明原因")
        case .bodyNotFiniteNumber(let value, let path):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：请求体\(G.atPath(path))包含 \(value)",
                why: "JSON 无法表示 NaN 或无穷大",
                fix: "在那里发送一个有限的数字，或者省略该值（使用值为 `nil` 的可选类型）")
        case .bodyNotEncodable(let path, let detail):
            return .init(
                zhHans: "无法构建请求，因此没有发送任何内容：请求体\(G.atPath(path))无法编码为 JSON（\(detail)）",
                why: "请求体的 `Encodable` 实现抛出了错误，或者它包含 JSON 无法表示的值",
                fix: "在那个位置修正请求体的模型或它的 `encode(to:)`")
        case .offline(let url):
            return .init(
                zhHans: "\(G.to(url))请求未发送：本设备处于离线状态",
                why: "网络连接已断开（或者客户端的连接状态来源是这样报告的）",
                fix: "检查网络连接（Wi-Fi、网线、飞行模式），然后重试")
        case .timedOut(let url, let seconds):
            return .init(
                zhHans: "在请求的超时时间\(G.limit(seconds))内，没有收到\(G.from(url))完整响应",
                why: """
                    每次尝试的时长上限是请求的超时时间：优先取端点的 `timeout(_:)`，其次是 \
                    `APIClient.Options.timeout`，最后是会话的 `timeoutIntervalForRequest`（默认 60 秒）。\
                    服务器太慢，或者响应到一半就停止了（在 Linux 上，用 `https://` URL 访问一个正在等待请求的\
                    纯 HTTP 服务器，也会出现这种情况）
                    """,
                fix: """
                    确认服务器能快速响应该 URL（用 curl 试一下），并且协议正确（本地开发服务器用 `http`）；\
                    对于较慢的端点，调大它的 `timeout(_:)` 或 `APIClient.Options.timeout`
                    """)
        case .cancelled(let url):
            return .init(
                zhHans: "\(G.to(url))请求已取消",
                why: "它的句柄被取消了、等待它的 Swift 任务被取消了，或者它的所有者已被释放",
                fix: "如果这是有意为之，则无需修正；否则请让句柄（或任务）一直存活到响应到达为止")
        case .notAuthenticated(let url):
            return .init(
                zhHans: "\(G.to(url))请求未发送：它需要令牌，而客户端没有令牌",
                why: "当前没有用户登录（或者登录信息已被丢弃）",
                fix: "先登录，然后重试")
        case .transport(let failure, let place):
            return transport(failure, place)
        case .http(let answer):
            let (why, fix) = advice(answer.advice)
            return .init(zhHans: httpWhat(answer), why: why, fix: fix)
        case .decoding(let failure):
            return .init(
                zhHans: decodingWhat(failure.what, G.source(failure.source)), why: decodingWhy(failure.why),
                fix: decodingFix(failure.fix))
        case .serverRefused(let message):
            return .init(
                zhHans: "服务器拒绝了该请求：“\(message)”",
                why: "服务器作出了响应，但表示操作失败",
                fix: "把服务器的消息展示给用户；它说明了需要修改什么")
        case .tooManyTokenRefreshes:
            return .init(
                zhHans: "会话在 30 秒内需要续期超过 3 次，因此客户端停止了续期",
                why: "每个新令牌都立即被拒绝：设备的时钟或服务器的令牌有效期很可能有误",
                fix: "检查设备的时钟和服务器的令牌有效期，然后重试")
        case .tokenStorage(let reason):
            return .init(
                zhHans: "无法保存登录信息（“\(reason)”），因此您已被登出",
                why: "令牌存储无法写入它的文件",
                fix: "确认令牌文件所在的目录存在且可写（或者改用其他 `TokenStore`），然后重新登录")
        case .file(let problem):
            return file(problem)
        case .diskFull:
            return .init(
                zhHans: "磁盘已满，因此传输已停止，且没有保留不完整的内容",
                why: "没有剩余空间来写入正在写入的数据",
                fix: "释放一些空间，然后重试")
        case .incompleteDownload(let expected, let received, let url):
            return .init(
                zhHans: "\(G.from(url))下载在收到 \(expected) 字节中的 \(received) 字节后就结束了，因此已被丢弃",
                why: "连接在中途被切断，或者服务器的 `Content-Length` 有误",
                fix: "重试；如果每次都在相同的大小处失败，请检查服务器")
        case .eventStream(let problem):
            return eventStream(problem)
        }
    }

    // MARK: - Event streams

    private func eventStream(_ problem: EventStreamMessage) -> APIError.Explanation {
        switch problem {
        case .notAnEventStream(let url, let status, let contentType, let came):
            return .init(
                zhHans: """
                    服务器对\(G.to(url))请求返回了 \(status)，内容类型为\(G.contentType(contentType))，而预期的是\
                    事件流（`text/event-stream`），因此没有读取到任何事件。
                    """ + streamAnswer(came),
                why: """
                    该 URL 返回的是普通响应，而不是服务器发送事件：路径有误；服务器只在请求中指明时才以流的形式返回（例如\
                    请求体中的 `"stream": true`）；或者实际响应的是登录页面或代理
                    """,
                fix: """
                    对照 API 文档检查端点的路径和请求体（可以用 curl 加上 `-H 'Accept: text/event-stream'` 试一下）；\
                    如果要普通响应，请调用 `send(_:)`，而不是 `events(for:)`
                    """)
        case .cutMidEvent(let url, let events, let bytes):
            return .init(
                zhHans: """
                    \(G.from(url))事件流在一个事件的中途结束，此前已收到 \(G.wholeEvents(events))；未完成的事件\
                    （\(bytes) 字节）已被丢弃
                    """,
                why: """
                    连接在事件的空行到达之前就关闭了：服务器在写入时停止或崩溃，或者网络或代理切断了连接。`POST` 流\
                    永远不会重新连接（重复发送它的请求并不安全），`GET` 流最多重新连接 \
                    `ReconnectPolicy.maximumAttempts` 次
                    """,
                fix: "查看服务器日志，找出它停止的原因，并让每个事件都以空行结尾；只有在可以安全重复时才再次发送请求")
        case .eventTooLarge(let url, let limit):
            return .init(
                zhHans: "\(G.from(url))流中的一个事件超过了 \(limit) MiB 仍没有结束它的空行，因此客户端关闭了连接",
                why: "服务器一直没有结束该事件（空行 `\\n\\n` 才会结束一个事件），或者发送了一个极大的事件",
                fix: "在服务器端让每个事件都以空行结尾，大量数据请以普通响应或下载的方式发送，不要放进单个事件")
        case .errorEvent(let url, let said):
            return .init(
                zhHans: "\(G.from(url))事件流发送了 `error` 事件，因此解码后的流在此结束。" + errorEventWords(said),
                why: """
                    服务器在流的中途报告了错误（聊天补全 API 会发送 `event: error` 和 \
                    `data: {"error":{"message":…}}`）
                    """,
                fix: """
                    把服务器的消息显示给用户（`APIError.serverMessage` 会读取它），稍后重试；如果想自己处理 `error` \
                    事件，请用 `events(for:)` 读取流，它会交付这些事件
                    """)
        case .buffered(let url, let seconds, let bytes):
            return .init(
                zhHans: """
                    \(G.from(url))事件流在 \(seconds) 秒内收到了 \(bytes) 字节，却没有一个完整的事件，因此客户端\
                    关闭了它
                    """,
                why: """
                    很可能是代理或服务器本身在缓冲该流：它扣住事件，分批发送，或者到最后才一次性发送（nginx 和许多\
                    托管平台默认会缓冲）
                    """,
                fix: """
                    让服务器在流中发送 `X-Accel-Buffering: no` 和 `Cache-Control: no-transform`，并在每个事件之后\
                    刷新（flush）缓冲区，再关闭代理的缓冲（nginx：`proxy_buffering off`）；\
                    `ReconnectPolicy.bufferingLimit` 设置等待时间（0 表示关闭该检查）
                    """)
        }
    }

    private func streamAnswer(_ came: StreamAnswer) -> String {
        switch came {
        case .jsonMessage(let said): return "它返回的是 JSON，服务器返回的消息：“\(said)”"
        case .json(let beginning): return "它返回的是 JSON，开头是 \(beginning)"
        case .htmlPage(let title, let words): return "它返回的是 HTML 页面，" + G.page(title: title, words: words)
        case .text(let beginning): return "它返回的是文本，开头是 \(beginning)"
        case .empty: return "响应体为空"
        }
    }

    private func errorEventWords(_ said: ErrorEventWords) -> String {
        switch said {
        case .quoted(let said): return "服务器返回的消息：“\(said)”"
        case .data(let data): return "它的数据：\(data)"
        }
    }

    // MARK: - Files

    private func file(_ problem: FileMessage) -> APIError.Explanation {
        switch problem {
        case .unreadable(let file):
            return .init(
                zhHans: "无法读取文件 \(file)，因此没有上传它",
                why: "它不存在，或者本进程无权读取它",
                fix: "检查文件的路径和权限，并上传一个普通文件")
        case .symbolicLink(let file):
            return .init(
                zhHans: "文件 \(file) 是一个符号链接，因此没有上传它",
                why: "实际上传的将是链接所指向的内容，它可能会改变，也可能超出您预期的范围",
                fix: "上传链接所指向的普通文件")
        case .notRegularFile(let file):
            return .init(
                zhHans: "\(file) 不是普通文件，因此没有上传它",
                why: "只有普通文件才能作为请求体发送（目录、设备文件或套接字都不行）",
                fix: "上传一个普通文件")
        case .grewOrShrank(let file, let url, let before, let after):
            return .init(
                zhHans: "文件 \(file) 在发送\(G.toward(url))过程中发生了变化（\(G.sizes(before, after))）",
                why: "上传期间有程序写入了它，因此服务器上保存的可能是新旧两个版本的混合",
                fix: "等到没有程序再写入它时重新发送，或者发送它的副本")
        case .rewritten(let file, let url, let size):
            return .init(
                zhHans: "文件 \(file) 在发送\(G.toward(url))过程中发生了变化（\(size) 字节，已被重写）",
                why: "上传期间有程序写入了它，因此服务器上保存的可能是新旧两个版本的混合",
                fix: "等到没有程序再写入它时重新发送，或者发送它的副本")
        case .vanished(let file, let url, let size):
            return .init(
                zhHans: "文件 \(file) 在发送\(G.toward(url))过程中发生了变化（\(size) 字节，随后被删除或替换）",
                why: "它在上传期间被删除或替换了，因此服务器上可能只保存了它的一部分",
                fix: "等到没有程序再移动或写入它时重新发送，或者发送它的副本")
        case .noDownloadedFile:
            return .init(
                zhHans: "下载已完成，但 URLSession 没有为它保留文件",
                why: "下载结束时，URLSession 写入的临时文件已经不见了",
                fix: "重试；如果问题重复出现，请检查可用空间和临时目录")
        case .cannotWriteUploadBody(let path, let errno):
            return .init(
                zhHans: "上传的请求体无法写入 \(path)（\(errno)）",
                why: "临时目录不存在或不可写",
                fix: "确认临时目录存在且可写，然后重试")
        case .other(let text):
            return .init(
                zhHans: "无法读取或写入文件（\(text)）",
                why: "文件不存在、在发送期间被修改，或者它所在的目录不可写",
                fix: "确认文件存在、发送期间没有程序写入它，并且它所在的目录存在且可写")
        }
    }

    // MARK: - Transport

    // swift-format-ignore
    private func transport(_ failure: TransportMessage, _ place: TransportPlace) -> APIError.Explanation {
        let url = place.url
        switch failure {
        case .refusedLocal:
            return .init(zhHans: "无法连接\(G.connectTo(url))：\(G.onHostPort(place))没有任何程序接受连接",
                why: "连接被拒绝：本机的那个端口上没有服务器在监听",
                fix: """
                    启动您的本地服务器（例如 `swift run fixture-server`，模拟您自己的 API 时加上 `--api FOLDER`），\
                    并确认它在那个端口上监听——端口写错和服务器没有运行，看起来都是这样
                    """)
        case .refusedRemote:
            return .init(zhHans: "无法连接\(G.connectTo(url))：\(G.onHostPort(place))没有任何程序接受连接",
                why: "那个主机和端口上没有服务器接受连接：那里没有服务器在监听，或者从当前网络无法访问该主机",
                fix: """
                    检查基础 URL 中的主机和端口、\(G.server(place))是否正在运行，以及本设备能否访问它\
                    （在同一个网络中，中间没有防火墙；手机要通过 Mac 的局域网地址访问它，而不是 `localhost`）
                    """)
        case .hostNotFound:
            return .init(zhHans: "找不到\(G.in(url))主机名",
                why: "DNS 中没有该主机的地址：名称拼错了，或者它只存在于其他网络中",
                fix: "检查基础 URL 中的主机名（本机上的服务器请使用 `127.0.0.1` 或 `localhost`）")
        case .dnsFailed:
            return .init(zhHans: "对\(G.in(url))主机的 DNS 查询失败",
                why: "域名服务器没有响应，或者返回了错误",
                fix: "检查网络的 DNS 设置和主机名，然后重试")
        case .timedOut:
            return .init(zhHans: "\(G.to(url))请求超时",
                why: "在请求的超时时间内没有收到完整响应",
                fix: "确认\(G.server(place))能快速响应；对于较慢的端点，调大它的 `timeout(_:)`")
        case .connectionLost:
            return .init(zhHans: "\(G.with(url))连接在响应完成之前断开了",
                why: "\(G.server(place))在交换数据的中途关闭了连接（或者网络断开了），例如响应体被截断",
                fix: "重试（幂等请求已经自动重试过）；如果一直发生，请查看服务器的日志")
        case .unparsable:
            return .init(zhHans: "\(G.from(url))响应无法解析为 HTTP",
                why: "\(G.server(place))发送的不是完整的 HTTP 响应（响应体被截断，或者那个端口上不是 HTTP 服务器）",
                fix: "确认那个端口属于 HTTP 服务器，并在服务器的日志中查找响应中途的崩溃")
        case .badServerResponse:
            return .init(zhHans: "\(G.at(url))服务器没有返回有效响应就关闭了连接",
                why: "没有收到任何可用的内容：服务器在响应之前崩溃或断开了连接，或者那个端口不属于 HTTP 服务器",
                fix: "查看服务器的日志，并确认基础 URL 中的端口属于 HTTP 服务器")
        case .secureFailedHTTPS:
            return .init(zhHans: "无法建立\(G.with(url))安全（TLS）连接",
                why: "URL 使用的是 `https`，但那个端口上的服务器不支持 TLS（是纯 HTTP 服务器），或者 TLS 握手失败",
                fix: """
                    如果服务器是纯 HTTP 的（本地开发服务器通常如此），请在基础 URL 中使用 `http://`；\
                    否则请检查服务器的 TLS 配置
                    """)
        case .secureFailed:
            return .init(zhHans: "无法建立\(G.with(url))安全（TLS）连接",
                why: "TLS 握手失败",
                fix: """
                    如果服务器是纯 HTTP 的（本地开发服务器通常如此），请在基础 URL 中使用 `http://`；\
                    否则请检查服务器的 TLS 配置
                    """)
        case .certificateExpired:
            return .init(zhHans: "\(G.for(url))服务器证书已过期",
                why: "它的有效期已过（或者设备的时钟有误）",
                fix: "更新服务器的证书，或者修正设备的日期和时间")
        case .certificateUntrusted:
            return .init(zhHans: "\(G.for(url))服务器证书不受信任",
                why: "它是自签名的，或者由本设备不信任的证书颁发机构签发",
                fix: """
                    使用受信任的证书颁发机构签发的证书；开发服务器请在 localhost 上使用纯 `http://`，\
                    或者在设备上安装它的 CA——绝不要在发布的代码中关闭信任检查
                    """)
        case .certificateUnknownRoot:
            return .init(zhHans: "\(G.for(url))服务器证书的根证书未知",
                why: "它的证书链指向本设备不认识的根证书颁发机构",
                fix: "在服务器上安装完整的证书链，或者在设备上安装根 CA（仅限开发环境）")
        case .certificateNotYetValid:
            return .init(zhHans: "\(G.for(url))服务器证书尚未生效",
                why: "它的生效日期还没到（或者设备的时钟有误）",
                fix: "修正设备的日期和时间，或者证书的日期")
        case .clientCertificateRejected:
            return .init(zhHans: "\(G.at(url))服务器拒绝了本客户端的证书",
                why: "所提供的客户端证书不是服务器接受的证书",
                fix: "使用服务器要求的客户端证书")
        case .clientCertificateRequired:
            return .init(zhHans: "\(G.at(url))服务器要求提供客户端证书",
                why: "服务器启用了双向 TLS，但没有提供客户端证书",
                fix: "配置会话的委托对象来响应客户端证书质询，或者改用不需要双向 TLS 的端点")
        case .transportSecurityLocal:
            return .init(zhHans: "App Transport Security 拦截了\(G.to(url))纯 HTTP 请求",
                why: "Apple 平台会拒绝 `http://` URL，除非 App 的 Info.plist 允许",
                fix: """
                    使用 `https://`，或者在 App 的 Info.plist 中，于 `NSAppTransportSecurity` 下添加 \
                    `NSAllowsLocalNetworking`（true）
                    """)
        case .transportSecurityRemote:
            return .init(zhHans: "App Transport Security 拦截了\(G.to(url))纯 HTTP 请求",
                why: "Apple 平台会拒绝 `http://` URL，除非 App 的 Info.plist 允许",
                fix: """
                    使用 `https://`，或者在 App 的 Info.plist 中把该主机添加到 `NSAppTransportSecurity` → \
                    `NSExceptionDomains` 下，并设置 `NSExceptionAllowsInsecureHTTPLoads`（true）
                    """)
        case .cancelled:
            return .init(zhHans: "\(G.to(url))请求已取消",
                why: "它的任务被取消了", fix: "如果这是有意为之，则无需修正")
        case .unknown:
            return .init(zhHans: "\(G.to(url))请求失败了，而 URLSession 没有给出原因（`URLError.unknown`）",
                why: """
                    Linux 上的 URLSession 会以这种方式报告多种失败（响应体被截断、TLS 失败）；\
                    这一次它没有给出本客户端能识别的信息
                    """,
                fix: "重试；如果问题重复出现，请检查 URL 的协议（`http` 还是 `https`）和服务器的日志")
        case .badURL:
            return .init(zhHans: "URL\(G.afterWord(url))格式错误",
                why: "URLSession 无法解析它", fix: "修正基础 URL 或端点的路径")
        case .unsupportedURL:
            return .init(zhHans: "URL\(G.afterWord(url))使用了 URLSession 无法加载的协议",
                why: "本客户端只发送 `http` 和 `https` URL",
                fix: "使用以 `http://` 或 `https://` 开头的基础 URL（需包含主机）")
        case .tooManyRedirects:
            return .init(zhHans: "\(G.to(url))请求被重定向的次数过多",
                why: "服务器的重定向形成了循环（例如 http → https → http）",
                fix: "用浏览器或 curl 打开该 URL 查看循环，然后修正服务器的重定向规则或 URL")
        case .resourceUnavailable:
            return .init(zhHans: "\(G.at(url))资源不可用", why: "URLSession 无法获取它",
                fix: "检查 URL，稍后重试")
        case .notConnected:
            return .init(zhHans: "设备处于离线状态，因此\(G.to(url))请求没有发送",
                why: "没有网络连接", fix: "检查网络连接，然后重试")
        case .redirectToNowhere:
            return .init(zhHans: "\(G.at(url))服务器重定向到了一个不存在的位置",
                why: "它的重定向 `Location` 无效", fix: "修正服务器的重定向")
        case .authenticationCancelled:
            return .init(zhHans: "\(G.at(url))服务器要求登录，但没有提供登录信息",
                why: "认证质询被取消了（在 Linux 上，这是一个带有会话无法应答的质询的 401）",
                fix: "发送该 API 要求的凭据（`Authorization` 请求头或 API 密钥）")
        case .authenticationRequired:
            return .init(zhHans: "\(G.at(url))服务器要求认证",
                why: "没有为它的质询提供凭据",
                fix: "发送该 API 要求的凭据（`Authorization` 请求头或 API 密钥）")
        case .zeroByteResource:
            return .init(zhHans: "\(G.from(url))响应是空的", why: "服务器在应当有响应体的地方没有发送任何字节",
                fix: "检查 URL 和服务器的处理程序")
        case .cannotDecodeRawData:
            return .init(zhHans: "\(G.from(url))响应无法解码", why: "它的字节不符合所声明的编码",
                fix: "检查服务器的 `Content-Type` 和响应体")
        case .cannotDecodeContentData:
            return .init(zhHans: "\(G.from(url))响应无法解压缩",
                why: "它的 `Content-Encoding`（gzip、deflate、br）与字节内容不符",
                fix: "检查服务器的压缩设置")
        case .roamingOff:
            return .init(zhHans: "\(G.to(url))请求未发送：漫游已关闭",
                why: "蜂窝网络正在漫游，而数据漫游已停用", fix: "开启数据漫游，或者使用 Wi-Fi")
        case .callIsActive:
            return .init(zhHans: "通话期间，\(G.to(url))请求没有发送",
                why: "该蜂窝网络在通话时无法传输数据", fix: "通话结束后重试，或者使用 Wi-Fi")
        case .dataNotAllowed:
            return .init(zhHans: "\(G.to(url))请求未发送：不允许使用蜂窝数据",
                why: "此 App 或本设备已关闭蜂窝数据", fix: "为此 App 开启蜂窝数据，或者使用 Wi-Fi")
        case .bodyStreamExhausted:
            return .init(zhHans: "\(G.to(url))请求体无法再次发送",
                why: "请求体的数据流已被读完，而请求需要重新发送（因为重定向或认证）",
                fix: "以数据或文件的形式发送请求体，这样它就能再次发送")
        case .fileDoesNotExist:
            return .init(zhHans: "文件\(G.plain(url))不存在", why: "`file:` URL 指向的文件不存在",
                fix: "检查文件的路径")
        case .fileIsDirectory:
            return .init(zhHans: "URL\(G.afterWord(url))指向的是目录，而不是文件", why: "目录不能作为内容加载",
                fix: "指定一个文件")
        case .noPermissionToReadFile:
            return .init(zhHans: "无法读取文件\(G.plain(url))", why: "本进程没有读取它的权限",
                fix: "修正文件的权限")
        case .dataLengthExceedsMaximum:
            return .init(zhHans: "\(G.from(url))响应太大", why: "它的长度超过了 URLSession 在内存中能接受的上限",
                fix: "改为把它下载到文件（使用下载端点）")
        case .fileOutsideSafeArea:
            return .init(zhHans: "文件\(G.plain(url))位于 App 允许访问的区域之外",
                why: "沙盒不允许读取它", fix: "把文件移到 App 的容器中")
        case .backgroundSharedContainer:
            return .init(zhHans: "后台会话需要共享容器",
                why: "该 App 扩展的会话没有共享容器",
                fix: "设置会话配置的 `sharedContainerIdentifier`")
        case .backgroundSessionInUse:
            return .init(zhHans: "后台会话正被另一个进程使用",
                why: "两个进程使用了相同的会话标识符",
                fix: "为每个进程使用各自的后台会话标识符")
        case .backgroundSessionDisconnected:
            return .init(zhHans: "后台会话已断开连接",
                why: "App 与后台传输服务的连接已断开",
                fix: "重新创建会话，然后重试传输")
        case .cannotLoadFromNetwork:
            return .init(zhHans: "\(G.from(url))响应只能来自网络，而缓存策略不允许访问网络",
                why: "请求的缓存策略规定只使用缓存，而缓存中没有内容",
                fix: "使用允许访问网络的缓存策略")
        case .cannotCreateFile:
            return .init(zhHans: "\(G.from(url))下载无法创建它的文件",
                why: "目标目录不存在或不可写", fix: "检查目标目录")
        case .cannotOpenFile:
            return .init(zhHans: "\(G.from(url))下载无法打开它的文件",
                why: "无法以写入方式打开文件", fix: "检查目标位置的权限")
        case .cannotCloseFile:
            return .init(zhHans: "\(G.from(url))下载无法关闭它的文件",
                why: "写入文件的最后几个字节失败", fix: "检查磁盘，然后重试")
        case .cannotWriteToFile:
            return .init(zhHans: "\(G.from(url))下载无法写入它的文件",
                why: "磁盘已满或文件不可写",
                fix: "释放一些空间或检查权限，然后重试")
        case .cannotRemoveFile:
            return .init(zhHans: "\(G.from(url))下载无法删除文件",
                why: "无法删除之前的文件", fix: "检查目标位置的权限")
        case .cannotMoveFile:
            return .init(zhHans: "\(G.from(url))下载无法把它的文件移动到目标位置",
                why: "目标位置不可写或已被占用", fix: "检查目标位置")
        case .downloadDecodingFailedMidStream:
            return .init(zhHans: "\(G.from(url))下载在中途无法解码",
                why: "它的编码在数据流中途损坏了", fix: "重试；检查服务器的压缩设置")
        case .downloadDecodingFailedToComplete:
            return .init(zhHans: "\(G.from(url))下载无法完整解码",
                why: "它的编码不完整", fix: "重试；检查服务器的压缩设置")
        case .httpsToPlainServer:
            return .init(zhHans: "\(G.with(url))安全连接失败：\(G.hostPortOf(place))服务器以纯 HTTP 作出了响应",
                why: "URL 使用的是 `https://`，但那个端口由纯 HTTP 服务器提供服务（本地开发服务器通常如此）",
                fix: "在基础 URL 中对该服务器使用 `http://`，或者使用它提供 HTTPS 服务的端口")
        case .bodyCutShort(let missing):
            return .init(zhHans: "\(G.from(url))响应被截断了\(G.shortBy(missing))",
                why: "服务器（或网络）在整个响应体发送完之前就关闭了连接",
                fix: """
                    重试；如果问题重复出现，请在服务器的日志中查找响应中途的崩溃，并检查它发送的 \
                    `Content-Length`
                    """)
        case .hostUnreachable:
            return .init(zhHans: "无法访问\(G.host(place))\(G.paren(url))",
                why: "从本设备没有通往该主机的网络路由",
                fix: """
                    检查主机的地址（局域网地址可能会变），并确认本设备所在的网络能访问它；\
                    手机要通过 Mac 的局域网地址访问它，而不是 `localhost`
                    """)
        case .other(let code):
            return .init(zhHans: "\(G.to(url))请求失败，URLSession 的错误代码为 \(code)",
                why: "URLSession 报告了一个本客户端没有相应说明的错误（代码 \(code) 的含义见 `URLError.Code`）",
                fix: "检查 URL、网络和\(G.server(place))，然后重试")
        }
    }

    // MARK: - HTTP

    private func httpWhat(_ answer: HTTPMessage) -> String {
        let status =
            """
            服务器对\(G.to(answer.url))请求返回了 \(answer.status)\
            （\(SimplifiedChineseReasonPhrases.phrase(answer.status))）
            """
        switch answer.said {
        case .quoted(let said): return status + "。服务器返回的消息：“\(said)”"
        case .htmlPage(let title, let words):
            return status + "。它返回的是 HTML 页面，而不是 JSON：" + G.page(title: title, words: words)
        case .nothing: return status
        }
    }

    private func advice(_ advice: HTTPAdvice) -> (why: String, fix: String) {
        let checkAPIKey =
            """
            检查 API 密钥：是否已设置、是否有效，以及是否放在了该 API 要求的位置（查询参数，例如 `api_key`；\
            或者请求头，例如 `Authorization: Bearer <key>` 或 `X-API-Key`），可以用 `headers(_:)` 或请求钩子添加
            """
        let checkCredential =
            """
            确认请求在该 API 要求的位置带上了它需要的 API 密钥或令牌（`Authorization: Bearer <token>` 请求头、\
            `api_key` 查询参数）；如果 App 已经登录，请重新登录
            """
        switch advice {
        case .apiKeyNotAccepted:
            return ("服务器不接受该请求的凭据：它提到了 API 密钥", checkAPIKey)
        case .apiKeyRefused: return ("服务器拒绝了该账号或密钥：它提到了 API 密钥", checkAPIKey)
        case .credentialRefused:
            return (
                "本客户端发送的凭据被拒绝了：它已过期、已被撤销或不正确",
                "重新登录（或者更新 API 密钥或令牌），然后重试"
            )
        case .forbiddenForCredential:
            return (
                "服务器认识所发送的凭据，但该凭据无权执行此操作",
                "使用有权访问该资源的账号或密钥"
            )
        case .credentialMissing:
            return (
                "请求没有携带凭据，而该端点需要凭据",
                """
                在该 API 要求的位置发送它需要的 API 密钥或令牌：通常是 `Authorization: Bearer <token>` 请求头\
                或 `api_key` 查询参数（参见 `headers(_:)` 和请求钩子；已登录的控制器会自动加上它的令牌）
                """
            )
        case .tokenExpired:
            return (
                "服务器表示所发送的令牌已过期或无效",
                "重新登录以获取新的令牌，然后重试"
            )
        case .credentialUnknownNotAccepted:
            return ("服务器不接受该请求的凭据：凭据缺失、错误或已过期", checkCredential)
        case .credentialUnknownRefused:
            return ("服务器拒绝了该账号或密钥：凭据缺失、错误或已过期", checkCredential)
        case .notFoundPage:
            return (
                "该 URL 指向的是网站服务器上的页面，而不是 API 路由",
                "检查基础 URL（带路径时必须以 `/` 结尾，例如 `/api/`）和端点的路径"
            )
        case .notFound:
            return (
                "该 URL 上什么都没有：路径、其中的 ID 或基础 URL 有误",
                "对照 API 文档检查 ID 和端点的路径，并确认基础 URL 带路径时以 `/` 结尾"
            )
        case .methodNotAllowed:
            return (
                "服务器在该 URL 上不接受这种请求方法",
                "检查端点的请求方法（GET、POST、PUT、PATCH 或 DELETE）"
            )
        case .busy:
            return (
                "服务器繁忙、正在限流或正在重启",
                "稍等片刻再重试（幂等请求已经自动重试过）；如果是 429，请降低请求频率"
            )
        case .rateLimited(let wait):
            return (
                "服务器限制了客户端可以发送的请求数量，并要求等待\(G.wait(wait))（它的 `Retry-After` 响应头）",
                "等待这么久再发送下一个请求，并减少请求：一次一个、中间稍作停顿，或者保留已经取得的响应"
            )
        case .unavailable(let wait):
            return (
                "服务器暂时不可用（维护中或负载过高），并要求等待\(G.wait(wait))（它的 `Retry-After` 响应头）",
                "等待这么久之后再重试（幂等请求已经自动重试过）"
            )
        case .conflict:
            return (
                "该请求与资源的当前状态冲突",
                "重新获取该资源，然后再次进行修改"
            )
        case .tooLarge: return ("请求体超过了服务器能接受的大小", "发送较小的请求体")
        case .unsupportedMediaType:
            return (
                "服务器不接受请求体的 `Content-Type`",
                "按照 API 要求的格式发送请求体（用 `body(_:)` 发送 JSON、表单或 multipart）"
            )
        case .badParametersNamed:
            return (
                "服务器不接受该请求的参数或请求体",
                "对照 API 文档检查参数和请求体的字段；上面服务器返回的消息指出了哪里有误"
            )
        case .badParameters:
            return (
                "服务器不接受该请求的参数或请求体",
                "对照 API 文档检查参数和请求体的字段"
            )
        case .clientError:
            return ("服务器不接受该请求", "对照 API 文档检查该请求")
        case .serverErrorPage:
            return (
                "服务器（或它前面的代理）出错，并返回了一个错误页面",
                "查看服务器的日志找出错误；稍后重试"
            )
        case .serverError:
            return ("服务器在处理请求时出错", "查看服务器的日志；稍后重试")
        }
    }

    // MARK: - Decoding

    private func decodingWhat(_ what: DecodingWhat, _ answer: String) -> String {
        switch what {
        case .emptyBody: return "\(answer)为空，而此处应当是 JSON 内容"
        case .htmlPage(let title, let words):
            return "\(answer)是 HTML 页面，而不是 JSON：\(G.page(title: title, words: words))"
        case .notJSON(let beginning): return "\(answer)不是 JSON：它的开头是 \(beginning)"
        case .typeMismatch(let place, let expected, let found):
            return "\(answer)无法解码\(G.place(place))：预期为\(G.expected(expected))\(G.found(found))"
        case .valueNotFound(let place, let expected):
            return "\(answer)无法解码\(G.place(place))：预期为\(G.expected(expected))，实际是 null"
        case .keyNotFound(let key, let container):
            return "\(answer)无法解码：\(G.container(container))缺少键 “\(key)”"
        case .dataCorrupted(let place, let detail, let found):
            return "\(answer)无法解码\(G.place(place))：\(detail)\(G.foundValue(found))"
        case .dataCorruptedAtBodyKey(let detail, let key, let value):
            return "\(answer)无法解码\(G.place(.unknown))：\(detail)；其中 “\(key)” 的值为 \(value)"
        case .other(let detail): return "\(answer)无法解码：\(detail)"
        }
    }

    private func decodingWhy(_ why: DecodingWhy) -> String {
        switch why {
        case .snakeCase(let key, let property):
            return "JSON 中它叫 “\(key)”（snake_case），而模型的属性是 `\(property)`（camelCase）"
        case .spelledOtherwise(let key, let property): return "JSON 中它写作 “\(key)”，而模型中是 `\(property)`"
        case .likelyKey(let key, let property):
            return "该对象中没有 “\(property)”，但有一个模型没有读取的 “\(key)”：它很可能是同一个值，只是换了个名字"
        case .snakeCaseTwice(let key, let renamed):
            return """
                响应体中有 “\(key)”，但解码器的 `.convertFromSnakeCase` 会在匹配 `CodingKeys` 之前，先把 JSON \
                的键转换为 camelCase（“\(renamed)”），所以写作 “\(key)” 的 `CodingKeys` 成员永远匹配不上
                """
        case .wrapper(let field): return "响应是一个对象，数组放在它的 “\(field)” 字段中"
        case .answerIsArray: return "响应是一个数组，而模型期望的是单个对象"
        case .nullNotOptional: return "服务器发送了 null，而模型的这个属性不是可选类型"
        case .keyAbsent: return "服务器没有发送这个键，而模型要求必须有它"
        case .numberAsString: return "服务器把这个数字作为字符串发送"
        case .dateFormat(let format):
            return """
                它是\(G.date(format))，而解码器的 `dateDecodingStrategy` 读取不了这种格式\
                （默认读取自 2001 年起的秒数）
                """
        case .typeDiffers: return "模型中这个值的类型与服务器发送的不同"
        case .webPage: return "返回的是一个网页：该 URL 指向的是网站或错误页面，而不是 API"
        case .noBody: return "服务器没有发送响应体（例如 204，或者错误路由返回的 200）"
        case .notThisAPI: return "响应体不是 JSON：该 URL 指向的不是这个 API"
        case .bodyDoesNotMatch: return "响应体与模型不匹配"
        case .modelDisagrees: return "在这个位置，模型与服务器发送的 JSON 不一致"
        }
    }

    private func decodingFix(_ fix: DecodingFix) -> String {
        let decoderOption = "在您作为 `APIClient.Options(decoder:)` 传入的 `JSONDecoder` 上"
        switch fix {
        case .convertFromSnakeCase(let property, let key):
            return """
                \(decoderOption)设置 `decoder.keyDecodingStrategy = .convertFromSnakeCase`，或者添加 \
                `CodingKeys`，写上 `case \(property) = "\(key)"`
                """
        case .codingKeys(let property, let key):
            return "在模型中添加 `CodingKeys`，写上 `case \(property) = \"\(key)\"`"
        case .likelyKey(let property, let key):
            return """
                如果 “\(key)” 就是 `\(property)` 的意思，请在模型中添加 `CodingKeys`，写上 \
                `case \(property) = "\(key)"`；如果不是，请检查拼写，或者把 `\(property)` 声明为可选类型
                """
        case .snakeCaseTwice(let key, let renamed):
            return """
                在 `CodingKeys` 中写 `case \(renamed)`，不要加 `= "\(key)"`（或者去掉 `.convertFromSnakeCase`，\
                保留 `CodingKeys`）
                """
        case .wrapper(let field, let typeName):
            return """
                解码一个以该字段命名的包装类型 `struct \(typeName)Response: Decodable { let \(field): \
                [YourModel] }`，然后使用它的 `\(field)`
                """
        case .decodeArray: return "解码为数组：`Endpoint<[YourModel]>`"
        case .optional(let property, let type):
            return """
                如果服务器可能省略它，请把它声明为可选类型（`let \(property): \(type)?`），或者在 `init(from:)` \
                中给它一个默认值；如果它必须存在，请检查它的拼写
                """
        case .numberInString(let property):
            return "把 `\(property)` 声明为 `String`，再用 `Double(_:)` 转换，或者在自定义的 `init(from:)` 中解码它"
        case .dateStrategy(.iso8601): return "\(decoderOption)设置 `decoder.dateDecodingStrategy = .iso8601`"
        case .dateStrategy(.yearMonthDay):
            return """
                \(decoderOption)设置 `decoder.dateDecodingStrategy = .formatted(formatter)`，其中 \
                `DateFormatter` 的 `dateFormat` 为 “yyyy-MM-dd”，`locale` 为 `en_US_POSIX`
                """
        case .dateStrategy(.millisecondsSince1970):
            return "\(decoderOption)设置 `decoder.dateDecodingStrategy = .millisecondsSince1970`"
        case .dateStrategy(.secondsSince1970):
            return "\(decoderOption)设置 `decoder.dateDecodingStrategy = .secondsSince1970`"
        case .changeType(let property):
            return "把 `\(property)` 的类型改为服务器发送的类型，或者在 `init(from:)` 中进行转换"
        case .changeTypeTo(let property, let kind):
            return """
                把 `\(property)` 的类型改为服务器发送的类型（服务器发送的是\(G.kindAfterWord(kind))），\
                或者在 `init(from:)` 中进行转换
                """
        case .voidOrCheckURL:
            return "如果这个端点的响应没有响应体，请使用 `Endpoint<Void>`；否则请检查 URL"
        case .checkURL: return "检查基础 URL 和端点的路径（在浏览器中打开该 URL，或者用 curl 请求它）"
        case .compareWithBody:
            return """
                在那个位置对比模型和响应体（`APIError.responseBody`），并修改模型（类型、可选类型、`CodingKeys`）\
                使其与响应体一致
                """
        }
    }

    // MARK: - The command-line trap

    private static let fixes = """
        修正方法：在 main.swift 的末尾调用 dispatchMain()，并在最后一个完成回调中调用 exit(0)；或者调用
          RunLoop.main.run()；或者在 async 的 main 函数中用 await 调用对应的异步版本：
          @main struct Tool { static func main() async { ... try await client.send(endpoint) ... } }
          （每个进程只打印一次；设置 APIClient.warnsWhenMainQueueIsBlocked = false 即可关闭。）
        """

    func mainQueueWarning(seconds: Int) -> String {
        """
        ServiceLayer：一个完成回调已经等待主队列 \(seconds) 秒，而主队列从未执行过任何任务，
          主线程在此期间也没有发出任何调用。
          原因：APIClient.send(_:completion:) 和各控制器的完成回调运行在主 actor 上，也就是主队列上；
          在命令行程序中，当主线程在休眠、等待信号量或调度组，或者已经从顶层代码返回时，没有任何东西会执行
          主队列（程序随后会在没有任何输出的情况下以退出状态 0 结束）。如果您的主线程是有意先忙碌几秒钟、
          然后才执行主队列，那么完成回调只是在等待它，这条警告与您无关。
          \(Self.fixes)
        """
    }

    func endedWarning(calls: Int) -> String {
        """
        ServiceLayer：程序结束时，仍有 \(G.calls(calls))在等待完成回调，而完成回调始终没有执行。
          原因：APIClient.send(_:completion:) 和各控制器的完成回调运行在主 actor 上，
          也就是主队列上；而这个程序从未执行过主队列就结束了（从顶层代码返回，或者调用了 exit）。
          \(Self.fixes)
        """
    }
}
