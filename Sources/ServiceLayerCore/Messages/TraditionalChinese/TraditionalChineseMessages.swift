import Foundation

/// The 繁體中文 (Taiwan) table: every decided ``Message`` written out. It decides nothing: each case's
/// sentences are fixed, and ``TraditionalChineseGrammar`` joins the facts into them. Code, URLs, numbers and
/// the server's own words stay as they are.
struct TraditionalChineseMessages: MessageTable {
    private typealias G = TraditionalChineseGrammar

    private static let notBuilt = "無法建立要求，所以沒有送出任何東西："

    func explain(_ message: Message) -> APIError.Explanation {
        let notBuilt = Self.notBuilt
        switch message {
        case .appReason(let reason):
            return .init(
                zhHant: notBuilt + reason,
                why: "端點的網址或本文寫法無效",
                fix: "修正呼叫端程式碼中的端點：它的路徑、查詢值或本文")
        case .baseURLWithoutScheme(let base):
            return .init(
                zhHant: notBuilt + "基底網址「\(base)」沒有通訊協定",
                why: """
                    基底網址必須以 `http://` 或 `https://` 開頭；少了它，「\(base)」不會被當成主機和連接埠\
                    （`localhost:8090/` 會被讀成通訊協定 `localhost`）
                    """,
                fix: "把通訊協定寫進基底網址，例如 `URL(string: \"http://\(base)\")`")
        case .baseURLScheme(let base, let scheme):
            return .init(
                zhHant: notBuilt + "基底網址「\(base)」的通訊協定是「\(scheme)」",
                why: "這個用戶端只送出 `http://` 和 `https://` 網址",
                fix: "把基底網址的通訊協定改成 `http`（本機開發伺服器）或 `https`")
        case .baseURLHostSpace(let base, let host):
            return .init(
                zhHant: notBuilt + "基底網址「\(base)」的主機「\(host)」含有空格",
                why: "主機名稱不能包含空格",
                fix: "移除基底網址中主機的空格")
        case .noURLForPath(let path):
            return .init(
                zhHant: notBuilt + "無法為路徑「\(path)」組成有效的 http(s) 網址",
                why: "端點的路徑寫法無效",
                fix: "修正呼叫端程式碼中端點的路徑")
        case .noURLForURL(let url):
            return .init(
                zhHant: notBuilt + "無法為 \(url) 組成有效的 http(s) 網址",
                why: "端點的網址寫法無效",
                fix: "修正呼叫端程式碼中端點的網址（絕對網址必須以 `http://` 或 `https://` 開頭）")
        case .fragmentInPath(let shown):
            return .init(
                zhHant: notBuilt + "端點路徑「\(shown)」含有「#」，它會開始一個網址片段",
                why: "片段永遠不會送到伺服器，所以從「#」開始的內容都會遺失",
                fix: """
                    如果「#」是值的一部分，請把值當成查詢項目傳送\
                    （`query: [URLQueryItem(name: "q", value: "c#")]` 會把它送成 %23），或在路徑中寫 %23；\
                    如果它是片段，請移除
                    """)
        case .bodyNeedsMainActor:
            return .init(
                zhHant: notBuilt + "它的本文沒有被編碼",
                why: "本文的模型屬於主要執行者（`MainActor`），而這次呼叫不是在那裡發出的",
                fix: "從主要執行者送出要求，或把本文的模型宣告為 `nonisolated` 且 `Sendable`")
        case .tokenOffOrigin(let host):
            return .init(
                zhHant: "要求沒有送出：它的權杖只會送到 \(host)",
                why: "端點的網址在與基底網址不同的主機上，而權杖絕不離開它的來源",
                fix: "需要授權的端點請使用基底網址下的路徑，或使用基底網址就是那台主機的用戶端")
        case .tokenOffOriginUnknownHost:
            return .init(
                zhHant: "要求沒有送出：它的權杖只會送到 API 自己的主機",
                why: "端點的網址在與基底網址不同的主機上，而權杖絕不離開它的來源",
                fix: "需要授權的端點請使用基底網址下的路徑，或使用基底網址就是那台主機的用戶端")
        case .multipartBoundary(let boundary):
            return .init(
                zhHant: notBuilt + "`multipart/form-data` 表單的某個部分含有它的邊界字串「\(boundary)」",
                why: "邊界字串絕不能出現在任何部分的內容中",
                fix: "改用另一個邊界字串（預設的隨機邊界不會碰巧出現）")
        case .hookFailed(let detail):
            return .init(
                zhHant: "要求沒有送出：要求掛鉤失敗了（「\(detail)」）",
                why: "要求掛鉤拋出了錯誤，這會在送出任何東西之前結束這次呼叫",
                fix: "修正要求掛鉤，或從它拋出 `APIError` 來說明原因")
        case .bodyNotFiniteNumber(let value, let path):
            return .init(
                zhHant: notBuilt + "要求本文\(G.atPath(path))含有 \(value)",
                why: "JSON 無法表示 NaN 或無限大",
                fix: "在那裡送出有限的數字，或省略這個值（值為 `nil` 的選用型別）")
        case .bodyNotEncodable(let path, let detail):
            return .init(
                zhHant: notBuilt + "要求本文\(G.atPath(path))無法編碼成 JSON（「\(detail)」）",
                why: "本文的 `Encodable` 實作拋出了錯誤，或它含有 JSON 無法表示的值",
                fix: "在那個位置修正本文的模型或它的 `encode(to:)`")
        case .offline(let url):
            return .init(
                zhHant: "\(G.request(url))沒有送出：這台裝置目前離線",
                why: "網路連線中斷（或用戶端的連線狀態來源這麼回報）",
                fix: "檢查網路連線（Wi-Fi、網路線、飛航模式），然後再試一次")
        case .timedOut(let url, let seconds):
            return .init(
                zhHant: "在要求的逾時時間\(G.limit(seconds))內，沒有收到\(G.from(url))完整回應",
                why: """
                    每次嘗試最多可用要求的逾時時間：端點的 `timeout(_:)`，否則是 \
                    `APIClient.Options.timeout`，再否則是工作階段的 `timeoutIntervalForRequest`（預設 60 秒）。\
                    伺服器太慢，或回應到一半就停止了（在 Linux 上，對等待要求的純 HTTP 伺服器使用 `https://` \
                    網址，也會落到這裡）
                    """,
                fix: """
                    確認伺服器能快速回應那個網址（用 curl 試試），且網址的通訊協定正確（本機開發伺服器用 `http`）；\
                    較慢的端點請調高它的 `timeout(_:)` 或 `APIClient.Options.timeout`
                    """)
        case .cancelled(let url):
            return .init(
                zhHant: "\(G.request(url))已取消",
                why: "它的控制代碼被取消、等待它的 Swift 工作被取消，或擁有它的物件已被釋放",
                fix: "如果是刻意的就不需要修正；否則請讓控制代碼（或工作）存活到回應抵達為止")
        case .notAuthenticated(let url):
            return .init(
                zhHant: "\(G.request(url))沒有送出：它需要權杖，而用戶端沒有",
                why: "目前沒有人登入（或登入資訊已被捨棄）",
                fix: "請先登入，然後再試一次")
        case .transport(let failure, let place):
            return transport(failure, place)
        case .http(let answer):
            let (why, fix) = advice(answer.advice)
            return .init(zhHant: httpWhat(answer), why: why, fix: fix)
        case .decoding(let failure):
            return .init(
                zhHant: decodingWhat(failure.what, failure.source), why: decodingWhy(failure.why),
                fix: decodingFix(failure.fix))
        case .serverRefused(let message):
            return .init(
                zhHant: "伺服器拒絕了這個要求：「\(message)」",
                why: "伺服器有回應，但表示操作失敗",
                fix: "把伺服器的訊息顯示給使用者；它說明了要修改什麼")
        case .tooManyTokenRefreshes:
            return .init(
                zhHant: "工作階段在 30 秒內需要更新超過 3 次，所以用戶端停止了",
                why: "每個新權杖都立刻被拒絕：裝置的時鐘或伺服器的權杖有效期限很可能有誤",
                fix: "檢查裝置的時鐘和伺服器的權杖有效期限，然後再試一次")
        case .tokenStorage(let reason):
            return .init(
                zhHant: "無法儲存登入資訊（「\(reason)」），所以您已被登出",
                why: "權杖儲存區無法寫入它的檔案",
                fix: "確認權杖檔案的資料夾存在且可寫入（或改用其他 `TokenStore`），然後重新登入")
        case .file(let problem):
            return file(problem)
        case .diskFull:
            return .init(
                zhHant: "磁碟已滿，所以傳輸已停止，也沒有留下不完整的內容",
                why: "正在寫入的本文沒有剩餘空間",
                fix: "釋出一些空間，然後再試一次")
        case .incompleteDownload(let expected, let received, let url):
            return .init(
                zhHant: "\(G.from(url))下載在收到 \(expected) 位元組中的 \(received) 位元組後就結束了，所以已捨棄",
                why: "連線在中途被切斷，或伺服器的 `Content-Length` 有誤",
                fix: "再試一次；如果每次都在同樣的大小失敗，請檢查伺服器")
        case .eventStream(let problem):
            return eventStream(problem)
        }
    }

    // MARK: - Event streams

    private func eventStream(_ problem: EventStreamMessage) -> APIError.Explanation {
        switch problem {
        case .notAnEventStream(let url, let status, let contentType, let came):
            return .init(
                zhHant: """
                    伺服器以 \(status) 回應\(G.requestFor(url))，內容類型是\(G.contentType(contentType))，但預期的是\
                    事件串流（`text/event-stream`），所以沒有讀到任何事件。
                    """ + streamAnswer(came),
                why: """
                    這個 URL 傳回的是一般的回應，而不是伺服器推送事件：路徑有誤、伺服器只在要求中指明時才串流（例如\
                    本文中的 `"stream": true`），或是回應的其實是登入頁面或代理伺服器
                    """,
                fix: """
                    對照 API 的說明檢查端點的路徑和本文（用 curl 加上 `-H 'Accept: text/event-stream'` 試試）；若要一般\
                    的回應，請呼叫 `send(_:)`，而不是 `events(for:)`
                    """)
        case .cutMidEvent(let url, let events, let bytes):
            return .init(
                zhHant: """
                    \(G.from(url))事件串流在一個事件的中途結束，之前已收到 \(G.wholeEvents(events))；未完成的事件\
                    （\(bytes) 位元組）已捨棄
                    """,
                why: """
                    連線在事件的空白行到達前就關閉了：伺服器在寫入時停止或當機，或是網路或代理伺服器切斷了連線。\
                    `POST` 串流永遠不會重新連線（重複送出它的要求並不安全），`GET` 串流最多重新連線 \
                    `ReconnectPolicy.maximumAttempts` 次
                    """,
                fix: """
                    查看伺服器的記錄檔，找出它停止的原因，並讓每個事件都以空白行結尾；只有在重複送出是安全的情況下，\
                    才再次傳送要求
                    """)
        case .eventTooLarge(let url, let limit):
            return .init(
                zhHant: "\(G.from(url))串流中的一個事件超過了 \(limit) MiB 仍沒有結束它的空白行，所以用戶端關閉了連線",
                why: "伺服器一直沒有結束這個事件（空白行 `\\n\\n` 才會結束一個事件），或是送出了一個極大的事件",
                fix: "在伺服器端讓每個事件都以空白行結尾，大量的資料請以一般回應或下載的方式傳送，不要放在單一事件中")
        case .errorEvent(let url, let said):
            return .init(
                zhHant: "\(G.from(url))事件串流送出了 `error` 事件，所以解碼後的串流在此結束。" + errorEventWords(said),
                why: """
                    伺服器在串流中途回報了錯誤（聊天補全 API 會送出 `event: error` 和 \
                    `data: {"error":{"message":…}}`）
                    """,
                fix: """
                    把伺服器的訊息顯示給使用者（`APIError.serverMessage` 會讀出它），稍後再試；若要自己處理 `error` \
                    事件，請用 `events(for:)` 讀取串流，它會把這些事件交給您
                    """)
        case .buffered(let url, let seconds, let bytes):
            return .init(
                zhHant: """
                    \(G.from(url))事件串流在 \(seconds) 秒內收到了 \(bytes) 位元組，卻沒有一個完整的事件，所以用戶端\
                    關閉了它
                    """,
                why: """
                    很可能是代理伺服器或伺服器本身在緩衝這個串流：它把事件留住，分批送出，或到最後才一次送出（nginx \
                    和許多託管平台預設會緩衝）
                    """,
                fix: """
                    讓伺服器在串流中送出 `X-Accel-Buffering: no` 和 `Cache-Control: no-transform`，並在每個事件後清空\
                    緩衝區（flush），再關閉代理伺服器的緩衝（nginx：`proxy_buffering off`）；\
                    `ReconnectPolicy.bufferingLimit` 設定等待時間（0 會關閉這項檢查）
                    """)
        }
    }

    private func streamAnswer(_ came: StreamAnswer) -> String {
        switch came {
        case .jsonMessage(let said): return "它傳回的是 JSON，伺服器說：「\(said)」"
        case .json(let beginning): return "它傳回的是 JSON，開頭是「\(beginning)」"
        case .htmlPage(let title, let words): return "它傳回的是 HTML 網頁，" + G.page(title: title, words: words)
        case .text(let beginning): return "它傳回的是文字，開頭是「\(beginning)」"
        case .empty: return "它的本文是空的"
        }
    }

    private func errorEventWords(_ said: ErrorEventWords) -> String {
        switch said {
        case .quoted(let said): return "伺服器說：「\(said)」"
        case .data(let data): return "它的資料是：\(data)"
        }
    }

    // MARK: - Files

    private func file(_ problem: FileMessage) -> APIError.Explanation {
        switch problem {
        case .unreadable(let file):
            return .init(
                zhHant: "無法讀取檔案 \(file)，所以沒有上傳",
                why: "它不存在，或這個處理程序不能讀取它",
                fix: "檢查檔案的路徑和權限，並上傳一般檔案")
        case .symbolicLink(let file):
            return .init(
                zhHant: "檔案 \(file) 是符號連結，所以沒有上傳",
                why: "上傳的會是連結所指向的東西，而它可能會改變，或位於您原本想上傳的範圍之外",
                fix: "上傳連結所指向的一般檔案")
        case .notRegularFile(let file):
            return .init(
                zhHant: "\(file) 不是一般檔案，所以沒有上傳",
                why: "只有一般檔案可以當作本文傳送（資料夾、裝置或通訊端都不行）",
                fix: "上傳一般檔案")
        case .grewOrShrank(let file, let url, let before, let after):
            return .init(
                zhHant: "檔案 \(file) 在\(G.whileSending(to: url))被更動了（\(G.sizes(before, after))）",
                why: "上傳期間有東西寫入了它，所以伺服器上可能是兩個版本混在一起的內容",
                fix: "等沒有東西寫入它時再傳送一次，或傳送一份副本")
        case .rewritten(let file, let url, let size):
            return .init(
                zhHant: "檔案 \(file) 在\(G.whileSending(to: url))被更動了（\(size) 位元組，已被改寫）",
                why: "上傳期間有東西寫入了它，所以伺服器上可能是兩個版本混在一起的內容",
                fix: "等沒有東西寫入它時再傳送一次，或傳送一份副本")
        case .vanished(let file, let url, let size):
            return .init(
                zhHant: "檔案 \(file) 在\(G.whileSending(to: url))被更動了（\(size) 位元組，之後消失或被取代）",
                why: "上傳期間它被移除或取代了，所以伺服器上可能只有它的一部分",
                fix: "等沒有東西移動或寫入它時再傳送一次，或傳送一份副本")
        case .noDownloadedFile:
            return .init(
                zhHant: "下載已完成，但 URLSession 沒有為它保留檔案",
                why: "下載結束時，URLSession 寫入的暫存檔案已經不見了",
                fix: "再試一次；如果重複發生，請檢查可用空間和暫存資料夾")
        case .cannotWriteUploadBody(let path, let errno):
            return .init(
                zhHant: "上傳的本文無法寫入 \(path)（\(errno)）",
                why: "暫存資料夾不存在或無法寫入",
                fix: "確認暫存資料夾存在且可寫入，然後再試一次")
        case .other(let text):
            return .init(
                zhHant: "無法讀取或寫入檔案（「\(text)」）",
                why: "檔案不存在、在傳送期間被更動了，或它的資料夾無法寫入",
                fix: "確認檔案存在、傳送期間沒有東西寫入它，而且它的資料夾存在並可寫入")
        }
    }

    // MARK: - Transport

    // swift-format-ignore
    private func transport(_ failure: TransportMessage, _ place: TransportPlace) -> APIError.Explanation {
        let url = place.url
        switch failure {
        case .refusedLocal:
            return .init(zhHant: "無法連線\(G.connectTo(url))：\(G.atHostPort(place))沒有任何東西接受連線",
                why: "連線被拒絕：這台機器的那個連接埠上沒有伺服器在監聽",
                fix: """
                    啟動您的本機伺服器（例如 `swift run fixture-server`；模擬您自己的 API 時加上 `--api FOLDER`），\
                    並確認它在那個連接埠上監聽——連接埠寫錯和伺服器沒在執行，看起來都一樣
                    """)
        case .refusedRemote:
            return .init(zhHant: "無法連線\(G.connectTo(url))：\(G.atHostPort(place))沒有任何東西接受連線",
                why: "那個主機和連接埠上沒有伺服器接受連線：那裡沒有伺服器在監聽，或從這個網路連不到該主機",
                fix: """
                    檢查基底網址中的主機和連接埠、\(G.server(place))是否正在執行，以及這台裝置能否連到它（同一個網路、\
                    中間沒有防火牆；手機要用 Mac 的區域網路位址連到它，而不是 `localhost`）
                    """)
        case .hostNotFound:
            return .init(zhHant: "找不到\(G.in(url))主機名稱",
                why: "DNS 沒有那台主機的位址：名稱拼錯了，或它只存在於其他網路",
                fix: "檢查基底網址中的主機名稱（本機上的伺服器請用 `127.0.0.1` 或 `localhost`）")
        case .dnsFailed:
            return .init(zhHant: "對\(G.in(url))主機所做的 DNS 查詢失敗",
                why: "名稱伺服器沒有回應，或回應了錯誤",
                fix: "檢查網路的 DNS 設定和主機名稱，然後再試一次")
        case .timedOut:
            return .init(zhHant: "\(G.request(url))逾時",
                why: "在要求的逾時時間內沒有收到完整回應",
                fix: "確認\(G.server(place))能快速回應；較慢的端點請調高它的 `timeout(_:)`")
        case .connectionLost:
            return .init(zhHant: "\(G.with(url))連線在回應完成前中斷了",
                why: "\(G.server(place))在傳輸到一半時關閉了連線（或網路斷了），例如本文被截斷",
                fix: "再試一次（冪等的要求已經重試過）；如果一直發生，請查看伺服器的記錄檔")
        case .unparsable:
            return .init(zhHant: "\(G.from(url))回應無法解析為 HTTP",
                why: "\(G.server(place))送出的不是完整的 HTTP 回應（本文被截斷，或那個連接埠上不是 HTTP 伺服器）",
                fix: "確認那個連接埠是 HTTP 伺服器的，並查看伺服器的記錄檔中是否有回應到一半時的當機")
        case .badServerResponse:
            return .init(zhHant: "\(G.serverAt(url))沒有有效回應就關閉了連線",
                why: "沒有收到可用的內容：伺服器在回應前當機或中斷了連線，或那個連接埠不是 HTTP 伺服器的",
                fix: "查看伺服器的記錄檔，並確認基底網址中的連接埠是 HTTP 伺服器的")
        case .secureFailedHTTPS:
            return .init(zhHant: "無法建立\(G.with(url))安全（TLS）連線",
                why: "網址寫的是 `https`，但那個連接埠上的伺服器不使用 TLS（純 HTTP 伺服器），或 TLS 交握失敗",
                fix: """
                    如果伺服器是純 HTTP（本機開發伺服器通常如此），請在基底網址中使用 `http://`；\
                    否則請檢查伺服器的 TLS 設定
                    """)
        case .secureFailed:
            return .init(zhHant: "無法建立\(G.with(url))安全（TLS）連線",
                why: "TLS 交握失敗",
                fix: """
                    如果伺服器是純 HTTP（本機開發伺服器通常如此），請在基底網址中使用 `http://`；\
                    否則請檢查伺服器的 TLS 設定
                    """)
        case .certificateExpired:
            return .init(zhHant: "\(G.of(url))伺服器憑證已過期",
                why: "它的有效日期已經過去（或裝置的時鐘有誤）",
                fix: "更新伺服器的憑證，或修正裝置的日期和時間")
        case .certificateUntrusted:
            return .init(zhHant: "\(G.of(url))伺服器憑證不受信任",
                why: "它是自我簽署的，或由這台裝置不信任的憑證授權單位簽署",
                fix: """
                    使用受信任憑證授權單位的憑證；開發用伺服器請在 localhost 上使用純 `http://`，或在裝置上安裝它的 CA\
                    ——絕對不要在正式發佈的程式碼中關閉信任檢查
                    """)
        case .certificateUnknownRoot:
            return .init(zhHant: "\(G.of(url))伺服器憑證的根憑證不明",
                why: "它鏈結到這台裝置不認得的根憑證授權單位",
                fix: "在伺服器上安裝完整的憑證鏈，或在裝置上安裝根 CA（僅限開發）")
        case .certificateNotYetValid:
            return .init(zhHant: "\(G.of(url))伺服器憑證尚未生效",
                why: "它的開始日期在未來（或裝置的時鐘有誤）",
                fix: "修正裝置的日期和時間，或憑證的日期")
        case .clientCertificateRejected:
            return .init(zhHant: "\(G.whenConnectingTo(url))伺服器拒絕了這個用戶端的憑證",
                why: "提供的用戶端憑證不是伺服器接受的",
                fix: "使用伺服器預期的用戶端憑證")
        case .clientCertificateRequired:
            return .init(zhHant: "\(G.serverAt(url))需要用戶端憑證",
                why: "雙向 TLS 已開啟，但沒有提供用戶端憑證",
                fix: "設定工作階段的委派來回應用戶端憑證的挑戰，或改用不需要雙向 TLS 的端點")
        case .transportSecurityLocal:
            return .init(zhHant: "App Transport Security 阻擋了\(G.to(url))純 HTTP 要求",
                why: "Apple 平台會拒絕 `http://` 網址，除非 App 的 Info.plist 允許",
                fix: """
                    使用 `https://`，或在 App 的 Info.plist 中，於 `NSAppTransportSecurity` 下加入 \
                    `NSAllowsLocalNetworking`（true）
                    """)
        case .transportSecurityRemote:
            return .init(zhHant: "App Transport Security 阻擋了\(G.to(url))純 HTTP 要求",
                why: "Apple 平台會拒絕 `http://` 網址，除非 App 的 Info.plist 允許",
                fix: """
                    使用 `https://`，或在 App 的 Info.plist 中，把主機加到 `NSAppTransportSecurity` → \
                    `NSExceptionDomains`，並設定 `NSExceptionAllowsInsecureHTTPLoads`（true）
                    """)
        case .cancelled:
            return .init(zhHant: "\(G.request(url))已取消",
                why: "它的工作被取消了", fix: "如果是刻意的就不需要修正")
        case .unknown:
            return .init(zhHant: "\(G.request(url))失敗了，而 URLSession 沒有說明原因（`URLError.unknown`）",
                why: """
                    Linux 的 URLSession 會用這種方式回報好幾種失敗（本文被截斷、TLS 失敗）；\
                    這一次它沒有提供用戶端認得的資訊
                    """,
                fix: "再試一次；如果重複發生，請檢查網址的通訊協定（`http` 或 `https`）和伺服器的記錄檔")
        case .badURL:
            return .init(zhHant: "網址\(G.plain(url))格式錯誤",
                why: "URLSession 無法解析它", fix: "修正基底網址或端點的路徑")
        case .unsupportedURL:
            return .init(zhHant: "網址\(G.plain(url))使用了 URLSession 無法載入的通訊協定",
                why: "這個用戶端只送出 `http` 和 `https` 網址",
                fix: "使用 `http://` 或 `https://` 的基底網址（要有主機）")
        case .tooManyRedirects:
            return .init(zhHant: "\(G.request(url))被重新導向太多次",
                why: "伺服器的重新導向形成迴圈（例如 http → https → http）",
                fix: "用瀏覽器或 curl 開啟網址看看迴圈，並修正伺服器的重新導向規則或網址")
        case .resourceUnavailable:
            return .init(zhHant: "\(G.resourceAt(url))無法使用", why: "URLSession 無法取得它",
                fix: "檢查網址，稍後再試")
        case .notConnected:
            return .init(zhHant: "裝置目前離線，所以\(G.request(url))沒有送出",
                why: "沒有網路連線", fix: "檢查網路連線，然後再試一次")
        case .redirectToNowhere:
            return .init(zhHant: "\(G.serverAt(url))重新導向到不存在的位置",
                why: "它的重新導向 `Location` 無效", fix: "修正伺服器的重新導向")
        case .authenticationCancelled:
            return .init(zhHant: "\(G.serverAt(url))要求登入，但沒有提供登入資訊",
                why: "驗證挑戰被取消了（在 Linux 上，是帶有工作階段無法回應之挑戰的 401）",
                fix: "送出這個 API 預期的認證資訊（`Authorization` 標頭或 API 金鑰）")
        case .authenticationRequired:
            return .init(zhHant: "\(G.serverAt(url))需要驗證",
                why: "沒有為它的挑戰提供認證資訊",
                fix: "送出這個 API 預期的認證資訊（`Authorization` 標頭或 API 金鑰）")
        case .zeroByteResource:
            return .init(zhHant: "\(G.from(url))回應是空的", why: "伺服器在應該有本文的地方沒有送出任何位元組",
                fix: "檢查網址和伺服器的處理常式")
        case .cannotDecodeRawData:
            return .init(zhHant: "\(G.from(url))回應無法解碼", why: "它的位元組不是宣告的編碼",
                fix: "檢查伺服器的 `Content-Type` 和本文")
        case .cannotDecodeContentData:
            return .init(zhHant: "\(G.from(url))回應無法解壓縮",
                why: "它的 `Content-Encoding`（gzip、deflate、br）與位元組不符",
                fix: "檢查伺服器的壓縮設定")
        case .roamingOff:
            return .init(zhHant: "\(G.request(url))沒有送出：漫遊已關閉",
                why: "行動網路正在漫遊，而漫遊時的行動網路已停用", fix: "開啟漫遊時的行動網路，或使用 Wi-Fi")
        case .callIsActive:
            return .init(zhHant: "\(G.request(url))在通話期間沒有送出",
                why: "這個行動網路在通話時無法傳輸資料", fix: "通話結束後再試，或使用 Wi-Fi")
        case .dataNotAllowed:
            return .init(zhHant: "\(G.request(url))沒有送出：不允許使用行動網路",
                why: "這個 App 或裝置已關閉行動網路", fix: "為這個 App 開啟行動網路，或使用 Wi-Fi")
        case .bodyStreamExhausted:
            return .init(zhHant: "\(G.to(url))要求本文無法再次送出",
                why: "本文串流已用完，而要求必須重送（重新導向或驗證）",
                fix: "以資料或檔案傳送本文，這樣就能再次送出")
        case .fileDoesNotExist:
            return .init(zhHant: "檔案\(G.plain(url))不存在", why: "`file:` 網址指向的檔案不存在",
                fix: "檢查檔案的路徑")
        case .fileIsDirectory:
            return .init(zhHant: "網址\(G.plain(url))指向資料夾，而不是檔案", why: "資料夾無法載入為本文",
                fix: "指定一個檔案")
        case .noPermissionToReadFile:
            return .init(zhHant: "檔案\(G.plain(url))無法讀取", why: "這個處理程序沒有讀取它的權限",
                fix: "修正檔案的權限")
        case .dataLengthExceedsMaximum:
            return .init(zhHant: "\(G.from(url))回應太大", why: "它的長度超過 URLSession 在記憶體中接受的上限",
                fix: "改為下載到檔案（下載端點）")
        case .fileOutsideSafeArea:
            return .init(zhHant: "檔案\(G.plain(url))在 App 允許的區域之外",
                why: "沙盒不允許讀取它", fix: "把檔案移到 App 的容器中")
        case .backgroundSharedContainer:
            return .init(zhHant: "背景工作階段需要共享容器",
                why: "App 延伸功能的工作階段沒有共享容器",
                fix: "設定工作階段組態的 `sharedContainerIdentifier`")
        case .backgroundSessionInUse:
            return .init(zhHant: "背景工作階段正被另一個處理程序使用",
                why: "兩個處理程序使用了相同的工作階段識別碼",
                fix: "讓每個處理程序使用各自的背景工作階段識別碼")
        case .backgroundSessionDisconnected:
            return .init(zhHant: "背景工作階段已中斷連線",
                why: "App 與背景傳輸服務的連線中斷了",
                fix: "重新建立工作階段，再重試傳輸")
        case .cannotLoadFromNetwork:
            return .init(zhHant: "\(G.from(url))回應只能來自網路，但快取原則不允許",
                why: "要求的快取原則規定只使用快取，而快取中沒有內容",
                fix: "使用允許網路的快取原則")
        case .cannotCreateFile:
            return .init(zhHant: "\(G.from(url))下載無法建立它的檔案",
                why: "目的地資料夾不存在或無法寫入", fix: "檢查目的地資料夾")
        case .cannotOpenFile:
            return .init(zhHant: "\(G.from(url))下載無法開啟它的檔案",
                why: "檔案無法開啟以供寫入", fix: "檢查目的地的權限")
        case .cannotCloseFile:
            return .init(zhHant: "\(G.from(url))下載無法關閉它的檔案",
                why: "寫入檔案的最後幾個位元組失敗", fix: "檢查磁碟，然後再試一次")
        case .cannotWriteToFile:
            return .init(zhHant: "\(G.from(url))下載無法寫入它的檔案",
                why: "磁碟已滿或檔案無法寫入",
                fix: "釋出一些空間或檢查權限，然後再試一次")
        case .cannotRemoveFile:
            return .init(zhHant: "\(G.from(url))下載無法移除檔案",
                why: "先前的檔案無法移除", fix: "檢查目的地的權限")
        case .cannotMoveFile:
            return .init(zhHant: "\(G.from(url))下載無法把檔案移到定位",
                why: "目的地無法寫入或已被占用", fix: "檢查目的地")
        case .downloadDecodingFailedMidStream:
            return .init(zhHant: "\(G.from(url))下載在中途無法解碼",
                why: "它的編碼在串流中間損壞了", fix: "再試一次；檢查伺服器的壓縮設定")
        case .downloadDecodingFailedToComplete:
            return .init(zhHant: "\(G.from(url))下載無法解碼到結尾",
                why: "它的編碼不完整", fix: "再試一次；檢查伺服器的壓縮設定")
        case .httpsToPlainServer:
            return .init(zhHant: "\(G.with(url))安全連線失敗：\(G.server(place))以純 HTTP 回應",
                why: "網址寫的是 `https://`，但那個連接埠由純 HTTP 伺服器提供服務（本機開發伺服器通常如此）",
                fix: "對那台伺服器在基底網址中使用 `http://`，或改用它提供 HTTPS 的連接埠")
        case .bodyCutShort(let missing):
            return .init(zhHant: "\(G.from(url))回應被截斷了\(G.shortBy(missing))",
                why: "伺服器（或網路）在整個本文送完之前就關閉了連線",
                fix: """
                    再試一次；如果重複發生，請查看伺服器的記錄檔中是否有回應到一半時的當機，\
                    以及它送出的 `Content-Length`
                    """)
        case .hostUnreachable:
            return .init(zhHant: "無法連到\(G.host(place))\(G.parenthesized(url))",
                why: "從這台裝置沒有網路路由能通往那台主機",
                fix: """
                    檢查主機的位址（區域網路位址可能會變），並確認這台裝置所在的網路能連到它；\
                    手機要用 Mac 的區域網路位址連到它，而不是 `localhost`
                    """)
        case .other(let code):
            return .init(zhHant: "\(G.request(url))失敗了，URLSession 的錯誤代碼為 \(code)",
                why: "URLSession 回報了這個用戶端沒有對應說明的錯誤（代碼 \(code) 請見 `URLError.Code`）",
                fix: "檢查網址、網路和\(G.server(place))，然後再試一次")
        }
    }

    // MARK: - HTTP

    private func httpWhat(_ answer: HTTPMessage) -> String {
        let status =
            "伺服器以 \(answer.status)（\(TraditionalChineseReasonPhrases.phrase(answer.status))）回應"
            + G.requestFor(answer.url)
        switch answer.said {
        case .quoted(let said): return status + "。伺服器說：「\(said)」"
        case .htmlPage(let title, let words):
            return status + "。它傳回的是 HTML 網頁，不是 JSON：" + G.page(title: title, words: words)
        case .nothing: return status
        }
    }

    private func advice(_ advice: HTTPAdvice) -> (why: String, fix: String) {
        let checkAPIKey =
            """
            檢查 API 金鑰：是否已設定、有效，並放在這個 API 預期的位置（查詢項目如 `api_key`，或標頭如 \
            `Authorization: Bearer <key>` 或 `X-API-Key`），用 `headers(_:)` 或要求掛鉤加上
            """
        let checkCredential =
            """
            確認要求在這個 API 預期的位置帶有它要的 API 金鑰或權杖（`Authorization: Bearer <token>` 標頭、\
            `api_key` 查詢項目）；如果 App 已登入，請重新登入
            """
        switch advice {
        case .apiKeyNotAccepted: return ("伺服器不接受要求的認證資訊：它提到了 API 金鑰", checkAPIKey)
        case .apiKeyRefused: return ("伺服器拒絕了這個帳號或金鑰：它提到了 API 金鑰", checkAPIKey)
        case .credentialRefused:
            return (
                "這個用戶端送出的認證資訊被拒絕：它已過期、已被撤銷或有誤",
                "重新登入（或更新 API 金鑰或權杖），然後再試一次"
            )
        case .forbiddenForCredential:
            return ("伺服器認得送出的認證資訊，但它不被允許做這件事", "改用有權存取這個資源的帳號或金鑰")
        case .credentialMissing:
            return (
                "這個要求沒有帶認證資訊，而這個端點需要",
                """
                在這個 API 預期的位置送出它要的 API 金鑰或權杖：通常是 `Authorization: Bearer <token>` 標頭或 \
                `api_key` 查詢項目（見 `headers(_:)` 和要求掛鉤；已登入的控制器會自己加上權杖）
                """
            )
        case .tokenExpired:
            return ("伺服器表示送出的權杖已過期或無效", "重新登入以取得新的權杖，然後再試一次")
        case .credentialUnknownNotAccepted:
            return ("伺服器不接受要求的認證資訊：認證資訊缺少、有誤或已過期", checkCredential)
        case .credentialUnknownRefused:
            return ("伺服器拒絕了這個帳號或金鑰：認證資訊缺少、有誤或已過期", checkCredential)
        case .notFoundPage:
            return (
                "這個網址指向網頁伺服器的頁面，而不是 API 路由",
                "檢查基底網址（有路徑時必須以 `/` 結尾，例如 `/api/`）和端點的路徑"
            )
        case .notFound:
            return (
                "那個網址沒有任何東西：路徑、其中的 ID，或基底網址有誤",
                "對照 API 的說明檢查 ID 和端點的路徑，並確認基底網址有路徑時以 `/` 結尾"
            )
        case .methodNotAllowed:
            return ("伺服器在那個網址不接受這個方法", "檢查端點的方法（GET、POST、PUT、PATCH 或 DELETE）")
        case .busy:
            return (
                "伺服器忙碌中、正在限制要求頻率，或正在重新啟動",
                "稍候再試（冪等的要求已經重試過）；若是 429，請放慢速度"
            )
        case .rateLimited(let wait):
            return (
                "伺服器限制了用戶端可以送出的要求數量，並要求等待\(G.wait(wait))（它的 `Retry-After` 標頭）",
                "等那麼久再送出下一個要求，並減少要求：一次一個、中間稍作停頓，或保留已經取得的回應"
            )
        case .unavailable(let wait):
            return (
                "伺服器目前無法使用（維護中或負載過重），並要求等待\(G.wait(wait))（它的 `Retry-After` 標頭）",
                "等那麼久之後再試一次（冪等的要求已經重試過）"
            )
        case .conflict: return ("這個要求與資源目前的狀態衝突", "重新取得資源，然後再做一次修改")
        case .tooLarge: return ("要求的本文超過伺服器接受的大小", "傳送較小的本文")
        case .unsupportedMediaType:
            return (
                "伺服器不接受本文的 `Content-Type`",
                "依 API 預期的格式傳送本文（用 `body(_:)` 傳 JSON、表單或 `multipart/form-data`）"
            )
        case .badParametersNamed:
            return (
                "伺服器不接受要求的參數或本文",
                "對照 API 的說明檢查參數和本文的欄位；上面伺服器的訊息指出了哪裡有誤"
            )
        case .badParameters: return ("伺服器不接受要求的參數或本文", "對照 API 的說明檢查參數和本文的欄位")
        case .clientError: return ("伺服器不接受這個要求", "對照 API 的說明檢查這個要求")
        case .serverErrorPage:
            return ("伺服器（或它前面的代理伺服器）發生錯誤，並以錯誤頁面回應", "查看伺服器的記錄檔找出錯誤；稍後再試")
        case .serverError: return ("伺服器在處理要求時發生錯誤", "查看伺服器的記錄檔；稍後再試")
        }
    }

    // MARK: - Decoding

    private func decodingWhat(_ what: DecodingWhat, _ source: DecodingSource) -> String {
        switch what {
        case .emptyBody: return G.source(source, "是空的，但預期應該有 JSON 本文")
        case .htmlPage(let title, let words):
            return G.source(source, "是 HTML 網頁，不是 JSON：") + G.page(title: title, words: words)
        case .notJSON(let beginning): return G.source(source, "不是 JSON：它的開頭是「\(beginning)」")
        case .typeMismatch(let place, let expected, let found):
            return "\(G.didNotDecode(source, place))：\(G.expected(expected))\(G.found(found))"
        case .valueNotFound(let place, let expected):
            return "\(G.didNotDecode(source, place))：\(G.expected(expected))，卻找到 null"
        case .keyNotFound(let key, let container):
            return "\(G.didNotDecode(source))：\(G.container(container))缺少鍵「\(key)」"
        case .dataCorrupted(let place, let detail, let found):
            return "\(G.didNotDecode(source, place))：「\(detail)」\(G.foundValue(found))"
        case .dataCorruptedAtBodyKey(let detail, let key, let value):
            return "\(G.didNotDecode(source, .unknown))：「\(detail)」；本文的「\(key)」是 \(value)"
        case .other(let detail): return "\(G.didNotDecode(source))：「\(detail)」"
        }
    }

    private func decodingWhy(_ why: DecodingWhy) -> String {
        switch why {
        case .snakeCase(let key, let property):
            return "JSON 把它命名為「\(key)」（snake_case），而模型的屬性是 `\(property)`（camelCase）"
        case .spelledOtherwise(let key, let property): return "JSON 把它拼成「\(key)」，模型則是 `\(property)`"
        case .likelyKey(let key, let property):
            return "這個物件沒有「\(property)」，但有模型沒有讀取的「\(key)」：它很可能是同一個東西，只是名稱不同"
        case .snakeCaseTwice(let key, let renamed):
            return """
                本文中有「\(key)」，但解碼器的 `.convertFromSnakeCase` 會在比對 `CodingKeys` 之前，\
                先把 JSON 的鍵改成 camelCase（「\(renamed)」），所以 `CodingKeys` 中拼成「\(key)」的 `case` \
                永遠比對不到
                """
        case .wrapper(let field): return "回應是一個物件，陣列放在它的「\(field)」欄位裡"
        case .answerIsArray: return "回應是一個陣列，而模型預期的是單一物件"
        case .nullNotOptional: return "伺服器送來 null，而模型的屬性不是選用型別"
        case .keyAbsent: return "伺服器沒有送出這個鍵，而模型要求它必須存在"
        case .numberAsString: return "伺服器把這個數字以字串送出"
        case .dateFormat(let format):
            return "\(G.date(format))，而解碼器的 `dateDecodingStrategy` 讀不懂這種格式（預設讀取自 2001 年起的秒數）"
        case .typeDiffers: return "模型中這個值的型別與伺服器送出的不同"
        case .webPage: return "傳回的是網頁：這個網址指向網站或錯誤頁面，而不是 API"
        case .noBody: return "伺服器沒有送出本文（例如 204，或錯誤路由回應的 200）"
        case .notThisAPI: return "本文不是 JSON：這個網址指向的不是這個 API"
        case .bodyDoesNotMatch: return "本文與模型不符"
        case .modelDisagrees: return "模型與伺服器送出的 JSON 在這個位置不一致"
        }
    }

    private func decodingFix(_ fix: DecodingFix) -> String {
        let decoderOption = "在您傳給 `APIClient.Options(decoder:)` 的 `JSONDecoder` 上"
        switch fix {
        case .convertFromSnakeCase(let property, let key):
            return """
                \(decoderOption)設定 `decoder.keyDecodingStrategy = .convertFromSnakeCase`，或加上 \
                `CodingKeys`，寫 `case \(property) = "\(key)"`
                """
        case .codingKeys(let property, let key):
            return "在模型中加上 `CodingKeys`，寫 `case \(property) = \"\(key)\"`"
        case .likelyKey(let property, let key):
            return """
                如果「\(key)」就是 `\(property)` 的意思，請在模型中加上 `CodingKeys`，寫 \
                `case \(property) = "\(key)"`；如果不是，請檢查拼字，或把 `\(property)` 宣告為選用型別
                """
        case .snakeCaseTwice(let key, let renamed):
            return """
                在 `CodingKeys` 中寫 `case \(renamed)`，不要加 `= "\(key)"`\
                （或拿掉 `.convertFromSnakeCase`，保留 `CodingKeys`）
                """
        case .wrapper(let field, let typeName):
            return """
                解碼一個以該欄位命名的包裝型別 `struct \(typeName)Response: Decodable { let \(field): \
                [YourModel] }`，再使用它的 `\(field)`
                """
        case .decodeArray: return "解碼成陣列：`Endpoint<[YourModel]>`"
        case .optional(let property, let type):
            return """
                如果伺服器可能省略它，請宣告為選用型別（`let \(property): \(type)?`），或在 `init(from:)` 中\
                給它預設值；如果它一定會有，請檢查拼字
                """
        case .numberInString(let property):
            return "把 `\(property)` 宣告為 `String`，再用 `Double(_:)` 轉換，或在自訂的 `init(from:)` 中解碼"
        case .dateStrategy(.iso8601): return "\(decoderOption)設定 `decoder.dateDecodingStrategy = .iso8601`"
        case .dateStrategy(.yearMonthDay):
            return """
                \(decoderOption)設定 `decoder.dateDecodingStrategy = .formatted(formatter)`，其中 \
                `DateFormatter` 的 `dateFormat` 是「yyyy-MM-dd」、`locale` 是 `en_US_POSIX`
                """
        case .dateStrategy(.millisecondsSince1970):
            return "\(decoderOption)設定 `decoder.dateDecodingStrategy = .millisecondsSince1970`"
        case .dateStrategy(.secondsSince1970):
            return "\(decoderOption)設定 `decoder.dateDecodingStrategy = .secondsSince1970`"
        case .changeType(let property):
            return "把 `\(property)` 的型別改成伺服器送出的型別，或在 `init(from:)` 中轉換"
        case .changeTypeTo(let property, let kind):
            return "把 `\(property)` 的型別改成伺服器送出的型別\(G.serverSends(kind))，或在 `init(from:)` 中轉換"
        case .voidOrCheckURL: return "如果這個端點回應時沒有本文，請用 `Endpoint<Void>`；否則請檢查網址"
        case .checkURL: return "檢查基底網址和端點的路徑（用瀏覽器開啟網址，或用 curl 試試）"
        case .compareWithBody:
            return """
                在那個位置比較模型和本文（`APIError.responseBody`），並修改模型\
                （型別、選用型別、`CodingKeys`）使它們一致
                """
        }
    }

    // MARK: - The command-line trap

    private static let fixes = """
        修正：在 main.swift 結尾寫 dispatchMain()，並在最後一個完成處理常式中呼叫 exit(0)；或呼叫
          RunLoop.main.run()；或在 async 的 main 函式中用 await 呼叫非同步版本：
          @main struct Tool { static func main() async { ... try await client.send(endpoint) ... } }
          （每個處理程序只會印出一次；設定 APIClient.warnsWhenMainQueueIsBlocked = false 可以關閉它。）
        """

    func mainQueueWarning(seconds: Int) -> String {
        """
        ServiceLayer：有一個完成處理常式已等待主佇列 \(seconds) 秒，而主佇列從未執行過任何東西，
          主執行緒在這段期間也沒有送出任何呼叫。
          原因：APIClient.send(_:completion:) 和控制器的完成處理常式在主要執行者（MainActor）上執行，也就是在
          主佇列上；在命令列程式中，當主執行緒在睡眠、等待 DispatchSemaphore 或 DispatchGroup，或已從最上層
          程式碼返回時，沒有任何東西會執行主佇列（程式接著會在沒有輸出的情況下以結束狀態 0 結束）。如果您的
          主執行緒是刻意忙碌好幾秒之後才執行主佇列，完成處理常式只是在等它，這則警告與您無關。
          \(Self.fixes)
        """
    }

    func endedWarning(calls: Int) -> String {
        """
        ServiceLayer：程式結束時，還有 \(G.calls(calls))在等待完成處理常式，而完成處理常式從未執行。
          原因：APIClient.send(_:completion:) 和控制器的完成處理常式在主要執行者（MainActor）上執行，
          也就是在主佇列上；這個程式從未執行過主佇列就結束了（從最上層程式碼返回，或呼叫了 exit）。
          \(Self.fixes)
        """
    }
}
