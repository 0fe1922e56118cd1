import Foundation

/// The Swedish messages of a body that did not decode (``DecodingFacts``).
enum SwedishDecodingMessages {
    static func explain(_ facts: DecodingFacts) -> APIError.Explanation {
        .init(sv: what(facts), why: why(facts), fix: fix(facts))
    }

    /// `vid results[0].title`, `på översta nivån`, or `(kodningssökvägen är okänd)`.
    private static func place(_ facts: DecodingFacts) -> String {
        switch facts.path {
        case nil: return "(kodningssökvägen är okänd: Foundation angav ingen)"
        case ""?: return "på översta nivån"
        case let path?: return "vid `\(path)`"
        }
    }

    private static func what(_ facts: DecodingFacts) -> String {
        let source = facts.url == nil && facts.status == nil ? "JSON-datan" : "Svaret"
        let answer = source + (facts.url.map { " från \($0)" } ?? "") + (facts.status.map { " (\($0))" } ?? "")
        let found =
            facts.foundKind.map { kind in ", hittade " + name(kind) + (facts.foundText.map { " \($0)" } ?? "") } ?? ""
        switch facts.problem {
        case .emptyBody: return "\(answer) var tomt där ett JSON-innehåll förväntades"
        case .html:
            let page = SwedishHTTPMessages.describe(title: facts.htmlTitle, words: facts.htmlWords ?? "")
            return "\(answer) är en HTML-sida, inte JSON: \(page)"
        case .notJSON: return "\(answer) är inte JSON: det börjar \(facts.foundText ?? "")"
        case .typeMismatch:
            return
                "\(answer) kunde inte avkodas \(place(facts)): förväntade \(facts.expected ?? "en annan typ")\(found)"
        case .valueNotFound:
            return
                "\(answer) kunde inte avkodas \(place(facts)): förväntade \(facts.expected ?? "ett värde"), hittade null"
        case .keyNotFound:
            let container: String
            switch facts.path {
            case nil: container = "(kodningssökvägen är okänd: Foundation angav ingen)"
            case ""?: container = "i objektet på översta nivån"
            case let path?: container = "i objektet vid `\(path)`"
            }
            return "\(answer) kunde inte avkodas: nyckeln \"\(facts.key ?? "?")\" saknas \(container)"
        case .dataCorrupted:
            var text = "\(answer) kunde inte avkodas \(place(facts)): \(facts.detail ?? "datan är inte giltig")"
            if facts.path == nil, let key = facts.fixKey, let value = facts.foundText {
                text += "; innehållets \"\(key)\" har \(value)"
            } else if let value = facts.foundText {
                text += " (hittade \(value))"
            }
            return text
        case .other:
            return
                "\(answer) kunde inte avkodas: \(facts.raw ?? facts.detail ?? "innehållet har inte det förväntade formatet")"
        }
    }

    private static func why(_ facts: DecodingFacts) -> String {
        switch facts.fix {
        case .convertFromSnakeCase?:
            return "JSON kallar den \"\(facts.fixKey ?? "")\" (snake_case), och modellens egenskap heter "
                + "`\(facts.key ?? "")` (camelCase)"
        case .codingKeys?:
            return "JSON stavar den \"\(facts.fixKey ?? "")\", modellen `\(facts.key ?? "")`"
        case .snakeCaseTwice?:
            return "Innehållet har \"\(facts.key ?? "")\", men avkodarens `.convertFromSnakeCase` döper om JSON:s "
                + "nycklar till camelCase (\"\(facts.fixKey ?? "")\") innan `CodingKeys` matchas, så ett "
                + "`CodingKeys`-fall stavat \"\(facts.key ?? "")\" matchar aldrig"
        case .wrapper?:
            return "Svaret är ett objekt som har arrayen i sitt fält \"\(facts.fixKey ?? "")\""
        case .decodeArray?: return "Svaret är en array, och modellen förväntar sig ett objekt"
        case .optional?:
            return facts.problem == .valueNotFound
                ? "Servern skickade null, och modellens egenskap är inte optional"
                : "Servern skickade inte den här nyckeln, och modellen kräver den"
        case .numberInString?: return "Servern skickar det här talet som en sträng"
        case .dateStrategy?:
            return "Det är ett datum i formatet \(facts.dateFormat ?? ""), och avkodarens `dateDecodingStrategy` "
                + "läser inte det formatet (standard är sekunder sedan 2001)"
        case .changeType?: return "Modellens typ för det här värdet skiljer sig från det servern skickar"
        case .checkURL?:
            switch facts.problem {
            case .html: return "En webbsida kom tillbaka: URL:en pekar på en webbplats eller en felsida, inte på API:et"
            case .emptyBody: return "Servern skickade inget innehåll (till exempel en 204, eller en 200 från fel route)"
            default: return "Innehållet är inte JSON: URL:en pekar på något som inte är det här API:et"
            }
        case nil:
            return facts.problem == .other
                ? "Innehållet stämmer inte med modellen"
                : "Modellen och den JSON servern skickar är oense på det här stället"
        }
    }

    private static func fix(_ facts: DecodingFacts) -> String {
        let key = facts.key ?? "property"
        switch facts.fix {
        case .convertFromSnakeCase?:
            return "Sätt `decoder.keyDecodingStrategy = .convertFromSnakeCase` på den `JSONDecoder` du skickar som "
                + "`APIClient.Options(decoder:)`, eller lägg till `CodingKeys` med `case \(key) = \"\(facts.fixKey ?? "")\"`"
        case .codingKeys?:
            return "Lägg till `CodingKeys` i modellen med `case \(key) = \"\(facts.fixKey ?? "")\"`"
        case .snakeCaseTwice?:
            return "Skriv `case \(facts.fixKey ?? key)` i `CodingKeys`, utan `= \"\(key)\"` (eller ta bort "
                + "`.convertFromSnakeCase` och behåll `CodingKeys`)"
        case .wrapper?:
            let field = facts.fixKey ?? "results"
            return "Avkoda en omslagstyp uppkallad efter fältet, `struct \(typeName(field))Response: Decodable { let "
                + "\(field): [YourModel] }`, och använd dess `\(field)`"
        case .decodeArray?: return "Avkoda en array: `Endpoint<[YourModel]>`"
        case .optional?:
            return
                "Om servern kan utelämna den, deklarera den som optional (`let \(key): \(facts.expected ?? "Type")?`) "
                + "eller ge den ett standardvärde i `init(from:)`; om den måste finnas, kontrollera stavningen"
        case .numberInString?:
            return "Deklarera `\(key)` som `String` och konvertera den med `Double(_:)`, eller avkoda den i en egen "
                + "`init(from:)`"
        case .dateStrategy?:
            let strategy: String
            switch facts.dateFormat {
            case "ISO-8601"?: strategy = "`decoder.dateDecodingStrategy = .iso8601`"
            case "yyyy-MM-dd"?:
                strategy =
                    "`decoder.dateDecodingStrategy = .formatted(formatter)` med en `DateFormatter` vars "
                    + "`dateFormat` är \"yyyy-MM-dd\" och `locale` är `en_US_POSIX`"
            case "milliseconds since 1970"?: strategy = "`decoder.dateDecodingStrategy = .millisecondsSince1970`"
            default: strategy = "`decoder.dateDecodingStrategy = .secondsSince1970`"
            }
            return "Sätt \(strategy) på den `JSONDecoder` du skickar som `APIClient.Options(decoder:)`"
        case .changeType?:
            let found = facts.foundKind.map { " (servern skickar " + name($0) + ")" } ?? ""
            return "Ändra typen för `\(key)` till det servern skickar\(found), eller konvertera den i `init(from:)`"
        case .checkURL?:
            return facts.problem == .emptyBody
                ? "Använd `Endpoint<Void>` om ändpunkten svarar utan innehåll; kontrollera annars URL:en"
                : "Kontrollera bas-URL:en och ändpunktens sökväg (öppna URL:en i en webbläsare eller med curl)"
        case nil:
            return "Jämför modellen med innehållet (`APIError.responseBody`) på det stället och ändra modellen "
                + "(en typ, en optional, `CodingKeys`) så att den stämmer"
        }
    }

    /// The kind of a JSON value, in Swedish, with its article.
    private static func name(_ kind: String) -> String {
        switch kind {
        case "null": return "null"
        case "array": return "en array"
        case "object": return "ett objekt"
        case "string": return "en sträng"
        case "number": return "ett tal"
        case "boolean", "bool": return "ett booleskt värde"
        default: return kind
        }
    }

    /// `results` → `Results`, `movie_list` → `MovieList`.
    private static func typeName(_ field: String) -> String {
        field.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }
}
