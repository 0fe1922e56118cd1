import Foundation

/// The Swedish messages of a request that could not be built (``RequestProblem``): nothing was sent.
enum SwedishRequestMessages {
    static func explain(_ problem: RequestProblem) -> APIError.Explanation {
        let base = problem.baseURL ?? ""
        let notBuilt = "Begäran kunde inte byggas, så inget skickades: "
        switch problem.kind {
        case .baseURLWithoutScheme:
            return .init(
                sv: notBuilt + "bas-URL:en \"\(base)\" saknar schema",
                why: "En bas-URL måste börja med `http://` eller `https://`; utan det läses \"\(base)\" inte som en "
                    + "värd och en port (`localhost:8090/` läses som schemat `localhost`)",
                fix: "Skriv bas-URL:en med sitt schema, till exempel `URL(string: \"http://\(base)\")`")
        case .baseURLScheme:
            return .init(
                sv: notBuilt + "bas-URL:en \"\(base)\" har schemat \"\(problem.scheme ?? "")\"",
                why: "Klienten skickar bara `http://`- och `https://`-URL:er",
                fix: "Rätta schemat i bas-URL:en till `http` (en lokal utvecklingsserver) eller `https`")
        case .baseURLHostSpace:
            return .init(
                sv: notBuilt + "värden \"\(problem.host ?? "")\" i bas-URL:en \"\(base)\" innehåller ett mellanslag",
                why: "Ett värdnamn kan inte innehålla mellanslag",
                fix: "Ta bort mellanslaget från värden i bas-URL:en")
        case .noURL:
            return .init(
                sv: notBuilt + "ingen giltig http(s)-URL kan bildas för \(problem.target ?? "ändpunkten")",
                why: "Ändpunktens URL eller sökväg är inte giltig som den är skriven",
                fix: "Rätta ändpunktens sökväg eller URL i den anropande koden (en absolut URL måste börja med "
                    + "`http://` eller `https://`)")
        case .fragmentInPath:
            return .init(
                sv: notBuilt + "ändpunktens sökväg \"\(problem.shown ?? "")\" innehåller \"#\", som inleder ett "
                    + "URL-fragment",
                why: "Ett fragment skickas aldrig till servern, så allt från \"#\" och framåt skulle gå förlorat",
                fix: "Om \"#\" är en del av ett värde, skicka värdet som ett frågeobjekt "
                    + "(`query: [URLQueryItem(name: \"q\", value: \"c#\")]` skickar det som %23) eller skriv %23 i "
                    + "sökvägen; om det är ett fragment, ta bort det")
        case .bodyNeedsMainActor:
            return .init(
                sv: notBuilt + "dess innehåll kodades inte",
                why: "Innehållets modell tillhör huvudaktören (main actor), och anropet gjordes inte där",
                fix: "Skicka begäran från huvudaktören, eller gör innehållets modell `nonisolated` och `Sendable`")
        case .tokenOffOrigin:
            return .init(
                sv: "Begäran skickades inte: dess token skickas bara till \(problem.host ?? "API:ets värd")",
                why: "Ändpunktens URL ligger på en annan värd än bas-URL:en, och en token lämnar aldrig sitt ursprung",
                fix: "Använd en sökväg under bas-URL:en för ändpunkter som kräver behörighet, eller en klient vars "
                    + "bas-URL är den värden")
        case .multipartBoundary:
            return .init(
                sv: notBuilt
                    + "en del av multipart-formuläret innehåller dess avgränsare \"\(problem.boundary ?? "")\"",
                why: "En avgränsare får aldrig förekomma i en dels innehåll",
                fix: "Använd en annan avgränsare (den slumpmässiga standardavgränsaren förekommer aldrig av en slump)")
        case .hookFailed:
            return .init(
                sv: "Begäran skickades inte: en `RequestHook` misslyckades (\(problem.detail ?? "ingen orsak angavs"))",
                why: "En `RequestHook` kastade ett fel, vilket avslutar anropet innan något skickas",
                fix: "Rätta din `RequestHook`, eller kasta ett `APIError` från den för att säga varför")
        case .bodyNotFiniteNumber:
            let place = problem.path.map { " vid `\($0)`" } ?? ""
            return .init(
                sv: notBuilt + "begärans innehåll har \(problem.value ?? "nan")\(place)",
                why: "JSON kan inte innehålla NaN eller oändligheten",
                fix: "Skicka ett ändligt tal där, eller utelämna värdet (en optional som är `nil`)")
        case .bodyNotEncodable:
            let place = problem.path.map { " vid `\($0)`" } ?? ""
            return .init(
                sv: notBuilt + "begärans innehåll kunde inte kodas som JSON\(place) "
                    + "(\(problem.detail ?? "ingen orsak angavs"))",
                why: "Innehållets `Encodable`-implementation kastade ett fel, eller så har det ett värde som JSON "
                    + "inte kan representera",
                fix: "Rätta innehållets modell eller dess `encode(to:)` på det stället")
        }
    }
}
