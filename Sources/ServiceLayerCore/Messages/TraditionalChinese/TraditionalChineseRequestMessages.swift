import Foundation

/// The 繁體中文 messages of a request that could not be built (``RequestProblem``): nothing was sent.
enum TraditionalChineseRequestMessages {
    static func explain(_ problem: RequestProblem) -> APIError.Explanation {
        let base = problem.baseURL ?? ""
        let notBuilt = "無法建立要求，所以沒有送出任何東西："
        switch problem.kind {
        case .baseURLWithoutScheme:
            return .init(
                zh: notBuilt + "基底網址 \"\(base)\" 沒有 scheme",
                why: "基底網址必須以 `http://` 或 `https://` 開頭；少了它，\"\(base)\" 不會被當成主機和通訊埠"
                    + "（`localhost:8090/` 會被讀成 scheme `localhost`）",
                fix: "把 scheme 寫進基底網址，例如 `URL(string: \"http://\(base)\")`")
        case .baseURLScheme:
            return .init(
                zh: notBuilt + "基底網址 \"\(base)\" 的 scheme 是 \"\(problem.scheme ?? "")\"",
                why: "這個用戶端只送出 `http://` 和 `https://` 網址",
                fix: "把基底網址的 scheme 改成 `http`（本機開發伺服器）或 `https`")
        case .baseURLHostSpace:
            return .init(
                zh: notBuilt + "基底網址 \"\(base)\" 的主機 \"\(problem.host ?? "")\" 含有空格",
                why: "主機名稱不能包含空格",
                fix: "移除基底網址中主機的空格")
        case .noURL:
            return .init(
                zh: notBuilt + "無法為 \(problem.target ?? "這個端點") 組成有效的 http(s) 網址",
                why: "端點的網址或路徑寫法無效",
                fix: "修正呼叫端程式碼中端點的路徑或網址（絕對網址必須以 `http://` 或 `https://` 開頭）")
        case .fragmentInPath:
            return .init(
                zh: notBuilt + "端點路徑 \"\(problem.shown ?? "")\" 含有 \"#\"，它會開始一個網址片段",
                why: "片段永遠不會送到伺服器，所以從 \"#\" 開始的內容都會遺失",
                fix: "如果 \"#\" 是值的一部分，請把值當成查詢項目傳送"
                    + "（`query: [URLQueryItem(name: \"q\", value: \"c#\")]` 會把它送成 %23），或在路徑中寫 %23；"
                    + "如果它是片段，請移除")
        case .bodyNeedsMainActor:
            return .init(
                zh: notBuilt + "它的本文沒有被編碼",
                why: "本文的模型屬於主要執行者（main actor），而這次呼叫不是在那裡發出的",
                fix: "從主要執行者送出要求，或把本文的模型宣告為 `nonisolated` 且 `Sendable`")
        case .tokenOffOrigin:
            return .init(
                zh: "要求沒有送出：它的權杖只會送到 \(problem.host ?? "API 的主機")",
                why: "端點的網址在與基底網址不同的主機上，而權杖絕不離開它的來源",
                fix: "需要授權的端點請使用基底網址下的路徑，或使用基底網址就是那台主機的用戶端")
        case .multipartBoundary:
            return .init(
                zh: notBuilt + "multipart 表單的某個部分含有它的邊界字串 \"\(problem.boundary ?? "")\"",
                why: "邊界字串絕不能出現在任何部分的內容中",
                fix: "改用另一個邊界字串（預設的隨機邊界不會碰巧出現）")
        case .hookFailed:
            return .init(
                zh: "要求沒有送出：要求掛鉤失敗了（\(problem.detail ?? "沒有提供原因")）",
                why: "要求掛鉤拋出了錯誤，這會在送出任何東西之前結束這次呼叫",
                fix: "修正要求掛鉤，或從它拋出 `APIError` 來說明原因")
        case .bodyNotFiniteNumber:
            let place = problem.path.map { "在 `\($0)` " } ?? ""
            return .init(
                zh: notBuilt + "要求本文\(place)含有 \(problem.value ?? "nan")",
                why: "JSON 無法表示 NaN 或無限大",
                fix: "在那裡送出有限的數字，或省略這個值（值為 `nil` 的選用型別）")
        case .bodyNotEncodable:
            let place = problem.path.map { "在 `\($0)` " } ?? ""
            return .init(
                zh: notBuilt + "要求本文\(place)無法編碼成 JSON（\(problem.detail ?? "沒有提供原因")）",
                why: "本文的 `Encodable` 實作拋出了錯誤，或它含有 JSON 無法表示的值",
                fix: "在那個位置修正本文的模型或它的 `encode(to:)`")
        }
    }
}
