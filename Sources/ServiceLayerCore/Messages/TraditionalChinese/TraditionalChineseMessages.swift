import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 繁體中文 (Taiwan) table of messages: every kind of failure, with its facts filled in. Code, URLs,
/// numbers and the server's own words stay as they are.
struct TraditionalChineseMessages: MessageTable {
    func explain(_ kind: MessageKind) -> APIError.Explanation {
        switch kind {
        case .invalidRequest(let reason):
            return .init(
                zh: "無法建立要求，所以沒有送出任何東西：\(reason)",
                why: "端點的網址或本文寫法無效",
                fix: "修正呼叫端程式碼中的端點：它的路徑、查詢值或本文")
        case .requestProblem(let problem):
            return TraditionalChineseRequestMessages.explain(problem)
        case .offline(let url):
            return .init(
                zh: "\(to(url))要求沒有送出：這台裝置目前離線",
                why: "網路連線中斷（或用戶端的連線狀態來源這麼回報）",
                fix: "檢查網路連線（Wi-Fi、網路線、飛航模式），然後再試一次")
        case .timedOut(let url, let seconds):
            let limit = seconds.map { "（\(TraditionalChineseNumbers.seconds($0))）" } ?? ""
            return .init(
                zh: "在要求的逾時時間\(limit)內，沒有收到\(from(url))完整回應",
                why: "每次嘗試最多可用要求的逾時時間：端點的 `timeout(_:)`，否則是 "
                    + "`APIClient.Options.timeout`，再否則是工作階段的 `timeoutIntervalForRequest`（預設 60 秒）。"
                    + "伺服器太慢，或回應到一半就停止了（在 Linux 上，對等待要求的純 HTTP 伺服器使用 `https://` "
                    + "網址，也會落到這裡）",
                fix: "確認伺服器能快速回應那個網址（用 curl 試試），且網址的 scheme 正確（本機開發伺服器用 `http`）；"
                    + "較慢的端點請調高它的 `timeout(_:)` 或 `APIClient.Options.timeout`")
        case .transport(let facts):
            return TraditionalChineseTransportMessages.explain(facts)
        case .cancelled(let url):
            return .init(
                zh: "\(to(url))要求已取消",
                why: "它的控制代碼被取消、等待它的 Swift 工作被取消，或它的擁有者已經消失",
                fix: "如果是刻意的就不需要修正；否則請讓控制代碼（或工作）存活到回應抵達為止")
        case .notAuthenticated(let url):
            return .init(
                zh: "\(to(url))要求沒有送出：它需要權杖，而用戶端沒有",
                why: "目前沒有人登入（或登入資訊已被捨棄）",
                fix: "請先登入，然後再試一次")
        case .httpStatus(let facts):
            return TraditionalChineseHTTPMessages.explain(facts)
        case .decoding(let facts):
            return TraditionalChineseDecodingMessages.explain(facts)
        case .server(let message):
            return .init(
                zh: "伺服器拒絕了這個要求：「\(message)」",
                why: "伺服器有回應，但表示操作失敗",
                fix: "把伺服器的訊息顯示給使用者；它說明了要修改什麼")
        case .tooManyTokenRefreshes:
            return .init(
                zh: "工作階段在 30 秒內需要更新超過 3 次，所以用戶端停止了",
                why: "每個新權杖都立刻被拒絕：裝置的時鐘或伺服器的權杖有效期限很可能有誤",
                fix: "檢查裝置的時鐘和伺服器的權杖有效期限，然後再試一次")
        case .tokenStorage(let reason):
            return .init(
                zh: "無法儲存登入資訊（\(reason)），所以您已被登出",
                why: "權杖儲存區無法寫入它的檔案",
                fix: "確認權杖檔案的資料夾存在且可寫入（或改用其他 `TokenStore`），然後重新登入")
        case .fileAccess(let reason):
            return .init(
                zh: "無法讀取或寫入檔案（\(reason)）",
                why: "檔案不存在，或它的資料夾無法寫入",
                fix: "確認檔案存在，且它的資料夾存在並可寫入")
        case .diskFull:
            return .init(
                zh: "磁碟已滿，所以傳輸已停止，也沒有留下不完整的內容",
                why: "正在寫入的本文沒有剩餘空間",
                fix: "釋出一些空間，然後再試一次")
        case .incompleteDownload(let expected, let received, let url):
            return .init(
                zh: "\(from(url))下載在收到 \(expected) 位元組中的 \(received) 位元組後就結束了，所以已捨棄",
                why: "連線在中途被切斷，或伺服器的 `Content-Length` 有誤",
                fix: "再試一次；如果每次都在同樣的大小失敗，請檢查伺服器")
        }
    }

    /// `送往 <url> 的` or `這個`.
    private func to(_ url: String?) -> String { url.map { "送往 \($0) 的" } ?? "這個" }
    /// `來自 <url> 的`, or nothing.
    private func from(_ url: String?) -> String { url.map { "來自 \($0) 的" } ?? "" }
}

// MARK: - HTTP

/// The 繁體中文 messages of an answer outside 200–299.
enum TraditionalChineseHTTPMessages {
    static func explain(_ facts: HTTPFacts) -> APIError.Explanation {
        let code = facts.code
        let reason = TraditionalChineseReasonPhrases.phrase(code)
        let url = facts.url.map { "對 \($0) 的要求" } ?? "要求"
        var what = "伺服器以 \(code)（\(reason)）回應\(url)"
        if let said = facts.serverSaid {
            what += "。伺服器說：「\(said)」"
        } else if let page = facts.html {
            what += "。它傳回的是 HTML 網頁，不是 JSON：\(describe(page))"
        }
        let (why, fix) = advice(facts)
        return .init(zh: what, why: why, fix: fix)
    }

    static func describe(_ page: HTMLPage) -> String { describe(title: page.title, words: page.firstWords) }

    /// `標題為「Title」，開頭是「first words」`.
    static func describe(title: String?, words: String) -> String {
        let titled = title.map { "標題為「\($0)」" } ?? "沒有標題"
        return words.isEmpty ? titled : "\(titled)，開頭是「\(words)」"
    }

    private static func advice(_ facts: HTTPFacts) -> (why: String, fix: String) {
        switch facts.code {
        case 401, 403: return credentialAdvice(facts)
        case 404:
            if facts.html != nil {
                return (
                    "這個網址指向網頁伺服器的頁面，而不是 API 路由",
                    "檢查基底網址（有路徑時必須以 `/` 結尾，例如 `/api/`）和端點的路徑"
                )
            }
            return (
                "那個網址沒有任何東西：路徑、其中的 ID，或基底網址有誤",
                "對照 API 的說明檢查 ID 和端點的路徑，並確認基底網址有路徑時以 `/` 結尾"
            )
        case 405:
            return ("伺服器在那個網址不接受這個方法", "檢查端點的方法（GET、POST、PUT、PATCH 或 DELETE）")
        case 408, 429, 502, 503, 504:
            return ("伺服器忙碌中、正在限制要求頻率，或正在重新啟動", "稍候再試（冪等的要求已經重試過）；若是 429，請放慢速度")
        case 409, 412:
            return ("這個要求與資源目前的狀態衝突", "重新取得資源，然後再做一次修改")
        case 413: return ("要求的本文超過伺服器接受的大小", "傳送較小的本文")
        case 415:
            return (
                "伺服器不接受本文的 `Content-Type`",
                "依 API 預期的格式傳送本文（用 `body(_:)` 傳 JSON、表單、multipart）"
            )
        case 400, 422:
            return (
                "伺服器不接受要求的參數或本文",
                "對照 API 的說明檢查參數和本文的欄位"
                    + (facts.serverSaid == nil ? "" : "；上面伺服器的訊息指出了哪裡有誤")
            )
        case 400..<500:
            return ("伺服器不接受這個要求", "對照 API 的說明檢查這個要求")
        default:
            if facts.html != nil {
                return ("伺服器（或它前面的代理伺服器）發生錯誤，並以錯誤頁面回應", "查看伺服器的記錄檔找出錯誤；稍後再試")
            }
            return ("伺服器在處理要求時發生錯誤", "查看伺服器的記錄檔；稍後再試")
        }
    }

    private static func credentialAdvice(_ facts: HTTPFacts) -> (why: String, fix: String) {
        let refused = facts.code == 401 ? "不接受要求的認證資訊" : "拒絕了這個帳號或金鑰"
        if facts.mentionsAPIKey {
            return (
                "伺服器\(refused)：它提到了 API 金鑰",
                "檢查 API 金鑰：是否已設定、有效，並放在這個 API 預期的位置（查詢項目如 `api_key`，或標頭如 "
                    + "`Authorization: Bearer <key>` 或 `X-API-Key`），用 `headers(_:)` 或要求掛鉤加上"
            )
        }
        switch facts.sentCredential {
        case true?:
            if facts.code == 403 {
                return ("伺服器認得送出的認證資訊，但它不被允許做這件事", "改用有權存取這個資源的帳號或金鑰")
            }
            return ("這個用戶端送出的認證資訊被拒絕：它已過期、已被撤銷或有誤", "重新登入（或更新 API 金鑰或權杖），然後再試一次")
        case false?:
            return (
                "這個要求沒有帶認證資訊，而這個端點需要",
                "在 API 預期的位置送出它要的 API 金鑰或權杖：通常是 `Authorization: Bearer <token>` 標頭或 "
                    + "`api_key` 查詢項目（見 `headers(_:)` 和要求掛鉤；已登入的控制器會自己加上權杖）"
            )
        case nil:
            if facts.mentionsExpiredToken {
                return ("伺服器表示送出的權杖已過期或無效", "重新登入以取得新的權杖，然後再試一次")
            }
            return (
                "伺服器\(refused)：認證資訊缺少、有誤或已過期",
                "確認要求在 API 預期的位置帶有它要的 API 金鑰或權杖（`Authorization: Bearer <token>` 標頭、"
                    + "`api_key` 查詢項目）；如果 App 已登入，請重新登入"
            )
        }
    }
}
