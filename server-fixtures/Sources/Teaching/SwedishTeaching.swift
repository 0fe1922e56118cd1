import Foundation

// MARK: - The teaching answers in Svenska

extension Teaching {
    /// The message in Svenska: `servern` in the definite form, `begäran` for a request, a decimal comma.
    var swedish: String {
        switch self {
        case .notFound: "Hittades inte"
        case .notFoundWithoutAPI(let sent, let command):
            "Hittades inte: ingen rutt matchar \(sent). Servern svarar bara på sina inbyggda API:er (se / och /docs): "
                + "starta den med --api FOLDER för att servera ditt eget API, t.ex. \(command)."
        case .didYouMean(let sent, let meant, let methods):
            "Hittades inte: ingen rutt matchar \(sent). Menade du \(meant)? Den svarar på \(methods)."
        case .dropRoot(let sent, let meant, let dropped, let start, let methods):
            "Hittades inte: ingen rutt matchar \(sent). Menade du \(meant)? Ta bort \(dropped) i början: rutten "
                + "börjar vid \(start). Den svarar på \(methods)."
        case .addRoot(let sent, let meant, let prefix, let methods):
            "Hittades inte: ingen rutt matchar \(sent). Menade du \(meant)? Rutten ligger under \(prefix)/: lägg "
                + "till \(prefix) först. Den svarar på \(methods)."
        case .methodNotAllowed(let method, let path, let allowed):
            "Metoden är inte tillåten: \(method) \(path). Den här sökvägen svarar på \(allowed) (se headern Allow)."
        case .wrongFieldType(let field, let sent, let collection, let expected, let example):
            "Fältet \(field) är \(Self.swedish(sent)), men de andra posterna i \(collection) har "
                + "\(Self.swedish(expected)) där (t.ex. \(example)). Skicka \(Self.swedish(expected)) eller null."
        case .orderNeedsSort: "_order kräver _sort, t.ex. _sort=year&_order=desc"
        case .unknownOperator(let word, let parameter, let known):
            "Okänd operator \(word) i \(parameter); använd en av \(known)"

        case .methodNotImplemented: "Metoden är inte implementerad"
        case .readOnly(let method, let path, let allowed):
            "\(method) \(path) skulle ändra data, och den här servern körs med --read-only "
                + "(FixtureServer.Options.readOnly): den svarar på \(allowed). Starta om den utan --read-only för att "
                + "kunna skriva."
        case .staticFileMethod(let method, let path):
            "\(method) \(path) är en statisk fil (--static): den svarar bara på GET och HEAD"
        case .preconditionExists: "Förhandsvillkoret uppfylldes inte: resursen finns redan (If-None-Match: *)"
        case .preconditionChanged: "Förhandsvillkoret uppfylldes inte: resursen har ändrats"

        case .bodyNotJSON(let line, let problem):
            "Kroppen är inte JSON (rad \(line): \(Self.swedish(problem))); skicka ett JSON-objekt, t.ex. "
                + "{\"title\": \"New\"}"
        case .bodyNotObject(let kind):
            "Kroppen måste vara ett JSON-objekt, inte \(Self.swedish(kind)), t.ex. {\"title\": \"New\"}"
        case .invalidID: "id måste vara ett heltal eller en sträng på 1 till 200 tecken utan / och kontrolltecken"
        case .alreadyExists(let collection, let id):
            "\(collection)/\(id) finns redan; PUT /\(collection)/\(id) ersätter den"
        case .noNextID(let collection, let largest):
            "\(collection) har redan största möjliga id (\(largest)), så inget nästa id kan skapas; skicka ett id i "
                + "kroppen"
        case .idMismatch(let sent, let id):
            "Id:t i kroppen (\(sent ?? "varken ett heltal eller en vanlig sträng")) är inte \(id); utelämna id eller "
                + "skicka \(id)"
        case .deleteReadsOnlyDependent(let collection, let parameter):
            "DELETE /\(collection)/:id läser bara _dependent (t.ex. _dependent=reviews), inte \(parameter)"
        case .noDependentCollection(let name, let suggestion):
            "_dependent=\(name): det finns ingen samling \(name).\(Self.swedishHint(suggestion))"
        case .itemReadsOnlyLinks(let collection, let parameter):
            "GET /\(collection)/:id läser bara _embed och _expand, inte \(parameter); filter hör hemma på "
                + "GET /\(collection)"
        case .itemNotFound(let collection, let id):
            "\(collection)/\(id) hittades inte. GET /\(collection) listar de id:n som finns."

        case .noLink(let parameter, let name, let collection, let suggestion, let options):
            "\(parameter)=\(name): ingen samling \(name) pekar på \(collection), och ingen post i \(collection) pekar "
                + "på en \(name) (json-servers regel: en review pekar på en movie med movieId)."
                + "\(Self.swedishHint(suggestion)) Möjliga här: "
                + (options.isEmpty ? "inga" : options.joined(separator: ", "))

        case .searchLength: "q (fritextsökning) måste vara 1 till 200 tecken, t.ex. q=island"
        case .unknownParameter(let name, let suggestion, let reserved):
            "Okänd parameter \(name).\(Self.swedishHint(suggestion)) Kända: q, \(reserved.joined(separator: ", ")) "
                + "och filter som field=value, field_gte=, field:lt=, field_like="
        case .dependentOnGet(let collection): "_dependent hör till DELETE /\(collection)/:id, inte till en GET"
        case .perPageWithLimit: "_per_page (sidor i v1) och _limit (sidor i v0.17) kan inte kombineras; välj en"
        case .pageWithSlice:
            "_page kan inte kombineras med _start eller _end; använd _page med _limit, eller ett utsnitt"
        case .endBeforeStart(let end, let start): "_end (\(end)) ligger före _start (\(start))"
        case .notWholeNumber(let parameter, let lowest, let highest, let value):
            "\(parameter) måste vara ett heltal från \(lowest) till \(highest), inte \"\(value)\""
        case .namesCount(let parameter):
            "\(parameter) behöver 1 till 10 namn, t.ex. \(parameter)=reviews eller \(parameter)=movie"
        case .sortFieldCount: "_sort tar 1 till 8 fält, t.ex. _sort=year,-rating"
        case .orderWords: "_order måste vara asc eller desc, en per _sort-fält, t.ex. _sort=year,title&_order=desc,asc"
        case .sortFieldNotPath(let field): "_sort-fältet \"\(field)\" är ingen fältsökväg"
        case .filterNotPath(let parameter): "\(parameter) är ingen fältsökväg (skriv field, field.sub eller field[0])"
        case .valueTooLong(let parameter): "\(parameter): ett värde är längre än 1000 tecken"
        case .unsupportedPattern(let parameter, let problem):
            "\(parameter): mönstret \(Self.swedish(problem)); se delmängden för _like i README"
        case .comparisonNeedsValue(let parameter): "\(parameter) behöver ett värde, t.ex. \(parameter)=10"
        case .comparisonNeedsNumber(let parameter, let value, let path):
            "\(parameter)=\(value): \(path) innehåller tal här; skicka ett tal, t.ex. \(parameter)=7"
        case .noSuchField(let parameter, let path, let suggestion, let fields):
            "\(parameter): ingen post har fältet \(path).\(Self.swedishHint(suggestion)) Fält: "
                + fields.joined(separator: ", ")

        case .mockCodeInvalid: "X-Mock-Response-Code måste vara en statuskod från 100 till 599, t.ex. 404"
        case .noMockExample(let name, let status, let method, let pattern, let examples):
            "Inget exempel "
                + [name.map { "med namnet \"\($0)\"" }, status.map { "med status \($0)" }].compactMap { $0 }
                .joined(separator: " och ")
                + " för \(method) \(pattern); det finns: " + Self.examples(examples, quote: ("\"", "\""))
        case .noMockMatch(let method, let pattern): "Inget exempel för \(method) \(pattern) matchar den här begäran"

        case .cannotForward(let path, let upstream):
            "Kan inte vidarebefordra \(path) till \(upstream): det blir ingen giltig URL"
        case .recordingFailed(let method, let place, let reason):
            "Inspelning: \(method) \(place) misslyckades (\(reason ?? "inget svar")). Kontrollera att URL:en för "
                + "--record är rätt och går att nå; inget sparades."

        case .unsafeResponseHead: "Internt serverfel: svaret hade ett header-fält som inte kan skrivas säkert"
        case .tooManyConnections: "För många anslutningar"
        case .unreadableRequest(let error):
            switch error {
            case .badRequest(let problem): "Felaktig begäran: \(Self.swedish(problem))"
            case .headerTooLarge: "Begärans header-fält är för stora"
            case .notImplemented(let coding): "Överföringskodningen är inte implementerad: \(coding)"
            case .payloadTooLarge: "Innehållet är för stort"
            case .versionNotSupported: "HTTP-versionen stöds inte"
            }

        case .inspectorAllowed(let methods): "Tillåtna metoder: \(methods)."
        case .inspectorChallenge(let challenge): "Servern ber om: \(challenge)."
        case .inspectorNoReason(let status, let phrase): "\(status) \(phrase), utan någon orsak i kroppen."
        }
    }

    /// " Menade du X?" after a sentence, or nothing.
    private static func swedishHint(_ suggestion: String?) -> String {
        suggestion.map { " Menade du \($0)?" } ?? ""
    }

    /// What a `_like` pattern does outside the subset, after "mönstret".
    static func swedish(_ problem: PatternProblem) -> String {
        switch problem {
        case .tooLong(let limit): "är längre än \(limit) tecken"
        case .unmatchedClose: "har en ) utan motsvarande ("
        case .nestedTooDeep(let limit): "nästlar grupper djupare än \(limit)"
        case .lazyQuantifier: "använder en lat kvantifierare (??, *?, +?)"
        case .countedRepetition: "använder {m,n}-upprepning, som inte stöds (använd * + ?)"
        case .nothingToRepeat(let mark): "har \(mark) utan något före att upprepa"
        case .lookaround: "använder lookaround eller en namngiven grupp, som inte stöds"
        case .unclosedGroup: "har en ( som aldrig stängs"
        case .loneBackslash: "slutar med ett ensamt \\"
        case .unsupportedEscape(let letter):
            "använder \\\(letter), som inte stöds (\\d \\w \\s och \\ före skiljetecken stöds)"
        case .namedClassInClass(let letter): "använder \\\(letter) inuti [ ], vilket inte stöds"
        case .rangeEndsInNamedClass(let letter):
            "har ett intervall som slutar med \\\(letter) inuti [ ], vilket inte stöds"
        case .rangeOutOfOrder(let low, let high): "har intervallet [\(low)-\(high)] i fel ordning"
        case .unclosedClass: "har en [ som aldrig stängs"
        }
    }

    /// What the JSON reader found wrong.
    static func swedish(_ problem: JSONSyntaxError.Problem) -> String {
        switch problem {
        case .textAfterValue: "oväntad text efter JSON-värdet"
        case .unexpectedEnd: "oväntat slut"
        case .unexpectedEndInObject: "oväntat slut inuti ett objekt"
        case .unexpectedEndInArray: "oväntat slut inuti en array"
        case .unexpectedCharacter: "oväntat tecken"
        case .invalidLiteral(let expected): "ogiltig literal (väntade \(expected))"
        case .nestedTooDeep(let limit): "nästlat djupare än \(limit) nivåer"
        case .expectedMemberName: "väntade ett medlemsnamn"
        case .expectedColon: "väntade ':'"
        case .expectedCommaOrBrace: "väntade ',' eller '}'"
        case .expectedCommaOrBracket: "väntade ',' eller ']'"
        case .duplicateMember(let name): "medlemmen \"\(name)\" finns två gånger"
        case .invalidSurrogatePair: "ogiltigt surrogatpar"
        case .invalidUnicodeEscape: "ogiltig \\u-escape"
        case .invalidEscape: "ogiltig escape i en sträng"
        case .controlCharacterInString: "kontrolltecken i en sträng (använd \\n)"
        case .unterminatedString: "strängen tar aldrig slut"
        case .leadingZero: "inledande nolla i ett tal"
        case .digitsAfterPoint: "siffror väntades efter '.'"
        case .digitsInExponent: "siffror väntades i exponenten"
        case .invalidNumber: "ogiltigt tal"
        case .numberOutOfRange(let text):
            "talet är utanför intervallet (\(text)): bortom ±1,8e308, som JSON-tal här inte rymmer"
        }
    }

    /// What is malformed in a request the parser refused, after "Felaktig begäran:".
    static func swedish(_ problem: HTTPParseError.Problem) -> String {
        switch problem {
        case .emptyRequest: "tom begäran"
        case .malformedRequestLine: "felformad begäransrad"
        case .invalidMethod: "ogiltig metod"
        case .invalidTarget: "ogiltigt request-target"
        case .invalidVersion: "ogiltig HTTP-version"
        case .asteriskNotOptions: "* är ett request-target bara för OPTIONS"
        case .targetNotAbsolutePath: "request-target måste börja med /"
        case .invalidPercentEncoding: "ogiltig procentkodning i sökvägen"
        case .headerWithoutColon: "header-rad utan kolon"
        case .invalidHeaderName: "ogiltigt header-namn"
        case .invalidHeaderValue: "ogiltigt header-värde"
        case .invalidContentLength: "ogiltig Content-Length"
        case .duplicateHost: "mer än en Host-header"
        case .missingHost: "Host-header saknas"
        case .invalidHost: "ogiltig Host-header"
        case .lengthAndChunked: "både Transfer-Encoding och Content-Length"
        case .chunkedInHTTP10: "Transfer-Encoding i en HTTP/1.0-begäran"
        case .chunkedNotLast: "Transfer-Encoding måste sluta med chunked, en gång"
        case .malformedChunkSize: "felformad chunk-storlek"
        case .chunkSizeBareLF: "en rad med chunk-storlek slutar med ett ensamt LF (CRLF krävs)"
        case .chunkSizeLoneCR: "ett CR i en rad med chunk-storlek följs inte av LF"
        case .chunkDataWithoutCRLF: "chunk-data följs inte av CRLF"
        case .trailerLoneCR: "ett CR i en trailer-rad följs inte av LF"
        case .trailerBareLF: "en trailer-rad slutar med ett ensamt LF (CRLF krävs)"
        case .chunkExtensionControl: "ett kontrolltecken i ett chunk-tillägg"
        case .chunkFramingTooLong(let limit): "chunk-inramningen är längre än \(limit) byte totalt (för små chunks)"
        case .chunkExtensionTooLong(let limit): "ett chunk-tillägg längre än \(limit) byte"
        }
    }

    /// A JSON kind with its article in Svenska: "ett tal", "en sträng", "en array".
    static func swedish(_ kind: JSONKind) -> String {
        switch kind {
        case .null: "null"
        case .boolean: "ett booleskt värde"
        case .number: "ett tal"
        case .string: "en sträng"
        case .array: "en array"
        case .object: "ett objekt"
        }
    }
}
