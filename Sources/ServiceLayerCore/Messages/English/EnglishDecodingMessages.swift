import Foundation

/// The English messages of a body that did not decode (``DecodingFacts``).
enum EnglishDecodingMessages {
    static func explain(_ facts: DecodingFacts) -> APIError.Explanation {
        .init(what: what(facts), why: why(facts), fix: fix(facts))
    }

    /// `at results[0].title`, `at the top level`, or `(the coding path is unknown)`.
    private static func place(_ facts: DecodingFacts) -> String {
        switch facts.path {
        case nil: return "(the coding path is unknown: Foundation gave none)"
        case ""?: return "at the top level"
        case let path?: return "at `\(path)`"
        }
    }

    private static func what(_ facts: DecodingFacts) -> String {
        // A file the app reads itself (no URL, no status) is "the JSON"; an answer names its URL and status.
        let source = facts.url == nil && facts.status == nil ? "The JSON" : "The answer"
        let answer = source + (facts.url.map { " from \($0)" } ?? "") + (facts.status.map { " (\($0))" } ?? "")
        let found =
            facts.foundKind.map { kind in
                ", found " + article(kind) + (facts.foundText.map { " \($0)" } ?? "")
            } ?? ""
        switch facts.problem {
        case .emptyBody: return "\(answer) was empty where a JSON body was expected"
        case .html:
            let page = HTMLPage.describe(title: facts.htmlTitle, words: facts.htmlWords ?? "")
            return "\(answer) is an HTML page, not JSON: \(page)"
        case .notJSON: return "\(answer) is not JSON: it begins \(facts.foundText ?? "")"
        case .typeMismatch:
            return "\(answer) did not decode \(place(facts)): expected \(facts.expected ?? "another type")\(found)"
        case .valueNotFound:
            return "\(answer) did not decode \(place(facts)): expected \(facts.expected ?? "a value"), found null"
        case .keyNotFound:
            let container: String
            switch facts.path {
            case nil: container = "(the coding path is unknown: Foundation gave none)"
            case ""?: container = "in the top-level object"
            case let path?: container = "in the object at `\(path)`"
            }
            return "\(answer) did not decode: the key \"\(facts.key ?? "?")\" is missing \(container)"
        case .dataCorrupted:
            var text = "\(answer) did not decode \(place(facts)): \(facts.detail ?? "the data is not valid")"
            if facts.path == nil, let key = facts.fixKey, let value = facts.foundText {
                text += "; the body's \"\(key)\" holds \(value)"
            } else if let value = facts.foundText {
                text += " (found \(value))"
            }
            return text
        case .other:
            return "\(answer) did not decode: \(facts.raw ?? facts.detail ?? "the body is not in the expected format")"
        }
    }

    private static func why(_ facts: DecodingFacts) -> String {
        switch facts.fix {
        case .convertFromSnakeCase?:
            return "The JSON names it \"\(facts.fixKey ?? "")\" (snake_case), and the model's property is "
                + "`\(facts.key ?? "")` (camelCase)"
        case .codingKeys?:
            return "The JSON spells it \"\(facts.fixKey ?? "")\", the model `\(facts.key ?? "")`"
        case .snakeCaseTwice?:
            return "The body has \"\(facts.key ?? "")\", but the decoder's `.convertFromSnakeCase` renames the "
                + "JSON's keys to camelCase (\"\(facts.fixKey ?? "")\") before `CodingKeys` are matched, so a "
                + "`CodingKeys` case spelled \"\(facts.key ?? "")\" never matches"
        case .wrapper?:
            return "The answer is an object that holds the array in its \"\(facts.fixKey ?? "")\" field"
        case .decodeArray?: return "The answer is an array, and the model expects one object"
        case .optional?:
            return facts.problem == .valueNotFound
                ? "The server sent null, and the model's property is not optional"
                : "The server did not send this key, and the model requires it"
        case .numberInString?: return "The server sends this number as a string"
        case .dateStrategy?:
            return "It is a date in the \(facts.dateFormat ?? "") format, and the decoder's `dateDecodingStrategy` "
                + "does not read that format (the default reads seconds since 2001)"
        case .changeType?: return "The model's type for this value differs from what the server sends"
        case .checkURL?:
            switch facts.problem {
            case .html: return "A web page came back: the URL points at a website or an error page, not at the API"
            case .emptyBody: return "The server sent no body (for example a 204, or a 200 from the wrong route)"
            default: return "The body is not JSON: the URL points at something that is not this API"
            }
        case nil:
            return facts.problem == .other
                ? "The body does not match the model"
                : "The model and the JSON the server sends disagree at this place"
        }
    }

    private static func fix(_ facts: DecodingFacts) -> String {
        let key = facts.key ?? "property"
        switch facts.fix {
        case .convertFromSnakeCase?:
            return "Set `decoder.keyDecodingStrategy = .convertFromSnakeCase` on the `JSONDecoder` you pass as "
                + "`APIClient.Options(decoder:)`, or add `CodingKeys` with `case \(key) = \"\(facts.fixKey ?? "")\"`"
        case .codingKeys?:
            return "Add `CodingKeys` to the model with `case \(key) = \"\(facts.fixKey ?? "")\"`"
        case .snakeCaseTwice?:
            return "Write `case \(facts.fixKey ?? key)` in `CodingKeys`, without `= \"\(key)\"` (or drop "
                + "`.convertFromSnakeCase` and keep the `CodingKeys`)"
        case .wrapper?:
            let field = facts.fixKey ?? "results"
            return "Decode a wrapper named after the field, `struct \(typeName(field))Response: Decodable { let "
                + "\(field): [YourModel] }`, and use its `\(field)`"
        case .decodeArray?: return "Decode an array: `Endpoint<[YourModel]>`"
        case .optional?:
            return "If the server may leave it out, declare it optional (`let \(key): \(facts.expected ?? "Type")?`) "
                + "or give it a default in `init(from:)`; if it must be there, check its spelling"
        case .numberInString?:
            return "Declare `\(key)` as `String` and convert it with `Double(_:)`, or decode it in a custom "
                + "`init(from:)`"
        case .dateStrategy?:
            let strategy: String
            switch facts.dateFormat {
            case "ISO-8601"?: strategy = "`decoder.dateDecodingStrategy = .iso8601`"
            case "yyyy-MM-dd"?:
                strategy =
                    "`decoder.dateDecodingStrategy = .formatted(formatter)` with a `DateFormatter` whose "
                    + "`dateFormat` is \"yyyy-MM-dd\" and `locale` is `en_US_POSIX`"
            case "milliseconds since 1970"?: strategy = "`decoder.dateDecodingStrategy = .millisecondsSince1970`"
            default: strategy = "`decoder.dateDecodingStrategy = .secondsSince1970`"
            }
            return "Set \(strategy) on the `JSONDecoder` you pass as `APIClient.Options(decoder:)`"
        case .changeType?:
            let found = facts.foundKind.map { " (the server sends " + article($0) + ")" } ?? ""
            return "Change the type of `\(key)` to what the server sends\(found), or convert it in `init(from:)`"
        case .checkURL?:
            return facts.problem == .emptyBody
                ? "Use `Endpoint<Void>` if this endpoint answers with no body; otherwise check the URL"
                : "Check the base URL and the endpoint's path (open the URL in a browser or curl it)"
        case nil:
            return "Compare the model with the body (`APIError.responseBody`) at that place and change the model "
                + "(a type, an optional, `CodingKeys`) to match it"
        }
    }

    private static func article(_ kind: String) -> String {
        switch kind {
        case "null": return "null"
        case "array", "object": return "an \(kind)"
        default: return "a \(kind)"
        }
    }

    /// `results` → `Results`, `movie_list` → `MovieList`.
    private static func typeName(_ field: String) -> String {
        field.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }
}

extension HTMLPage {
    /// `titled "Title", beginning "first words"`.
    static func describe(title: String?, words: String) -> String {
        let titled = title.map { "titled \"\($0)\"" } ?? "with no title"
        return words.isEmpty ? titled : "\(titled), beginning \"\(words)\""
    }
}
