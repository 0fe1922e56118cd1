import Foundation

// MARK: - The teaching answers in English

extension Teaching {
    /// The message in English: the default, and the language the other tables follow.
    var english: String {
        switch self {
        case .notFound: "Not found"
        case .notFoundWithoutAPI(let sent, let command):
            "Not found: no route matches \(sent). This server answers its built-in APIs only (see / and /docs): to "
                + "serve your own API, start it with --api FOLDER, e.g. \(command)."
        case .didYouMean(let sent, let meant, let methods):
            "Not found: no route matches \(sent). Did you mean \(meant)? It answers \(methods)."
        case .dropRoot(let sent, let meant, let dropped, let start, let methods):
            "Not found: no route matches \(sent). Did you mean \(meant)? Drop \(dropped) from the front: the route "
                + "starts at \(start). It answers \(methods)."
        case .addRoot(let sent, let meant, let prefix, let methods):
            "Not found: no route matches \(sent). Did you mean \(meant)? The route is under \(prefix)/: add "
                + "\(prefix) in front. It answers \(methods)."
        case .methodNotAllowed(let method, let path, let allowed):
            "Method not allowed: \(method) \(path). This path answers \(allowed) (see the Allow header)."
        case .wrongFieldType(let field, let sent, let collection, let expected, let example):
            "Field \(field) is \(Self.english(sent)), but the other items of \(collection) have "
                + "\(Self.english(expected)) there (e.g. \(example)). Send \(Self.english(expected)), or null."
        case .orderNeedsSort: "_order needs _sort, e.g. _sort=year&_order=desc"
        case .unknownOperator(let word, let parameter, let known):
            "Unknown operator \(word) in \(parameter); use one of \(known)"

        case .methodNotImplemented: "Method not implemented"
        case .readOnly(let method, let path, let allowed):
            "\(method) \(path) would change the data, and this server runs with --read-only "
                + "(FixtureServer.Options.readOnly): it answers \(allowed). Restart it without --read-only to write."
        case .staticFileMethod(let method, let path):
            "\(method) \(path) is a static file (--static): it answers GET and HEAD only"
        case .preconditionExists: "Precondition failed: the resource exists (If-None-Match: *)"
        case .preconditionChanged: "Precondition failed: the resource has changed"

        case .bodyNotJSON(let line, let problem):
            "The body is not JSON (line \(line): \(Self.english(problem))); send a JSON object, e.g. "
                + "{\"title\": \"New\"}"
        case .bodyNotObject(let kind):
            "The body must be a JSON object, not \(Self.english(kind)), e.g. {\"title\": \"New\"}"
        case .invalidID:
            "id must be an integer or a string of 1 to 200 characters without / or control characters"
        case .alreadyExists(let collection, let id):
            "\(collection)/\(id) already exists; PUT /\(collection)/\(id) replaces it"
        case .noNextID(let collection, let largest):
            "\(collection) already has the largest possible id (\(largest)), so no next id can be made; "
                + "send an id in the body"
        case .idMismatch(let sent, let id):
            "The id in the body (\(sent ?? "not an integer or a plain string")) is not \(id); leave id out, or send "
                + "\(id)"
        case .deleteReadsOnlyDependent(let collection, let parameter):
            "DELETE /\(collection)/:id reads only _dependent (e.g. _dependent=reviews), not \(parameter)"
        case .noDependentCollection(let name, let suggestion):
            "_dependent=\(name): there is no collection \(name).\(Self.englishHint(suggestion))"
        case .itemReadsOnlyLinks(let collection, let parameter):
            "GET /\(collection)/:id reads only _embed and _expand, not \(parameter); filters go on GET /\(collection)"
        case .itemNotFound(let collection, let id):
            "\(collection)/\(id) not found. GET /\(collection) lists the ids there are."

        case .noLink(let parameter, let name, let collection, let suggestion, let options):
            "\(parameter)=\(name): no collection \(name) points at \(collection), and no \(collection) item points "
                + "at a \(name) (json-server's rule: a review points at a movie with movieId)."
                + "\(Self.englishHint(suggestion)) Possible here: "
                + (options.isEmpty ? "none" : options.joined(separator: ", "))

        case .searchLength: "q (full-text search) must be 1 to 200 characters, e.g. q=island"
        case .unknownParameter(let name, let suggestion, let reserved):
            "Unknown parameter \(name).\(Self.englishHint(suggestion)) Known: q, "
                + "\(reserved.joined(separator: ", ")), and filters such as field=value, field_gte=, field:lt=, "
                + "field_like="
        case .dependentOnGet(let collection): "_dependent belongs to DELETE /\(collection)/:id, not to a GET"
        case .perPageWithLimit: "_per_page (v1 pages) and _limit (v0.17 pages) cannot be combined; pick one"
        case .pageWithSlice: "_page cannot be combined with _start or _end; use _page with _limit, or a slice"
        case .endBeforeStart(let end, let start): "_end (\(end)) is before _start (\(start))"
        case .notWholeNumber(let parameter, let lowest, let highest, let value):
            "\(parameter) must be a whole number from \(lowest) to \(highest), not \"\(value)\""
        case .namesCount(let parameter):
            "\(parameter) needs 1 to 10 names, e.g. \(parameter)=reviews or \(parameter)=movie"
        case .sortFieldCount: "_sort takes 1 to 8 fields, e.g. _sort=year,-rating"
        case .orderWords: "_order must be asc or desc, one per _sort field, e.g. _sort=year,title&_order=desc,asc"
        case .sortFieldNotPath(let field): "_sort field \"\(field)\" is not a field path"
        case .filterNotPath(let parameter): "\(parameter) is not a field path (write field, field.sub or field[0])"
        case .valueTooLong(let parameter): "\(parameter): a value is longer than 1000 characters"
        case .unsupportedPattern(let parameter, let problem):
            "\(parameter): the pattern \(Self.english(problem)); see the README's _like subset"
        case .comparisonNeedsValue(let parameter): "\(parameter) needs a value, e.g. \(parameter)=10"
        case .comparisonNeedsNumber(let parameter, let value, let path):
            "\(parameter)=\(value): \(path) holds numbers here; send a number, e.g. \(parameter)=7"
        case .noSuchField(let parameter, let path, let suggestion, let fields):
            "\(parameter): no item has a field \(path).\(Self.englishHint(suggestion)) Fields: "
                + fields.joined(separator: ", ")

        case .mockCodeInvalid: "X-Mock-Response-Code must be a status code from 100 to 599, e.g. 404"
        case .noMockExample(let name, let status, let method, let pattern, let examples):
            "No example "
                + [name.map { "named \"\($0)\"" }, status.map { "with status \($0)" }].compactMap { $0 }
                .joined(separator: " and ")
                + " for \(method) \(pattern); it has: " + Self.examples(examples, quote: ("\"", "\""))
        case .noMockMatch(let method, let pattern): "No example of \(method) \(pattern) matches this request"

        case .cannotForward(let path, let upstream): "Cannot forward \(path) to \(upstream): not a valid URL"
        case .recordingFailed(let method, let place, let reason):
            "Recording: \(method) \(place) failed (\(reason ?? "no answer")). Check that --record's URL is right "
                + "and reachable; nothing was saved."

        case .unsafeResponseHead:
            "Internal server error: the response had a header field that cannot be written safely"
        case .tooManyConnections: "Too many connections"
        case .unreadableRequest(let error):
            switch error {
            case .badRequest(let problem): "Bad request: \(Self.english(problem))"
            case .headerTooLarge: "Request header fields too large"
            case .notImplemented(let coding): "Transfer coding not implemented: \(coding)"
            case .payloadTooLarge: "Payload too large"
            case .versionNotSupported: "HTTP version not supported"
            }

        case .inspectorAllowed(let methods): "Allowed methods: \(methods)."
        case .inspectorChallenge(let challenge): "The server asks for: \(challenge)."
        case .inspectorNoReason(let status, let phrase): "\(status) \(phrase), without a reason in the body."
        }
    }

    /// " Did you mean X?" after a sentence, or nothing.
    private static func englishHint(_ suggestion: String?) -> String {
        suggestion.map { " Did you mean \($0)?" } ?? ""
    }

    /// A mock route's examples as a list: each name in `quote` marks, then its status in parentheses.
    static func examples(_ examples: [MockExampleName], quote: (String, String)) -> String {
        examples.map { "\($0.name.map { "\(quote.0)\($0)\(quote.1) " } ?? "")(\($0.status))" }
            .joined(separator: ", ")
    }

    /// A JSON kind with its article: "a number", "an array", "null".
    static func english(_ kind: JSONKind) -> String {
        switch kind {
        case .null: "null"
        case .boolean: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// What a `_like` pattern does outside the subset, after "the pattern".
    static func english(_ problem: PatternProblem) -> String {
        switch problem {
        case .tooLong(let limit): "is longer than \(limit) characters"
        case .unmatchedClose: "has an unmatched )"
        case .nestedTooDeep(let limit): "nests groups deeper than \(limit)"
        case .lazyQuantifier: "uses a lazy quantifier (??, *?, +?)"
        case .countedRepetition: "uses {m,n} repetition, which is not supported (use * + ?)"
        case .nothingToRepeat(let mark): "has \(mark) with nothing before it to repeat"
        case .lookaround: "uses lookaround or a named group, which is not supported"
        case .unclosedGroup: "has an unclosed ("
        case .loneBackslash: "ends with a lone \\"
        case .unsupportedEscape(let letter):
            "uses \\\(letter), which is not supported (\\d \\w \\s and \\ before punctuation are)"
        case .namedClassInClass(let letter): "uses \\\(letter) inside [ ], which is not supported"
        case .rangeEndsInNamedClass(let letter): "has a range ending in \\\(letter) inside [ ], which is not supported"
        case .rangeOutOfOrder(let low, let high): "has a range [\(low)-\(high)] out of order"
        case .unclosedClass: "has an unclosed ["
        }
    }

    /// What the JSON reader found wrong.
    static func english(_ problem: JSONSyntaxError.Problem) -> String {
        switch problem {
        case .textAfterValue: "unexpected text after the JSON value"
        case .unexpectedEnd: "unexpected end of file"
        case .unexpectedEndInObject: "unexpected end of file in an object"
        case .unexpectedEndInArray: "unexpected end of file in an array"
        case .unexpectedCharacter: "unexpected character"
        case .invalidLiteral(let expected): "invalid literal (expected \(expected))"
        case .nestedTooDeep(let limit): "nested deeper than \(limit) levels"
        case .expectedMemberName: "expected a member name"
        case .expectedColon: "expected ':'"
        case .expectedCommaOrBrace: "expected ',' or '}'"
        case .expectedCommaOrBracket: "expected ',' or ']'"
        case .duplicateMember(let name): "duplicate member \"\(name)\""
        case .invalidSurrogatePair: "invalid surrogate pair"
        case .invalidUnicodeEscape: "invalid \\u escape"
        case .invalidEscape: "invalid escape in a string"
        case .controlCharacterInString: "control character in a string (use \\n)"
        case .unterminatedString: "unterminated string"
        case .leadingZero: "leading zero in a number"
        case .digitsAfterPoint: "digits expected after '.'"
        case .digitsInExponent: "digits expected in the exponent"
        case .invalidNumber: "invalid number"
        case .numberOutOfRange(let text):
            "number out of range (\(text)): beyond ±1.8e308, which JSON numbers here cannot hold"
        }
    }

    /// What is malformed in a request the parser refused.
    static func english(_ problem: HTTPParseError.Problem) -> String {
        switch problem {
        case .emptyRequest: "empty request"
        case .malformedRequestLine: "malformed request line"
        case .invalidMethod: "invalid method"
        case .invalidTarget: "invalid request-target"
        case .invalidVersion: "invalid HTTP version"
        case .asteriskNotOptions: "* is a request-target for OPTIONS only"
        case .targetNotAbsolutePath: "request-target must start with /"
        case .invalidPercentEncoding: "invalid percent-encoding in path"
        case .headerWithoutColon: "header line without colon"
        case .invalidHeaderName: "invalid header name"
        case .invalidHeaderValue: "invalid header value"
        case .invalidContentLength: "invalid Content-Length"
        case .duplicateHost: "more than one Host header"
        case .missingHost: "missing Host header"
        case .invalidHost: "invalid Host header"
        case .lengthAndChunked: "both Transfer-Encoding and Content-Length"
        case .chunkedInHTTP10: "Transfer-Encoding in an HTTP/1.0 request"
        case .chunkedNotLast: "Transfer-Encoding must end in chunked, once"
        case .malformedChunkSize: "malformed chunk size"
        case .chunkSizeBareLF: "a chunk-size line ends in a bare LF (CRLF required)"
        case .chunkSizeLoneCR: "a CR in a chunk-size line not followed by LF"
        case .chunkDataWithoutCRLF: "chunk data not followed by CRLF"
        case .trailerLoneCR: "a CR in a trailer line not followed by LF"
        case .trailerBareLF: "a trailer line ends in a bare LF (CRLF required)"
        case .chunkExtensionControl: "a control character in a chunk extension"
        case .chunkFramingTooLong(let limit): "chunk framing longer than \(limit) bytes in all (chunks too small)"
        case .chunkExtensionTooLong(let limit): "a chunk extension longer than \(limit) bytes"
        }
    }
}
