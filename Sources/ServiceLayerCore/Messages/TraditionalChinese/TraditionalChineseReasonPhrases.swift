/// The 繁體中文 reason phrases of HTTP statuses, owned by the table (not the system's).
enum TraditionalChineseReasonPhrases: ReasonPhrases {
    static func className(_ statusClass: HTTPStatusClass) -> String {
        switch statusClass {
        case .informational: return "資訊"
        case .success: return "成功"
        case .redirection: return "重新導向"
        case .clientError: return "用戶端錯誤"
        case .serverError: return "伺服器錯誤"
        }
    }

    static let phrases: [Int: String] = [
        100: "繼續",
        101: "切換通訊協定",
        200: "成功",
        201: "已建立",
        202: "已接受",
        203: "非權威資訊",
        204: "沒有內容",
        205: "重設內容",
        206: "部分內容",
        300: "多種選擇",
        301: "永久移動",
        302: "已找到",
        303: "參見其他",
        304: "未修改",
        305: "使用代理伺服器",
        307: "暫時重新導向",
        308: "永久重新導向",
        400: "錯誤的要求",
        401: "未授權",
        402: "需要付款",
        403: "禁止存取",
        404: "找不到",
        405: "不允許的方法",
        406: "無法接受",
        407: "需要代理伺服器驗證",
        408: "要求逾時",
        409: "衝突",
        410: "已不存在",
        411: "需要長度",
        412: "先決條件失敗",
        413: "內容過大",
        414: "URI 過長",
        415: "不支援的媒體類型",
        416: "範圍無法滿足",
        417: "預期失敗",
        418: "我是茶壺",
        421: "錯誤導向的要求",
        422: "無法處理的內容",
        423: "已鎖定",
        424: "相依失敗",
        425: "太早",
        426: "需要升級",
        428: "需要先決條件",
        429: "要求過多",
        431: "要求標頭欄位過大",
        451: "因法律原因無法提供",
        500: "伺服器內部錯誤",
        501: "未實作",
        502: "錯誤的閘道",
        503: "服務無法使用",
        504: "閘道逾時",
        505: "不支援的 HTTP 版本",
        507: "儲存空間不足",
        511: "需要網路驗證",
    ]
}
