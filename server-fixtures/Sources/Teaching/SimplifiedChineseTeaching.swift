import Foundation

// MARK: - The teaching answers in 简体中文 (mainland usage)

extension Teaching {
    /// The message in 简体中文, mainland usage (服务器, 连接, 请求, 字段, 文件, 默认), written as a mainland
    /// developer writes it: `。` ends a sentence, a half-width space between Chinese and Latin letters or digits,
    /// quoted words in “”, 您 for the reader.
    var simplifiedChinese: String {
        switch self {
        case .notFound: "未找到"
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
