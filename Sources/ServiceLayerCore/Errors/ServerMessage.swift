import Foundation

/// Reads what a server said about a failure from the shapes real APIs use.
///
/// In order: a string `error`, `message` or `reason` (the shapes of the fixture server, reqres and
/// most small APIs); an `error` object's `message` (Google's `{"error":{"code":401,"message":...}}`);
/// `status_message` (TMDB); `detail` and `title` (RFC 9457 `application/problem+json`: "title: detail"
/// when both are there); and `errors[0].message` (GraphQL, GitHub).
enum ServerMessage {
    static func read(_ body: Data) -> String? {
        guard !body.isEmpty, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return nil
        }
        for key in ["error", "message", "reason"] {
            if let text = nonEmpty(object[key]) { return text }
        }
        if let error = object["error"] as? [String: Any], let text = nonEmpty(error["message"]) { return text }
        if let text = nonEmpty(object["status_message"]) { return text }
        switch (nonEmpty(object["title"]), nonEmpty(object["detail"])) {
        case (let title?, let detail?): return "\(title): \(detail)"
        case (nil, let detail?): return detail
        case (let title?, nil): return title
        case (nil, nil): break
        }
        if let errors = object["errors"] as? [Any], let first = errors.first as? [String: Any],
            let text = nonEmpty(first["message"])
        {
            return text
        }
        return nil
    }

    private static func nonEmpty(_ value: Any?) -> String? {
        guard let text = value as? String else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// An HTML page where JSON was expected (an error page of a web server or a proxy, or a website's
/// page at a wrong URL): its `<title>` and its first words, so that a message can name it.
struct HTMLPage: Sendable {
    /// The `<title>`, when the page has one.
    var title: String?
    /// The first words of the page's text, tags removed (at most about 80 characters).
    var firstWords: String

    /// The page in `body`; `nil` when the body does not look like HTML.
    init?(_ body: Data) {
        let head = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        let start = head.drop { $0.isWhitespace }.prefix(200).lowercased()
        guard
            start.hasPrefix("<!doctype html") || start.hasPrefix("<html") || start.hasPrefix("<head")
                || start.hasPrefix("<body") || start.hasPrefix("<title") || start.hasPrefix("<h1")
        else { return nil }
        title = Self.title(in: head)
        firstWords = Self.words(in: head)
    }

    private static func title(in html: String) -> String? {
        guard let open = html.range(of: "<title", options: .caseInsensitive),
            let close = html.range(of: ">", range: open.upperBound..<html.endIndex),
            let end = html.range(of: "</title>", options: .caseInsensitive, range: close.upperBound..<html.endIndex)
        else { return nil }
        let text = collapse(String(html[close.upperBound..<end.lowerBound]))
        return text.isEmpty ? nil : String(text.prefix(120))
    }

    /// The text of the body (or of the page), without tags, scripts or styles.
    private static func words(in html: String) -> String {
        var text = html
        if let body = html.range(of: "<body", options: .caseInsensitive) { text = String(html[body.lowerBound...]) }
        for element in ["script", "style", "title"] {
            while let open = text.range(of: "<\(element)", options: .caseInsensitive),
                let close = text.range(
                    of: "</\(element)>", options: .caseInsensitive, range: open.upperBound..<text.endIndex)
            {
                text.removeSubrange(open.lowerBound..<close.upperBound)
            }
        }
        var plain = ""
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true; plain.append(" ")
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                plain.append(character)
            }
        }
        let words = collapse(plain)
        return words.count > 80 ? String(words.prefix(80)) + "…" : words
    }

    private static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
