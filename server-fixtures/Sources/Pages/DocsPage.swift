import Foundation

// MARK: - GET /docs: the OpenAPI document for a person

/// An HTML page rendering an OpenAPI document: each route with its parameters, request body and answers
/// (an example answer where the document has one), then a paste-ready Swift `Codable` model per schema
/// (``SwiftModel``). Self-contained: inline style, no script, no font or file from anywhere else.
enum DocsPage {
    /// The HTTP methods in the order a route's operations are shown.
    static let methods = ["get", "post", "put", "patch", "delete"]

    /// The page for `document`.
    static func html(_ document: ServerJSON) -> String {
        let root = document.objectValue ?? [:]
        let info = root["info"]?.objectValue ?? [:]
        let paths = root["paths"]?.objectValue ?? [:]
        let tags = list(root["tags"]).compactMap { $0.objectValue?["name"]?.stringValue }
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>API documentation: fixture-server</title>
            <style>
            \(ServerPages.style)
            </style></head>
            <body>
            <h1>\(escaped(info["title"]?.stringValue ?? "API documentation"))</h1>
            <p>\(escaped(info["description"]?.stringValue ?? ""))</p>
            <p>This page renders <a href="/openapi.json">/openapi.json</a>. Models: <a href="#models">Swift Codable models</a>. What the server saw: <a href="/_inspector">/_inspector</a>.</p>
            <nav>\(tags.map { "<a href=\"#\(anchor($0))\">\(escaped($0))</a>" }.joined(separator: " "))</nav>

            """
        var shown: Set<String> = []
        for tag in tags + ["other"] {
            var section = ""
            for path in paths.keys.sorted() {
                let item = paths[path]?.objectValue ?? [:]
                for method in methods {
                    guard let operation = item[method]?.objectValue else { continue }
                    let operationTags = list(operation["tags"]).compactMap(\.stringValue)
                    let key = method + " " + path
                    guard !shown.contains(key), operationTags.contains(tag) || (tag == "other") else { continue }
                    shown.insert(key)
                    section += render(method: method, path: path, operation: operation)
                }
            }
            if !section.isEmpty { page += "<h2 id=\"\(anchor(tag))\">\(escaped(tag))</h2>\n" + section }
        }
        page += "<h2 id=\"models\">Swift Codable models</h2>\n"
        page += "<p>Paste one into your app: optionals are the members some items lack or hold null; "
        page += "<code>CodingKeys</code> map snake_case and other keys to Swift names. Decode a list with "
        page += "<code>JSONDecoder().decode([Movie].self, from: data)</code>.</p>\n"
        for name in SwiftModel.modelNames(document) {
            page += "<h3 id=\"model-\(anchor(name))\">\(escaped(name))</h3>\n"
            page += "<pre class=\"swift\"><code>\(escaped(SwiftModel.source(for: name, in: document)))</code></pre>\n"
        }
        // The answers that are not one of those models: a routes.json answer, a collection's page envelope.
        for model in AnswerModel.all(document) {
            page += "<h3 id=\"model-\(anchor(model.name))\">\(escaped(model.name))</h3>\n"
            page += "<p>The \(model.status) answer of <code>\(model.method) \(escaped(model.path))</code>: "
            page += "<code>JSONDecoder().decode(\(escaped(model.name)).self, from: data)</code>.</p>\n"
            page += "<pre class=\"swift\"><code>\(escaped(model.source))</code></pre>\n"
        }
        return page + "</body>\n</html>\n"
    }

    /// One operation: method, path, summary, parameters, request body, answers.
    static func render(method: String, path: String, operation: [String: ServerJSON]) -> String {
        var html =
            "<div class=\"op\"><h3><span class=\"m \(method)\">\(method.uppercased())</span> <code>\(escaped(path))</code></h3>\n"
        if let summary = operation["summary"]?.stringValue { html += "<p>\(escaped(summary))</p>\n" }
        if let description = operation["description"]?.stringValue { html += "<p>\(escaped(description))</p>\n" }
        if case .array(let parameters)? = operation["parameters"], !parameters.isEmpty {
            // A collection's many filters fold away; the page stays a page of routes.
            let folded = parameters.count > 12
            if folded { html += "<details><summary>\(parameters.count) parameters</summary>\n" }
            html += "<table><tr><th>parameter</th><th>in</th><th>type</th><th>meaning</th></tr>\n"
            for parameter in parameters.compactMap(\.objectValue) {
                html += "<tr><td><code>\(escaped(parameter["name"]?.stringValue ?? ""))</code></td>"
                html += "<td>\(escaped(parameter["in"]?.stringValue ?? ""))</td>"
                html += "<td>\(escaped(typeText(parameter["schema"])))</td>"
                html += "<td>\(escaped(parameter["description"]?.stringValue ?? ""))</td></tr>\n"
            }
            html += "</table>\n"
            if folded { html += "</details>\n" }
        }
        if let body = operation["requestBody"]?.objectValue?["content"]?.objectValue {
            for (type, media) in body.sorted(by: { $0.key < $1.key }) {
                html +=
                    "<p>Body: <code>\(escaped(type))</code> \(escaped(typeText(media.objectValue?["schema"])))</p>\n"
                if let example = media.objectValue?["example"] {
                    html += "<pre>\(escaped(String(decoding: example.serialized(pretty: true), as: UTF8.self)))</pre>\n"
                }
            }
        }
        let responses = operation["responses"]?.objectValue ?? [:]
        html += "<table><tr><th>status</th><th>answer</th></tr>\n"
        for status in responses.keys.sorted() {
            let response = responses[status]?.objectValue ?? [:]
            let content = response["content"]?.objectValue ?? [:]
            let schema = content.values.first?.objectValue?["schema"]
            html += "<tr><td>\(escaped(status))</td><td>\(escaped(response["description"]?.stringValue ?? ""))"
            if content["text/event-stream"] != nil {
                html += " <code>text/event-stream</code> (server-sent events)"
            } else if schema != nil {
                html += " <code>\(escaped(typeText(schema)))</code>"
            }
            html += "</td></tr>\n"
        }
        html += "</table>\n"
        if let stream = streamExample(responses) {
            html += "<p>Example stream, as written:</p>\n<pre>\(escaped(stream))</pre>\n"
        } else if let example = firstExample(responses) {
            html +=
                "<p>Example answer:</p>\n<pre>\(escaped(String(decoding: example.serialized(pretty: true), as: UTF8.self)))</pre>\n"
        }
        return html + "</div>\n"
    }

    /// The text of the first 2xx event stream with an example (a `routes.json` stream's events).
    static func streamExample(_ responses: [String: ServerJSON]) -> String? {
        responses.keys.sorted().lazy.filter { $0.hasPrefix("2") }.compactMap { status in
            responses[status]?.objectValue?["content"]?.objectValue?["text/event-stream"]?.objectValue?["example"]?
                .stringValue
        }.first
    }

    /// The example of the first 2xx answer that has one.
    static func firstExample(_ responses: [String: ServerJSON]) -> ServerJSON? {
        for status in responses.keys.sorted() where status.hasPrefix("2") {
            for media in (responses[status]?.objectValue?["content"]?.objectValue ?? [:]).values {
                let members = media.objectValue ?? [:]
                if let example = members["example"] { return example }
                if let first = members["examples"]?.objectValue?.sorted(by: { $0.key < $1.key }).first {
                    return first.value.objectValue?["value"]
                }
            }
        }
        return nil
    }

    /// A schema in a few words: `integer`, `[Movie]`, `Movie`, `string (one of a, b)`, `Movie or envelope`.
    static func typeText(_ schema: ServerJSON?) -> String {
        guard let members = schema?.objectValue else { return "any" }
        if let ref = members["$ref"]?.stringValue { return String(ref.split(separator: "/").last ?? "") }
        if case .array(let choices)? = members["oneOf"] {
            return choices.map { typeText($0) }.joined(separator: " or ")
        }
        var text = members["type"]?.stringValue ?? "any"
        if text == "array" { text = "[\(typeText(members["items"]))]" }
        if case .array(let values)? = members["enum"] {
            text += " (one of " + values.compactMap(\.queryText).joined(separator: ", ") + ")"
        }
        if members["nullable"] == .bool(true) { text += " or null" }
        return text
    }

    /// The elements of an array value; empty for anything else.
    static func list(_ value: ServerJSON?) -> [ServerJSON] {
        if case .array(let elements)? = value { return elements }
        return []
    }

    /// An `id` attribute for `text`.
    static func anchor(_ text: String) -> String {
        String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    /// `text` with `&`, `<`, `>` and `"` written as entities.
    static func escaped(_ text: String) -> String { RootPage.escaped(text) }
}
