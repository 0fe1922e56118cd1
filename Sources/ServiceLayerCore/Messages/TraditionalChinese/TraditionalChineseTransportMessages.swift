import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 繁體中文 messages of transport failures: one for every `URLError` code Foundation defines.
enum TraditionalChineseTransportMessages {
    static func explain(_ facts: TransportFacts) -> APIError.Explanation {
        let place = facts.hostPort.map { "在 \($0) " } ?? ""
        let server = facts.hostPort.map { "位於 \($0) 的伺服器" } ?? "伺服器"
        let running =
            facts.isLoopback
            ? "啟動您的本機伺服器（例如 `swift run fixture-server`；模擬您自己的 API 時加上 `--api FOLDER`），"
                + "並確認它在那個通訊埠上聆聽——通訊埠寫錯和伺服器"
                + "沒在執行看起來都一樣"
            : "檢查基底網址中的主機和通訊埠、\(server)是否正在執行，以及這台裝置能否連到它（同一個網路、中間沒有"
                + "防火牆；手機要用 Mac 的區域網路位址連到它，而不是 `localhost`）"
        let plist =
            facts.isLoopback
            ? "在 App 的 Info.plist 中，於 `NSAppTransportSecurity` 下加入 `NSAllowsLocalNetworking`（true）"
            : "在 App 的 Info.plist 中，把主機加到 `NSAppTransportSecurity` → `NSExceptionDomains`，並設定 "
                + "`NSExceptionAllowsInsecureHTTPLoads`（true）"
        if let hint = facts.hint {
            return explain(hint, facts: facts, url: ZhURLPhrases(facts.url))
        }
        let text = sentences(
            facts.code, url: ZhURLPhrases(facts.url), place: place, server: server, running: running, plist: plist,
            facts: facts)
        return .init(zh: text.what, why: text.why, fix: text.fix)
    }

    /// A failure whose text said more than its code (Linux reports both as `URLError.unknown`).
    private static func explain(_ hint: TransportHint, facts: TransportFacts, url: ZhURLPhrases) -> APIError.Explanation
    {
        switch hint {
        case .httpsToPlainServer:
            let plain = facts.hostPort.map { "位於 \($0) 的" } ?? ""
            return .init(
                zh: "\(url.to)安全連線失敗：\(plain)伺服器以純 HTTP 回應",
                why: "網址寫的是 `https://`，但那個通訊埠由純 HTTP 伺服器提供服務（本機開發伺服器通常如此）",
                fix: "對那台伺服器在基底網址中使用 `http://`，或改用它提供 HTTPS 的通訊埠")
        case .bodyCutShort:
            let missing = facts.missingBytes.map { "，比它的 `Content-Length` 少了 \($0) 位元組" } ?? ""
            return .init(
                zh: "\(url.from)回應被截斷了\(missing)",
                why: "伺服器（或網路）在整個本文送完之前就關閉了連線",
                fix: "再試一次；如果重複發生，請查看伺服器記錄檔中回應到一半時的當機，以及它送出的 `Content-Length`")
        case .hostUnreachable:
            let place = facts.hostPort.map { " \($0)" } ?? "主機"
            return .init(
                zh: "無法連到\(place)\(url.plain)",
                why: "從這台裝置沒有網路路由能通往那台主機",
                fix: "檢查主機的位址（區域網路位址可能會變），並確認這台裝置所在的網路能連到它；手機要用 Mac 的區域網路位址，"
                    + "而不是 `localhost`")
        }
    }

    // The raw values, so that the table reads the same on every platform.
    // swift-format-ignore
    private static func sentences(
        _ code: URLError.Code, url: ZhURLPhrases, place: String, server: String, running: String, plist: String,
        facts: TransportFacts
    ) -> (what: String, why: String, fix: String) {
        switch code.rawValue {
        case -1004:  // cannotConnectToHost
            return ("無法連線\(facts.url.map { "到 \($0)" } ?? "")：\(place)沒有任何東西接受連線",
                facts.isLoopback
                    ? "連線被拒絕：這台機器的那個通訊埠上沒有伺服器在聆聽"
                    : "那個主機和通訊埠上沒有伺服器接受連線：那裡沒有伺服器在聆聽，或從這個網路連不到該主機",
                running)
        case -1003:  // cannotFindHost
            return ("找不到\(url.in)主機名稱",
                "DNS 沒有那台主機的位址：名稱拼錯了，或它只存在於其他網路",
                "檢查基底網址中的主機名稱（本機上的伺服器請用 `127.0.0.1` 或 `localhost`）")
        case -1006:  // dnsLookupFailed
            return ("\(url.in)主機的 DNS 查詢失敗",
                "名稱伺服器沒有回應，或回應了錯誤",
                "檢查網路的 DNS 設定和主機名稱，然後再試一次")
        case -1001:  // timedOut
            return ("\(url.to)要求逾時",
                "在要求的逾時時間內沒有收到完整回應",
                "確認\(server)能快速回應；較慢的端點請調高它的 `timeout(_:)`")
        case -1005:  // networkConnectionLost
            return ("\(url.to)連線在回應完成前中斷了",
                "\(server)在交換到一半時關閉了連線（或網路斷了），例如本文被截斷",
                "再試一次（冪等的要求已經重試過）；如果一直發生，請查看伺服器的記錄檔")
        case -1017:  // cannotParseResponse
            return ("\(url.from)回應無法解析為 HTTP",
                "\(server)送出的不是完整的 HTTP 回應（本文被截斷，或那個通訊埠上不是 HTTP 伺服器）",
                "確認那個通訊埠是 HTTP 伺服器的，並查看伺服器記錄檔中回應到一半時的當機")
        case -1011:  // badServerResponse
            return ("\(facts.url.map { "位於 \($0) 的" } ?? "")伺服器沒有有效回應就關閉了連線",
                "沒有收到可用的內容：伺服器在回應前當機或中斷了連線，或那個通訊埠不是 HTTP 伺服器的",
                "查看伺服器的記錄檔，並確認基底網址中的通訊埠是 HTTP 伺服器的")
        case -1200:  // secureConnectionFailed
            return ("無法建立\(url.to)安全（TLS）連線",
                facts.scheme == "https" ? "網址寫的是 `https`，但那個通訊埠上的伺服器不使用 TLS（純 HTTP 伺服器），"
                    + "或 TLS 交握失敗" : "TLS 交握失敗",
                "如果伺服器是純 HTTP（本機開發伺服器通常如此），請在基底網址中使用 `http://`；否則請檢查伺服器的 TLS 設定")
        case -1201:  // serverCertificateHasBadDate
            return ("\(url.for)伺服器憑證已過期",
                "它的有效日期已經過去（或裝置的時鐘有誤）",
                "更新伺服器的憑證，或修正裝置的日期和時間")
        case -1202:  // serverCertificateUntrusted
            return ("\(url.for)伺服器憑證不受信任",
                "它是自我簽署的，或由這台裝置不信任的憑證授權單位簽署",
                "使用受信任憑證授權單位的憑證；開發用伺服器請在 localhost 上使用純 `http://`，或在裝置上安裝它的 CA"
                    + "——絕對不要在正式發佈的程式碼中關閉信任檢查")
        case -1203:  // serverCertificateHasUnknownRoot
            return ("\(url.for)伺服器憑證的根憑證不明",
                "它鏈結到這台裝置不認得的根憑證授權單位",
                "在伺服器上安裝完整的憑證鏈，或在裝置上安裝根 CA（僅限開發）")
        case -1204:  // serverCertificateNotYetValid
            return ("\(url.for)伺服器憑證尚未生效",
                "它的開始日期在未來（或裝置的時鐘有誤）",
                "修正裝置的日期和時間，或憑證的日期")
        case -1205:  // clientCertificateRejected
            return ("伺服器拒絕了這個用戶端\(url.for)憑證",
                "提供的用戶端憑證不是伺服器接受的",
                "使用伺服器預期的用戶端憑證")
        case -1206:  // clientCertificateRequired
            return ("\(url.at)伺服器需要用戶端憑證",
                "雙向 TLS 已開啟，但沒有提供用戶端憑證",
                "設定工作階段的委派來回應用戶端憑證的挑戰，或改用不需要雙向 TLS 的端點")
        case -1022:  // appTransportSecurityRequiresSecureConnection
            return ("App Transport Security 阻擋了\(url.to)純 HTTP 要求",
                "Apple 平台會拒絕 `http://` 網址，除非 App 的 Info.plist 允許",
                "使用 `https://`，或\(plist)")
        case -999:  // cancelled
            return ("\(url.to)要求已取消",
                "它的工作被取消了", "如果是刻意的就不需要修正")
        case -1:  // unknown
            return ("\(url.to)要求失敗了，而 URLSession 沒有說明原因（`URLError.unknown`）",
                "Linux 的 URLSession 會用這種方式回報好幾種失敗（本文被截斷、TLS 失敗）；這一次它沒有提供用戶端認得的資訊",
                "再試一次；如果重複發生，請檢查網址的 scheme（`http` 或 `https`）和伺服器的記錄檔")
        case -1000:  // badURL
            return ("網址\(url.plain)格式錯誤",
                "URLSession 無法解析它", "修正基底網址或端點的路徑")
        case -1002:  // unsupportedURL
            return ("網址\(url.plain)使用了 URLSession 無法載入的 scheme",
                "這個用戶端只送出 `http` 和 `https` 網址",
                "使用 `http://` 或 `https://` 的基底網址（要有主機）")
        case -1007:  // httpTooManyRedirects
            return ("\(url.to)要求被重新導向太多次",
                "伺服器的重新導向形成迴圈（例如 http → https → http）",
                "用瀏覽器或 curl 開啟網址看看迴圈，並修正伺服器的重新導向規則或網址")
        case -1008:  // resourceUnavailable
            return ("\(url.at)資源無法使用", "URLSession 無法取得它",
                "檢查網址，稍後再試")
        case -1009:  // notConnectedToInternet
            return ("裝置目前離線，所以\(url.to)要求沒有送出", "沒有網路連線",
                "檢查網路連線，然後再試一次")
        case -1010:  // redirectToNonExistentLocation
            return ("\(url.at)伺服器重新導向到不存在的位置",
                "它的重新導向 `Location` 無效", "修正伺服器的重新導向")
        case -1012:  // userCancelledAuthentication
            return ("\(url.at)伺服器要求登入，但沒有提供",
                "驗證挑戰被取消了（在 Linux 上，是帶有工作階段無法回應之挑戰的 401）",
                "送出這個 API 預期的認證資訊（`Authorization` 標頭或 API 金鑰）")
        case -1013:  // userAuthenticationRequired
            return ("\(url.at)伺服器需要驗證", "沒有為它的挑戰提供認證資訊",
                "送出這個 API 預期的認證資訊（`Authorization` 標頭或 API 金鑰）")
        case -1014:  // zeroByteResource
            return ("\(url.from)回應是空的", "伺服器在應該有本文的地方沒有送出任何位元組",
                "檢查網址和伺服器的處理常式")
        case -1015:  // cannotDecodeRawData
            return ("\(url.from)回應無法解碼", "它的位元組不是宣告的編碼",
                "檢查伺服器的 `Content-Type` 和本文")
        case -1016:  // cannotDecodeContentData
            return ("\(url.from)回應無法解壓縮",
                "它的 `Content-Encoding`（gzip、deflate、br）與位元組不符",
                "檢查伺服器的壓縮設定")
        case -1018:  // internationalRoamingOff
            return ("\(url.to)要求沒有送出：漫遊已關閉", "行動網路正在漫遊，而漫遊時的行動網路已停用",
                "開啟漫遊時的行動網路，或使用 Wi-Fi")
        case -1019:  // callIsActive
            return ("通話期間沒有送出\(url.to)要求", "這個行動網路在通話時無法傳輸資料",
                "通話結束後再試，或使用 Wi-Fi")
        case -1020:  // dataNotAllowed
            return ("\(url.to)要求沒有送出：不允許使用行動網路", "這個 App 或裝置已關閉行動網路",
                "為這個 App 開啟行動網路，或使用 Wi-Fi")
        case -1021:  // requestBodyStreamExhausted
            return ("\(url.for)要求本文無法再次送出",
                "本文串流已用完，而要求必須重送（重新導向或驗證）",
                "以資料或檔案傳送本文，這樣就能再次送出")
        case -1100:  // fileDoesNotExist
            return ("檔案\(url.plain)不存在", "`file:` 網址指向的檔案不存在",
                "檢查檔案的路徑")
        case -1101:  // fileIsDirectory
            return ("網址\(url.plain)指向資料夾，而不是檔案", "資料夾無法載入為本文",
                "指定一個檔案")
        case -1102:  // noPermissionsToReadFile
            return ("無法讀取檔案\(url.plain)", "這個程序沒有讀取它的權限",
                "修正檔案的權限")
        case -1103:  // dataLengthExceedsMaximum
            return ("\(url.from)回應太大", "它的長度超過 URLSession 在記憶體中接受的上限",
                "改為下載到檔案（下載端點）")
        case -1104:  // fileOutsideSafeArea
            return ("檔案\(url.plain)在 App 允許的區域之外", "沙盒不允許讀取它",
                "把檔案移到 App 的容器中")
        case -995:  // backgroundSessionRequiresSharedContainer
            return ("背景工作階段需要共享容器", "App 延伸功能的工作階段沒有共享容器",
                "設定工作階段組態的 `sharedContainerIdentifier`")
        case -996:  // backgroundSessionInUseByAnotherProcess
            return ("背景工作階段正被另一個程序使用", "兩個程序使用了相同的工作階段識別碼",
                "讓每個程序使用各自的背景工作階段識別碼")
        case -997:  // backgroundSessionWasDisconnected
            return ("背景工作階段已中斷連線", "App 與背景傳輸服務的連線中斷了",
                "重新建立工作階段，再重試傳輸")
        case -2000:  // cannotLoadFromNetwork
            return ("\(url.from)回應只能來自網路，但快取原則不允許",
                "要求的快取原則規定只使用快取，而快取中沒有內容",
                "使用允許網路的快取原則")
        case -3000:  // cannotCreateFile
            return ("\(url.from)下載無法建立它的檔案", "目的地資料夾不存在或無法寫入",
                "檢查目的地資料夾")
        case -3001:  // cannotOpenFile
            return ("\(url.from)下載無法開啟它的檔案", "檔案無法開啟以供寫入",
                "檢查目的地的權限")
        case -3002:  // cannotCloseFile
            return ("\(url.from)下載無法關閉它的檔案", "寫入檔案的最後幾個位元組失敗",
                "檢查磁碟，然後再試一次")
        case -3003:  // cannotWriteToFile
            return ("\(url.from)下載無法寫入它的檔案", "磁碟已滿或檔案無法寫入",
                "釋出一些空間或檢查權限，然後再試一次")
        case -3004:  // cannotRemoveFile
            return ("\(url.from)下載無法移除檔案", "先前的檔案無法移除",
                "檢查目的地的權限")
        case -3005:  // cannotMoveFile
            return ("\(url.from)下載無法把檔案移到定位", "目的地無法寫入或已被占用",
                "檢查目的地")
        case -3006:  // downloadDecodingFailedMidStream
            return ("\(url.from)下載在中途無法解碼", "它的編碼在串流中間損壞了",
                "再試一次；檢查伺服器的壓縮")
        case -3007:  // downloadDecodingFailedToComplete
            return ("\(url.from)下載無法解碼到結尾", "它的編碼不完整",
                "再試一次；檢查伺服器的壓縮")
        default:
            return ("\(url.to)要求失敗了，URLSession 的錯誤代碼為 \(code.rawValue)",
                "URLSession 回報了這個用戶端沒有對應說明的錯誤（代碼 \(code.rawValue) 請見 `URLError.Code`）",
                "檢查網址、網路和\(server)，然後再試一次")
        }
    }
}

/// The failing URL as the phrases a Chinese sentence needs: `送往 <url> 的`, `來自 <url> 的`... (empty when unknown).
private struct ZhURLPhrases {
    var to = "", from = "", at = "", `in` = "", `for` = "", plain = ""

    init(_ url: String?) {
        guard let url else { return }
        (to, from, at, `in`, `for`, plain) = (
            "送往 \(url) 的", "來自 \(url) 的", "位於 \(url) 的", " \(url) 中的", " \(url) 的", "（\(url)）"
        )
    }
}
