import Foundation

/// Describes a `DecodingError` as one line naming the coding path, for ``APIError/decoding(description:body:)``.
enum DecodingErrorDescription {
    static func describe(_ error: any Error, bodyIsEmpty: Bool, status: Int) -> String {
        if bodyIsEmpty { return "expected a JSON body but the \(status) response was empty" }
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return "type mismatch at \(path(context.codingPath)): expected \(type). \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "missing value at \(path(context.codingPath)): expected \(type). \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return "invalid data at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: decodingError)
        }
    }

    /// A coding path as `items[0].price`; `the top level` when empty.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "the top level" : text
    }
}
