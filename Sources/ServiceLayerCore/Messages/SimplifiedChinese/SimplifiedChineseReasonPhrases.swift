/// The 简体中文 reason phrases of HTTP statuses, owned by the table (not the system's, which follows the
/// device's language on Apple platforms and is English on Linux).
enum SimplifiedChineseReasonPhrases: ReasonPhrases {
    static func className(_ statusClass: HTTPStatusClass) -> String {
        switch statusClass {
        case .informational: return "信息"
        case .success: return "成功"
        case .redirection: return "重定向"
        case .clientError: return "客户端错误"
        case .serverError: return "服务器错误"
        }
    }

    static let phrases: [Int: String] = [
        100: "继续",
        101: "切换协议",
        200: "成功",
        201: "已创建",
        202: "已接受",
        203: "非权威信息",
        204: "无内容",
        205: "重置内容",
        206: "部分内容",
        300: "多种选择",
        301: "永久移动",
        302: "临时移动",
        303: "查看其他位置",
        304: "未修改",
        305: "使用代理",
        307: "临时重定向",
        308: "永久重定向",
        400: "错误请求",
        401: "未授权",
        402: "需要付款",
        403: "禁止访问",
        404: "未找到",
        405: "方法不允许",
        406: "不可接受",
        407: "需要代理认证",
        408: "请求超时",
        409: "冲突",
        410: "已不存在",
        411: "需要长度",
        412: "前提条件失败",
        413: "内容过大",
        414: "URI 过长",
        415: "不支持的媒体类型",
        416: "范围无法满足",
        417: "预期失败",
        418: "我是茶壶",
        421: "错误定向的请求",
        422: "无法处理的内容",
        423: "已锁定",
        424: "依赖失败",
        425: "为时过早",
        426: "需要升级",
        428: "需要前提条件",
        429: "请求过多",
        431: "请求头字段过大",
        451: "因法律原因不可用",
        500: "服务器内部错误",
        501: "未实现",
        502: "网关错误",
        503: "服务不可用",
        504: "网关超时",
        505: "不支持的 HTTP 版本",
        507: "存储空间不足",
        511: "需要网络认证",
    ]
}
