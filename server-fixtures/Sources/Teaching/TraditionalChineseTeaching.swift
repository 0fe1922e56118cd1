import Foundation

// MARK: - The teaching answers in 繁體中文 (Taiwan usage)

extension Teaching {
    /// The message in 繁體中文, Taiwan usage (伺服器, 連線, 要求, 欄位, 檔案): `。` ends a sentence, a half-width
    /// space between Chinese and Latin letters or digits, quoted words in 「」, 您 for the reader.
    var traditionalChinese: String {
        switch self {
        case .notFound: "找不到"
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
